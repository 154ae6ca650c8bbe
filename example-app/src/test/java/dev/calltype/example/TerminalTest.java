package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTest {

    @Test
    void controlAndEscapeCharactersAreDroppedNewlinesAndTabsKept() {
        assertThat(Terminal.text("a\u001b[2Jb\u0007\r\nc\td\u009b\u202e")).isEqualTo("a[2Jb\nc\td");
        assertThat(Terminal.text("plain")).isSameAs("plain");
    }

    @Test
    void aLineIsOneLineAndCut() {
        assertThat(Terminal.line("line one\r\nline\ttwo\u0000", 100)).isEqualTo("line one  line two");
        assertThat(Terminal.line("x".repeat(500), 10)).isEqualTo("x".repeat(10) + "…");
        assertThat(Terminal.snippet("x".repeat(500))).hasSize(Terminal.SNIPPET + 1).endsWith("…");
        assertThat(Terminal.snippet(null)).isEmpty();
    }
}
