package dev.calltype.processor.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DocCommentsTest {

    private static final String DOC = """
             Current weather for a {@code city}, from
             the {@link WeatherApi#fetch(String) forecast service}.

             <p>Second paragraph, not a description.

             @param city the city's name, e.g.
                 {@code "Paris"}
             @param units {@link Units}
             @return the weather
            """;

    @Test
    void summaryIsTheFirstParagraphWithInlineTagsResolved() {
        assertThat(DocComments.summary(DOC)).isEqualTo("Current weather for a city, from the forecast service.");
        assertThat(DocComments.summary(" One line.\n @param x y")).isEqualTo("One line.");
        assertThat(DocComments.summary(" First. <p>Second.")).isEqualTo("First.");
        assertThat(DocComments.summary(" <b>Bold</b> &amp; {@literal <raw>}")).isEqualTo("Bold & <raw>");
        assertThat(DocComments.summary(null)).isEmpty();
        assertThat(DocComments.summary(" @return only tags")).isEmpty();
    }

    @Test
    void paramTextSpansContinuationLines() {
        assertThat(DocComments.param(DOC, "city")).isEqualTo("the city's name, e.g. \"Paris\"");
        assertThat(DocComments.param(DOC, "units")).isEqualTo("Units");
        assertThat(DocComments.param(DOC, "missing")).isEmpty();
        assertThat(DocComments.param(null, "x")).isEmpty();
    }
}
