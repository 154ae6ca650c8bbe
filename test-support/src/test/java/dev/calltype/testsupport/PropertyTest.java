package dev.calltype.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PropertyTest {

    private static final Gen<String> TEXTS = Gen.strings(Gen.anyChar(), 20);

    @Test
    void theSameSeedDrawsTheSameValues() {
        for (long seed = 0; seed < 200; seed++) {
            assertEquals(TEXTS.next(new SplittableRandom(seed)), TEXTS.next(new SplittableRandom(seed)));
        }
    }

    @Test
    void everyBuildChecksTheSameCases() {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        Property.forAll(50, TEXTS, first::add);
        Property.forAll(50, TEXTS, second::add);
        assertEquals(first, second);
        assertEquals(50, first.size());
        assertTrue(new HashSet<>(first).size() > 40, "cases differ from one another");
    }

    @Test
    void aFailureNamesTheSeedThatReplaysTheFailingCaseFirst() {
        Gen<Integer> ints = Gen.ints(0, 1_000_000);
        AssertionError e = assertThrows(AssertionError.class,
                () -> Property.forAll(1000, ints, n -> assertTrue(n % 97 != 5, "n % 97 == 5")));
        assertTrue(e.getMessage().contains("PropertyTest#lambda$"), e.getMessage());
        Matcher seed = Pattern.compile("-Dcalltype\\.seed=([0-9a-f]+)").matcher(e.getMessage());
        assertTrue(seed.find(), e.getMessage());
        Matcher input = Pattern.compile("input: (\\d+)").matcher(e.getMessage());
        assertTrue(input.find(), e.getMessage());
        int failing = Integer.parseInt(input.group(1));
        assertEquals(5, failing % 97);
        assertEquals(failing, ints.next(new SplittableRandom(Long.parseUnsignedLong(seed.group(1), 16))));
    }

    @Test
    void numbersAndSizesReachTheirEdges() {
        Set<Integer> ints = new HashSet<>();
        Set<Integer> lengths = new HashSet<>();
        Gen<Integer> range = Gen.ints(-7, 7);
        Gen<List<Integer>> lists = range.list(2, 5);
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 500; i++) {
            ints.add(Gen.ints().next(r));
            lengths.add(lists.next(r).size());
        }
        assertTrue(ints.contains(Integer.MIN_VALUE) && ints.contains(Integer.MAX_VALUE) && ints.contains(0), "edges");
        assertEquals(Set.of(2, 3, 4, 5), lengths);
        for (int i = 0; i < 500; i++) {
            int v = range.next(r);
            assertTrue(v >= -7 && v <= 7, "in range: " + v);
        }
        assertNotEquals(Gen.longs().next(new SplittableRandom(1)), Gen.longs().next(new SplittableRandom(2)));
    }
}
