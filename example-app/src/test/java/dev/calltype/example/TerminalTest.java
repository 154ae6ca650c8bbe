package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

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

    @Test
    void whatALibraryLogsOnTheAppsStandardErrorShowsItsEscapes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream before = System.err;
        System.setErr(Terminal.visible(new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        try {
            LoggerFactory.getLogger("ToolNameValidator").warn("invalid tool name: 'evil\u001b]0;pwned\u0007'");
            System.err.println((Object) "\u001b[2J");
        } finally {
            System.setErr(before);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .contains("invalid tool name: 'evil\\u001b]0;pwned\\u0007'", "\\u001b[2J\n").doesNotContain("\u001b");
    }
}
