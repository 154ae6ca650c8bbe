package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnippetTest {

    @Test
    void snippetsAreOneBoundedLineWithControlCharactersEscaped() {
        assertThat(Snippet.of("line one\r\nline\ttwo\u0000")).isEqualTo("line one line two\\u0000");
        assertThat(Snippet.of("x".repeat(500))).hasSize(Snippet.MAX + 1).endsWith("…");
        assertThat(Snippet.of(null)).isEmpty();
    }
}
