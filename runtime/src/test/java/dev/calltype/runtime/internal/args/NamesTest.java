package dev.calltype.runtime.internal.args;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void camelSnakeKebabDottedAndSpacedSpellingsFoldToOneName() {
        assertThat(Names.fold("getWeather")).isEqualTo("getweather");
        assertThat(Names.fold("get_weather")).isEqualTo("getweather");
        assertThat(Names.fold("GET-WEATHER")).isEqualTo("getweather");
        assertThat(Names.fold("get.weather")).isEqualTo("getweather");
        assertThat(Names.fold("get weather")).isEqualTo("getweather");
    }

    @Test
    void foldingLowersEveryCharacterOnItsOwnSoGreekSigmaMatchesInAnyPosition() {
        assertThat(Names.fold("ΑΣ")).isEqualTo(Names.fold("ασ"));
        assertThat(Names.fold("Wetter_Über")).isEqualTo("wetterüber");
    }

    @Test
    void distanceCountsSingleCharacterInsertionsDeletionsAndSubstitutions() {
        assertThat(Names.distance("weather", "weather")).isZero();
        assertThat(Names.distance("wether", "weather")).isEqualTo(1);
        assertThat(Names.distance("weathr", "weather")).isEqualTo(1);
        assertThat(Names.distance("waether", "weather")).isEqualTo(2);
        assertThat(Names.distance("", "abc")).isEqualTo(3);
        assertThat(Names.distance("kitten", "sitting")).isEqualTo(3);
    }
}
