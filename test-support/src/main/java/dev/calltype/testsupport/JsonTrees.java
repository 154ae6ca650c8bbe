package dev.calltype.testsupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Equality of JSON trees with numbers compared by value, so that {@code 1}, {@code 1.0} and {@code 1E0} are the
 * same argument whichever reader produced them. Objects compare by their keys (in any order), arrays element by
 * element, everything else by {@link JsonNode#equals}.
 */
public final class JsonTrees {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One member or element a line, two-space indents, {@code "key": value}, {@code \n} line ends everywhere. */
    private static final ObjectWriter PRETTY;

    static {
        DefaultIndenter lines = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        printer.indentArraysWith(lines);
        printer.indentObjectsWith(lines);
        PRETTY = JSON.writer(printer);
    }

    private JsonTrees() {
    }

    /**
     * JSON text pretty-printed the one way golden files hold it, so that a change shows as the lines it changes:
     * keys in the order the text has them, numbers and strings as Jackson writes them, a final line break.
     *
     * @throws IllegalArgumentException when {@code json} is not one JSON value
     */
    public static String pretty(String json) {
        try {
            return PRETTY.writeValueAsString(JSON.readTree(json)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Equal, numbers compared as exact decimals ({@code 1 == 1.0}, {@code 0.1 != 0.1000000001}). */
    public static boolean sameByDecimal(JsonNode a, JsonNode b) {
        return same(a, b, (x, y) -> x.decimalValue().compareTo(y.decimalValue()) == 0);
    }

    /**
     * Equal, numbers compared as a reader into {@code double} sees them: integers exactly, other numbers as doubles,
     * an integer written with a fraction ({@code 1.0}) equal to the integer, and numbers no double holds (infinite
     * after conversion) equal to any number, since such a reader cannot tell them apart.
     */
    public static boolean sameByDouble(JsonNode a, JsonNode b) {
        return same(a, b, JsonTrees::sameAsDoubles);
    }

    private static boolean same(JsonNode a, JsonNode b, BiPredicate<JsonNode, JsonNode> numbers) {
        if (a.isNumber() && b.isNumber()) {
            return numbers.test(a, b);
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode o = b.get(e.getKey());
                if (o == null || !same(e.getValue(), o, numbers)) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!same(a.get(i), b.get(i), numbers)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static boolean sameAsDoubles(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            return a.bigIntegerValue().equals(b.bigIntegerValue());
        }
        double x = a.doubleValue();
        double y = b.doubleValue();
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            return true;
        }
        return Double.compare(x, y) == 0 || x == y || sameInteger(a, b);
    }

    /** An integer written as a decimal ({@code 1.0}) against the same integer. */
    private static boolean sameInteger(JsonNode a, JsonNode b) {
        try {
            BigInteger x = a.decimalValue().toBigIntegerExact();
            BigInteger y = b.decimalValue().toBigIntegerExact();
            return x.equals(y);
        } catch (ArithmeticException | NumberFormatException e) {
            return false;
        }
    }
}
