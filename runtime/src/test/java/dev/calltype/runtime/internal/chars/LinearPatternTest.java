package dev.calltype.runtime.internal.chars;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The linear matcher of template patterns finds the match Python's {@code re} (with {@code DOTALL}) finds, and in a
 * stream answers only what no continuation of the text can change. The expected spans are those {@code re.search}
 * and {@code re.match} give for the same pattern and text.
 */
class LinearPatternTest {

    private static String found(String regex, String text) {
        LinearPattern.Match m = LinearPattern.compile(regex).search(text, 0, text.length(), true);
        return m.matched() ? text.substring(m.start(), m.end()) : null;
    }

    @Test
    void leftmostThenTheFirstAlternativeAsABacktrackingEngineTriesIt() {
        assertThat(found("a|ab", "xab")).isEqualTo("a");
        assertThat(found("ab|a", "xab")).isEqualTo("ab");
        assertThat(found("b+", "abbbcbb")).isEqualTo("bbb");
        assertThat(found("<x>.*</x>", "<x>1</x><x>2</x>")).isEqualTo("<x>1</x><x>2</x>");
        assertThat(found("<x>.*?</x>", "<x>1</x><x>2</x>")).isEqualTo("<x>1</x>");
        assertThat(found("a{2,3}", "aaaa")).isEqualTo("aaa");
        assertThat(found("a{2,3}?", "aaaa")).isEqualTo("aa");
        assertThat(found("[^<]*<e>", "ab<e>")).isEqualTo("ab<e>");
        assertThat(found("\\d+\\.\\d*", "v 12.5x")).isEqualTo("12.5");
        assertThat(found(".", "\n")).isEqualTo("\n");
        assertThat(found("^a", "ba")).isNull();
        assertThat(found("a$", "aab")).isNull();
        assertThat(found("a$", "ba")).isEqualTo("a");
        assertThat(found("(?:ab)+", "ababa")).isEqualTo("abab");
        assertThat(found("[a-c\\]]+", "x]ab]z")).isEqualTo("]ab]");
    }

    @Test
    void namedGroupsAreTheSpansTheMatchGaveThem() {
        String text = "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{}";
        LinearPattern p = LinearPattern.compile(
                "<\\|channel\\|>commentary to=functions\\.(?P<name>\\w+).*?<\\|message\\|>");
        LinearPattern.Match m = p.matchAt(text, 0, text.length(), true);
        assertThat(m.matched()).isTrue();
        assertThat(m.group(text, "name")).isEqualTo("get_weather");
        assertThat(text.substring(m.end())).isEqualTo("{}");
        assertThat(p.literalPrefix()).isEqualTo("<|channel|>commentary to=functions.");
        assertThat(p.groupNames()).containsExactly("name");
        assertThat(p.entryLiterals()).containsExactly("<|channel|>commentary to=functions.");
        assertThat(LinearPattern.compile("(?:<\\|message_model\\|>)?[^<]*<\\|content_invoke_tool_json\\|>").entryLiterals())
                .containsExactly("<|message_model|>", "<|content_invoke_tool_json|>");
        assertThat(LinearPattern.compile("(?:<a>|<bb>)x").entryLiterals()).containsExactly("<a>", "<bb>");
        assertThat(LinearPattern.compile("(?:^|<think>\\s*)").entryLiterals()).isEmpty();
        assertThat(LinearPattern.compile("\\w+<x>").entryLiterals()).isEmpty();
        LinearPattern opt = LinearPattern.compile("(?P<a>x)?(?P<b>y)");
        LinearPattern.Match n = opt.matchAt("y", 0, 1, true);
        assertThat(n.group("y", "a")).isNull();
        assertThat(n.group("y", "b")).isEqualTo("y");
    }

    @Test
    void aStreamIsAnsweredOnlyWhenMoreTextCannotChangeTheAnswer() {
        LinearPattern p = LinearPattern.anyOf(List.of("END", "ENDX"));
        assertThat(p.search("hiEND", 0, 5, false).status()).isEqualTo(LinearPattern.Status.NEED_MORE);
        assertThat(p.search("hiEND", 0, 5, true).end()).isEqualTo(5);
        LinearPattern.Match m = p.search("hiEND!", 0, 6, false);
        assertThat(m.matched()).isTrue();
        assertThat(m.end()).isEqualTo(5);
        assertThat(p.search("hiENDX", 0, 6, false).end()).isEqualTo(6);
        assertThat(p.search("hi", 0, 2, false).status()).isEqualTo(LinearPattern.Status.NEED_MORE);
        assertThat(p.search("hi", 0, 2, true).status()).isEqualTo(LinearPattern.Status.NO_MATCH);
        LinearPattern greedy = LinearPattern.compile("a+");
        assertThat(greedy.matchAt("aa", 0, 2, false).status()).isEqualTo(LinearPattern.Status.NEED_MORE);
        assertThat(greedy.matchAt("aab", 0, 3, false).end()).isEqualTo(2);
        assertThat(greedy.matchAt("b", 0, 1, false).status()).isEqualTo(LinearPattern.Status.NO_MATCH);
        LinearPattern end = LinearPattern.compile("a$");
        assertThat(end.matchAt("a", 0, 1, false).status()).isEqualTo(LinearPattern.Status.NEED_MORE);
        assertThat(end.matchAt("a", 0, 1, true).matched()).isTrue();
    }

    @Test
    void whatCouldBacktrackIsRefusedWithTheReason() {
        assertThatThrownBy(() -> LinearPattern.compile("(a)\\1")).hasMessageContaining("back-references");
        assertThatThrownBy(() -> LinearPattern.compile("(?P<n>a)(?P=n)")).hasMessageContaining("back-references");
        assertThatThrownBy(() -> LinearPattern.compile("a(?=b)")).hasMessageContaining("lookaround");
        assertThatThrownBy(() -> LinearPattern.compile("(?<!a)b")).hasMessageContaining("lookaround");
        assertThatThrownBy(() -> LinearPattern.compile("(?i)a")).hasMessageContaining("inline flags");
        assertThatThrownBy(() -> LinearPattern.compile("(?>a)")).hasMessageContaining("atomic");
        assertThatThrownBy(() -> LinearPattern.compile("a++")).hasMessageContaining("possessive");
        assertThatThrownBy(() -> LinearPattern.compile("\\bword")).hasMessageContaining("word boundaries");
        assertThatThrownBy(() -> LinearPattern.compile("a{1001}")).hasMessageContaining("1000");
        assertThatThrownBy(() -> LinearPattern.compile("(a")).hasMessageContaining("missing ')'");
        assertThatThrownBy(() -> LinearPattern.compile("*a")).hasMessageContaining("nothing to repeat");
        assertThatThrownBy(() -> LinearPattern.compile("(".repeat(40) + ")".repeat(40))).hasMessageContaining("nested");
        assertThatThrownBy(() -> LinearPattern.compile("x".repeat(2001))).hasMessageContaining("2000");
    }

    @Test
    void aPatternThatBacktrackingEnginesTakeExponentialTimeOnIsReadOnce() {
        // (a*)*b over a run of a's: a backtracking engine tries 2^n ways; the machine's states are a handful
        String text = "a".repeat(100_000);
        LinearPattern p = LinearPattern.compile("(a*)*b");
        assertThat(p.search(text, 0, text.length(), true).status()).isEqualTo(LinearPattern.Status.NO_MATCH);
        assertThat(LinearPattern.compile("(a|aa)+$").matchAt(text, 0, text.length(), true).matched()).isTrue();
    }
}
