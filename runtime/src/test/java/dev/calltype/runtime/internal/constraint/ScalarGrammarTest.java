package dev.calltype.runtime.internal.constraint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.WireFormat;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The integer ranges {@link ScalarGrammar} writes hold exactly the integers in range, as JSON writes them; and the
 * grammars stay linear in the size of the tools.
 */
class ScalarGrammarTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A range expression (literals, classes, repetition, groups, alternatives) as a Java pattern. */
    private static Pattern pattern(String gbnf) {
        return Pattern.compile(gbnf.replace("\"", "").replace(" ", ""));
    }

    @Test
    void integerRangesHoldExactlyTheIntegersInRange() {
        Random random = new Random(35);
        List<long[]> ranges = new ArrayList<>(List.of(new long[]{0, 0}, new long[]{-1, 1}, new long[]{1, 9},
                new long[]{-3, 250}, new long[]{7, 1234}, new long[]{-1000, -10}, new long[]{99, 101},
                new long[]{Integer.MIN_VALUE, Integer.MAX_VALUE}));
        for (int i = 0; i < 200; i++) {
            long a = random.nextInt(20000) - 10000;
            ranges.add(new long[]{a, a + random.nextInt(random.nextBoolean() ? 30 : 5000)});
        }
        for (long[] r : ranges) {
            Pattern p = pattern(ScalarGrammar.range(BigInteger.valueOf(r[0]), BigInteger.valueOf(r[1])));
            List<Long> probes = new ArrayList<>(List.of(r[0] - 1, r[0], r[0] + 1, r[1] - 1, r[1], r[1] + 1, 0L, -1L,
                    1L, r[0] * 10, r[1] * 10 + 9));
            for (int i = 0; i < 200; i++) {
                probes.add(r[0] - 100 + (long) (random.nextDouble() * (r[1] - r[0] + 200)));
            }
            for (long n : probes) {
                boolean in = n >= r[0] && n <= r[1];
                assertThat(p.matcher(Long.toString(n)).matches()).as("%d in [%d, %d]", n, r[0], r[1]).isEqualTo(in);
            }
            // no leading zeros, no "-0", no "+"
            assertThat(p.matcher("00").matches()).isFalse();
            assertThat(p.matcher("-0").matches()).isFalse();
            assertThat(p.matcher("+1").matches()).isFalse();
        }
        assertThat(ScalarGrammar.range(BigInteger.TEN, BigInteger.ONE)).isNull();
    }

    @Test
    void anIntegerWithoutBoundsIsAnIntAndExclusiveBoundsAreKept() throws Exception {
        Pattern plain = pattern(ScalarGrammar.integer(JSON.readTree("{\"type\": \"integer\"}")));
        assertThat(plain.matcher("2147483647").matches()).isTrue();
        assertThat(plain.matcher("2147483648").matches()).isFalse();
        assertThat(plain.matcher("-2147483648").matches()).isTrue();
        Pattern wide = pattern(ScalarGrammar.integer(JSON.readTree("{\"type\": \"integer\", \"format\": \"int64\"}")));
        assertThat(wide.matcher("9223372036854775807").matches()).isTrue();
        assertThat(wide.matcher("9223372036854775808").matches()).isFalse();
        Pattern ex = pattern(ScalarGrammar.integer(JSON.readTree(
                "{\"type\": \"integer\", \"exclusiveMinimum\": -3, \"exclusiveMaximum\": 2.5}")));
        assertThat(List.of("-3", "-2", "2", "3").stream().map(s -> ex.matcher(s).matches()).toList())
                .containsExactly(false, true, true, false);
    }

    /** The pythonic lazy grammar of tools named {@code names}, its length. */
    private static int pythonicLazySize(List<String> names) throws Exception {
        var tools = JSON.createArrayNode();
        for (String n : names) {
            tools.addObject().put("type", "function").putObject("function").put("name", n)
                    .set("parameters", JSON.readTree("{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}}}"));
        }
        List<ToolSpec> specs = ToolSpecs.fromJson(tools.toString());
        return ConstraintEngine.gbnf(WireFormat.PYTHONIC, specs, false).length();
    }

    private static String cjk(int from, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.appendCodePoint(0x4E00 + from + i);
        }
        return b.toString();
    }

    @Test
    void thePythonicLazyGrammarGrowsLinearlyWithNameLengthAndToolCount() throws Exception {
        int short1 = pythonicLazySize(List.of(cjk(0, 1000)));
        int long4 = pythonicLazySize(List.of(cjk(0, 4000)));
        assertThat((double) long4 / short1).isLessThan(5.0);
        List<String> few = new ArrayList<>();
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            (i < 1250 ? few : many).add(cjk(i * 3 % 20000, 3));
        }
        many.addAll(few);
        int fewSize = pythonicLazySize(few);
        int manySize = pythonicLazySize(many);
        assertThat((double) manySize / fewSize).isLessThan(5.0);
        assertThat(manySize).isLessThan(5_000_000);
    }
}
