package dev.calltype.example.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WorldClockTest {

    private final WorldClock clock =
            new WorldClock(Clock.fixed(Instant.parse("2025-03-14T08:30:15Z"), ZoneId.of("Europe/Paris")));

    @Test
    void currentTimeDefaultsToTheUsersZone() {
        WorldClock.ZonedTime t = clock.currentTime(Optional.empty());
        assertThat(t.zone()).isEqualTo("Europe/Paris");
        assertThat(t.localTime()).isEqualTo("2025-03-14T09:30:15");
        assertThat(t.utcOffset()).isEqualTo("+01:00");
        assertThat(t.dayOfWeek()).isEqualTo("Friday");
        assertThat(t.text()).isEqualTo("Friday 14 March 2025, 09:30 (Europe/Paris, UTC+01:00)");
    }

    @Test
    void zonesAreReadTheWayPeopleWriteThem() {
        assertThat(clock.currentTime(Optional.of("Asia/Tokyo")).localTime()).isEqualTo("2025-03-14T17:30:15");
        assertThat(clock.currentTime(Optional.of("tokyo")).zone()).isEqualTo("Asia/Tokyo");
        assertThat(clock.currentTime(Optional.of("New York")).zone()).isEqualTo("America/New_York");
        assertThat(clock.currentTime(Optional.of("asia/kolkata")).utcOffset()).isEqualTo("+05:30");
        assertThat(clock.currentTime(Optional.of("+05:30")).localTime()).isEqualTo("2025-03-14T14:00:15");
        assertThat(clock.currentTime(Optional.of("UTC")).utcOffset()).isEqualTo("+00:00");
        assertThat(clock.currentTime(Optional.of("PST")).zone()).isEqualTo("America/Los_Angeles");
        assertThat(clock.currentTime(Optional.of(" ")).zone()).isEqualTo("Europe/Paris");
    }

    @Test
    void unknownZoneIsAnErrorShowingAcceptedForms() {
        assertThatThrownBy(() -> clock.currentTime(Optional.of("Atlantis")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown time zone \"Atlantis\"; use a region id such as Europe/Paris");
    }

    @Test
    void convertTimeKeepsTheInstantAcrossDaylightSaving() {
        WorldClock.TimeConversion c = clock.convertTime(LocalDateTime.parse("2025-03-10T09:00"), "New York", "Europe/London");
        assertThat(c.from().utcOffset()).isEqualTo("-04:00");
        assertThat(c.to().localTime()).isEqualTo("2025-03-10T13:00:00");
        assertThat(c.text()).isEqualTo("Monday 10 March 2025, 09:00 (America/New_York, UTC-04:00) is "
                + "Monday 10 March 2025, 13:00 (Europe/London, UTC+00:00)");
    }
}
