package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTest {

    @Test
    void controlAndEscapeCharactersAreShownAsEscapesNewlinesAndTabsKept() {
        assertThat(Terminal.text("a\u001b[2Jb\u0007\r\nc\td\u009b\u202e\re"))
                .isEqualTo("a\\u001b[2Jb\\u0007\nc\td\\u009b\\u202e\\u000de");
        assertThat(Terminal.text("plain")).isSameAs("plain");
    }

    @Test
    void aLineIsOneLineAndCut() {
        assertThat(Terminal.line("line one\r\nline\ttwo\u0000", 100)).isEqualTo("line one  line two\\u0000");
        assertThat(Terminal.line("\u001b]0;owned\u0007", 8)).isEqualTo("\\u001b]0…");
        assertThat(Terminal.line("x".repeat(500), 10)).isEqualTo("x".repeat(10) + "…");
        assertThat(Terminal.snippet("x".repeat(500))).hasSize(Terminal.SNIPPET + 1).endsWith("…");
        assertThat(Terminal.snippet(null)).isEmpty();
    }
}
