package dev.calltype.runtime.internal.chars;

import dev.calltype.runtime.testing.CountingText;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The searches a {@link IndexedText} remembers answer exactly what a plain scan of the text answers, whatever the order
 * of the questions (rising floors, searches far ahead then near, limits that grow as a stream does), and the
 * remembered searches read each character at most once per string.
 */
class IndexedTextSearchPropertiesTest {

    private static final List<String> STRINGS = List.of("</tool_call>", "<tool_call>", "ab", "a", "```");

    private static Gen<String> texts() {
        return Gen.joined(Gen.of("<tool_call>", "</tool_call>", "a", "b", "ab", "`", "```", "\n", "\r", "x", "<", "/"),
                60);
    }

    @Test
    void rememberedSearchesAnswerAsAPlainScan() {
        Property.forAll(2000, texts(), Gen.ints(0, 1000).list(255), IndexedTextSearchPropertiesTest::answersAsAPlainScan);
    }

    private static void answersAsAPlainScan(String text, List<Integer> questions) {
        IndexedText r = new IndexedText(text);
        int floor = 0;
        int n = text.length();
        for (int k = 0; k + 2 < questions.size(); k += 3) {
            int a = questions.get(k);
            int b = questions.get(k + 1);
            int which = questions.get(k + 2);
            if (which % 7 == 0 && n > 0) {
                floor = Math.min(n, floor + a % 5);
                r.floor(floor);
            }
            int from = n == 0 ? 0 : floor + a % (n - floor + 1);
            int limit = Math.min(n, from + b % (n + 1));
            if (which % 6 == 5) {
                int expected = Chars.scanLineBreak(text, from, limit);
                assertThat(r.nextLineBreak(from, limit)).as("line break from %d to %d in %s", from, limit, text)
                        .isEqualTo(expected);
            } else {
                String s = STRINGS.get(which % STRINGS.size());
                assertThat(r.next(s, from, limit)).as("%s from %d to %d in %s", s, from, limit, text)
                        .isEqualTo(Chars.scan(text, s, from, limit));
            }
        }
    }

    @Test
    void firstOfOverAResponseAgreesWithOnePass() {
        Property.forAll(200, texts(), Gen.ints(0, 60), (text, from) -> {
            int f = Math.min(from, text.length());
            Chars.Found plain = Chars.firstOf(text, f, text.length(), "</tool_call>", "<tool_call>", "```");
            Chars.Found remembered = Chars.firstOf(new IndexedText(text), f, text.length(), "</tool_call>", "<tool_call>",
                    "```");
            assertThat(remembered).isEqualTo(plain);
        });
    }

    /** Every step from 1 to 50. */
    @Test
    void aStringAbsentFromTheTextIsSearchedForOnce() {
        for (int step = 1; step <= 50; step++) {
            CountingText text = new CountingText(CountingText.repeat("<tool_call>", 20_000));
            IndexedText r = new IndexedText(text);
            for (int from = 0; from < text.length(); from += step) {
                r.floor(from);
                assertThat(r.next("</tool_call>", from, text.length())).as("step %d", step).isEqualTo(-1);
            }
            assertThat(text.reads()).as("step %d", step).isLessThanOrEqualTo(2L * text.length());
        }
    }
}
