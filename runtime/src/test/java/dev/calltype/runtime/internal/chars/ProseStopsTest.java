package dev.calltype.runtime.internal.chars;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The prose fast path has two implementations: a table lookup per character (streaming windows) and one
 * {@code indexOf} search per stop character (whole responses), with characters found one position before the stop
 * that follows them ({@code ]} of {@code ]<]minimax[>}) and the first search for {@code <} and {@code [} shared with
 * the reasoning-start look-ahead. They must stop at the same positions.
 */
class ProseStopsTest {

    private static final String[] MARKERS = {
        "<tool_call>", "[TOOL_CALLS]", "]<]minimax[>", ">>>", "functools", "TOOL_CALL", "Action:", "\uFF5Ctool",
    };
    private static final String ALPHABET = "]<[>{`fuTOAc:\n\r x\uFF5C";

    @Test
    void searchingEachStopCharacterStopsWhereTheLookupDoes() {
        ProseStops stops = stops();
        Random random = new Random(20261124);
        for (int n = 0; n < 20_000; n++) {
            String s = text(random, random.nextInt(48));
            int limit = random.nextInt(4) == 0 ? random.nextInt(s.length() + 1) : s.length();
            ProseStops.Cursor cursor = stops.cursor();
            for (char c : random.nextBoolean() ? new char[] {'<', '['} : new char[0]) {
                int first = s.indexOf(c);
                assertThat(cursor.first(s, c)).as("%s first %s", s, c)
                        .isEqualTo(first < 0 ? Integer.MAX_VALUE : first);
            }
            for (int from = random.nextInt(3); from < limit; ) {
                int expected = stops.skip(new StringBuilder(s), from, limit);
                assertThat(stops.skip(s, cursor, from, limit)).as("%s from %d to %d", s, from, limit)
                        .isEqualTo(expected);
                from = expected + 1 + random.nextInt(2);
            }
        }
    }

    @Test
    void aCharacterFoundBeforeItsStopIsNotSearchedButStillStops() {
        ProseStops stops = stops();
        String s = "see ]<]minimax[> and ]x and ]";
        ProseStops.Cursor cursor = stops.cursor();
        assertThat(stops.skip(s, cursor, 1, s.length())).isEqualTo(4);   // the ] before <
        assertThat(stops.skip(s, cursor, 5, s.length())).isEqualTo(5);   // the < itself
        assertThat(stops.skip(s, cursor, 6, s.length())).isEqualTo(14);  // [ of minimax[>
        assertThat(stops.skip(s, cursor, 15, s.length())).isEqualTo(s.length() - 1); // > and ]x are prose; ] ends it
        assertThat(stops.skip(s, cursor, 16, 22)).isEqualTo(21);                     // a ] where the text ends so far
        assertThat(stops.skip(new StringBuilder(s), 16, 22)).isEqualTo(21);
    }

    private static String text(Random random, int length) {
        StringBuilder b = new StringBuilder(length);
        while (b.length() < length) {
            if (random.nextInt(6) == 0) {
                String m = MARKERS[random.nextInt(MARKERS.length)];
                b.append(m, 0, 1 + random.nextInt(m.length()));
            } else {
                b.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return b.toString();
    }

    private static ProseStops stops() {
        return new ProseStops(List.of(MARKERS));
    }
}
