package dev.calltype.processor.generation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How generated code writes its string constants. */
class ConstantsTest {

    @Test
    void plainTextIsQuotedAsItIs() {
        assertThat(Constants.quoted("{\"a\":1}")).isEqualTo("\"{\\\"a\\\":1}\"");
        assertThat(Constants.quoted("café ☕")).isEqualTo("\"café ☕\"");
    }

    @Test
    void backslashesControlCharactersAndSurrogatesAreEscaped() {
        assertThat(Constants.quoted("a\\b\n\r\t\u0001\u007f")).isEqualTo("\"a\\\\b\\n\\r\\t\\u0001\\u007f\"");
        assertThat(Constants.quoted("\uD83D\uDE00 \uD800")).isEqualTo("\"\\ud83d\\ude00 \\ud800\"");
        // a backslash before a u stays two backslashes, so javac never reads a Unicode escape into it
        assertThat(Constants.quoted("\\u0041")).isEqualTo("\"\\\\u0041\"");
    }

    @Test
    void aLiteralLongerThanAClassFileConstantIsJoinedFromPieces() {
        String text = "x".repeat(20_000);
        String code = Constants.literal(text).toString();
        assertThat(code).contains("String.join(\"\",");
        assertThat(code.replaceAll("[^x]", "")).hasSize(20_000);
    }
}
