package dev.calltype.runtime.internal.constraint;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * GBNF for the scalar values the dispatcher accepts, written as the regular languages they are: integers within their
 * bounds, numbers a {@code double} and a {@code float} hold, and the string formats the processor maps to Java types.
 * Each language is a subset of what {@code JsonCoercion} and the schema checks take, never more:
 * <ul>
 *   <li>{@code integer}: {@code minimum}/{@code maximum} and their exclusive forms, digit by digit (as llama.cpp's and
 *       xgrammar's JSON Schema converters write ranges); without a bound, the bounds of a Java {@code int} (of a
 *       {@code long} where {@code format} says {@code int64}), the narrowest type a generated toolkit reads;</li>
 *   <li>{@code number}: at most 15 digits before the point and 15 after, an exponent of one digit (within a
 *       {@code float}'s range); with bounds, the integers in range and, where that stays in range, a fraction;</li>
 *   <li>{@code date} ({@code LocalDate.parse}; February 29 left out, it needs a leap year), {@code time} (seconds
 *       written), {@code date-time} (with {@code Z} or an offset, which every date-time type reads), {@code uuid},
 *       {@code duration} ({@code Duration.parse}: days, hours, minutes, seconds), {@code email}, {@code uri} (an
 *       absolute {@code scheme://host/path}).</li>
 * </ul>
 */
final class ScalarGrammar {

    /** The bounds of an integer without bounds of its own. */
    static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private static final String DIGIT = "[0-9]";

    private ScalarGrammar() {
    }

    // ------------------------------------------------------------------ integers

    /** The integers the schema allows, or {@code null} when none is. */
    static String integer(JsonNode schema) {
        boolean wide = schema != null && "int64".equals(schema.path("format").asText());
        BigInteger lo = wide ? LONG_MIN : INT_MIN;
        BigInteger hi = wide ? LONG_MAX : INT_MAX;
        BigInteger min = lower(schema);
        BigInteger max = upper(schema);
        if (min != null) {
            lo = min;
        }
        if (max != null) {
            hi = max;
        }
        return range(lo, hi);
    }

    /** The smallest integer the bounds allow, or {@code null} when unbounded below. */
    static BigInteger lower(JsonNode schema) {
        return bound(schema, "minimum", "exclusiveMinimum", 1);
    }

    /** The largest integer the bounds allow, or {@code null} when unbounded above. */
    static BigInteger upper(JsonNode schema) {
        return bound(schema, "maximum", "exclusiveMaximum", -1);
    }

    /**
     * The integer bound of {@code inclusive} and {@code exclusive} (a number, or draft 4's boolean), towards
     * {@code inward} (1: the lower bound, rounded up; -1: the upper bound, rounded down).
     */
    private static BigInteger bound(JsonNode schema, String inclusive, String exclusive, int inward) {
        if (schema == null) {
            return null;
        }
        RoundingMode in = inward > 0 ? RoundingMode.CEILING : RoundingMode.FLOOR;
        RoundingMode out = inward > 0 ? RoundingMode.FLOOR : RoundingMode.CEILING;
        BigInteger step = BigInteger.valueOf(inward);
        BigInteger bound = null;
        JsonNode b = schema.get(inclusive);
        if (b != null && b.isNumber()) {
            bound = b.decimalValue().setScale(0, in).toBigIntegerExact();
        }
        JsonNode ex = schema.get(exclusive);
        if (ex != null && ex.isNumber()) {
            BigInteger e = ex.decimalValue().setScale(0, out).toBigIntegerExact().add(step);
            bound = bound == null || e.compareTo(bound) * inward > 0 ? e : bound;
        } else if (ex != null && ex.isBoolean() && ex.booleanValue() && bound != null
                && b.decimalValue().compareTo(new BigDecimal(bound)) == 0) {
            bound = bound.add(step);
        }
        return bound;
    }

    /** The integers {@code lo..hi} as written in JSON (no leading zeros, no {@code -0}); {@code null} if empty. */
    static String range(BigInteger lo, BigInteger hi) {
        if (lo.compareTo(hi) > 0) {
            return null;
        }
        List<String> alts = new ArrayList<>();
        if (lo.signum() < 0) {
            // negatives: "-" then the magnitudes max(1, -hi) .. -lo
            BigInteger from = hi.signum() < 0 ? hi.negate() : BigInteger.ONE;
            alts.add("\"-\" " + group(natural(from, lo.negate())));
        }
        if (hi.signum() >= 0) {
            alts.add(natural(lo.signum() > 0 ? lo : BigInteger.ZERO, hi));
        }
        return alts.size() == 1 ? alts.get(0) : "(" + String.join(" | ", alts) + ")";
    }

    /** Non-negative integers {@code a..b}, {@code a <= b}. */
    private static String natural(BigInteger a, BigInteger b) {
        String as = a.toString();
        String bs = b.toString();
        List<String> alts = new ArrayList<>();
        if (as.length() == bs.length()) {
            alts.add(sameLength(as, bs));
        } else {
            alts.add(sameLength(as, "9".repeat(as.length())));
            for (int len = as.length() + 1; len < bs.length(); len++) {
                alts.add("[1-9] " + DIGIT + "{" + (len - 1) + "}");
            }
            alts.add(sameLength("1" + "0".repeat(bs.length() - 1), bs));
        }
        return alts.size() == 1 ? alts.get(0) : "(" + String.join(" | ", alts) + ")";
    }

    /** The digit strings from {@code a} to {@code b}, both of the same length. */
    private static String sameLength(String a, String b) {
        int n = a.length();
        if (n == 0) {
            return "\"\"";
        }
        if (a.equals(b)) {
            return "\"" + a + "\"";
        }
        char a0 = a.charAt(0);
        char b0 = b.charAt(0);
        String ar = a.substring(1);
        String br = b.substring(1);
        String rest = n == 1 ? "" : " " + DIGIT + (n - 1 == 1 ? "" : "{" + (n - 1) + "}");
        if (ar.chars().allMatch(c -> c == '0') && br.chars().allMatch(c -> c == '9')) {
            return cls(a0, b0) + rest;
        }
        if (a0 == b0) {
            return "\"" + a0 + "\" " + group(sameLength(ar, br));
        }
        List<String> alts = new ArrayList<>();
        alts.add("\"" + a0 + "\" " + group(sameLength(ar, "9".repeat(n - 1))));
        if (b0 - a0 > 1) {
            alts.add(cls((char) (a0 + 1), (char) (b0 - 1)) + rest);
        }
        alts.add("\"" + b0 + "\" " + group(sameLength("0".repeat(n - 1), br)));
        return "(" + String.join(" | ", alts) + ")";
    }

    private static String cls(char from, char to) {
        return from == to ? "\"" + from + "\"" : "[" + from + "-" + to + "]";
    }

    /** {@code e} as one item of a sequence: in parentheses unless it is one token or one group already. */
    static String group(String e) {
        if (!e.contains(" ")) {
            return e;
        }
        if (e.startsWith("(") && e.endsWith(")")) {
            int depth = 0;
            boolean quoted = false;
            for (int i = 0; i < e.length(); i++) {
                char c = e.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    quoted = !quoted;
                } else if (!quoted && c == '(') {
                    depth++;
                } else if (!quoted && c == ')' && --depth == 0 && i < e.length() - 1) {
                    return "(" + e + ")";
                }
            }
            return e;
        }
        return "(" + e + ")";
    }

    // ------------------------------------------------------------------ numbers

    /** Any number without bounds: within a float's range, as the extractor and every numeric reader take it. */
    static final String NUMBER = "\"-\"? (\"0\" | [1-9] " + DIGIT + "{0,14}) (\".\" " + DIGIT + "{1,15})? ([eE] [-+]? "
            + DIGIT + ")?";

    /** The numbers the schema allows: unbounded, or within its bounds; {@code null} when none is. */
    static String number(JsonNode schema) {
        boolean bounded = schema != null && (schema.has("minimum") || schema.has("maximum")
                || schema.has("exclusiveMinimum") || schema.has("exclusiveMaximum"));
        if (!bounded) {
            return NUMBER;
        }
        BigInteger lo = lower(schema);
        BigInteger hi = upper(schema);
        BigInteger wideLo = lo != null ? lo : BigInteger.TEN.pow(15).negate().add(BigInteger.ONE);
        BigInteger wideHi = hi != null ? hi : BigInteger.TEN.pow(15).subtract(BigInteger.ONE);
        String whole = range(wideLo, wideHi);
        if (whole == null) {
            return null;
        }
        // a fraction after a non-negative integer part below the upper bound stays within [lo, hi)
        BigInteger fracLo = wideLo.signum() < 0 ? BigInteger.ZERO : wideLo;
        BigInteger fracHi = wideHi.subtract(BigInteger.ONE);
        String fraction = fracLo.compareTo(fracHi) > 0 ? null : range(fracLo, fracHi);
        return fraction == null ? whole : "(" + whole + " | " + fraction + " \".\" " + DIGIT + "{1,15})";
    }

    // ------------------------------------------------------------------ string formats

    /** The content of a string in {@code format}, or {@code null} when the format is not written here. */
    static String format(String format) {
        return switch (format) {
            case "date" -> DATE;
            case "time" -> TIME;
            case "date-time" -> DATE + " \"T\" " + TIME_OF_DAY + " " + OFFSET;
            case "uuid" -> hex(8) + " \"-\" " + hex(4) + " \"-\" " + hex(4) + " \"-\" " + hex(4) + " \"-\" " + hex(12);
            case "duration" -> DURATION;
            case "email" -> "[A-Za-z0-9._%+\\x2D]+ \"@\" " + LABEL + " (\".\" " + LABEL + ")+";
            case "uri" -> "[a-zA-Z] [a-zA-Z0-9+.\\x2D]* \"://\" " + LABEL + " (\".\" " + LABEL + ")* (\"/\" "
                    + "[A-Za-z0-9._~=&@!$*+,;:\\x2D]*)* (\"?\" [A-Za-z0-9._~=&@!$*+,;:/?\\x2D]*)?";
            default -> null;
        };
    }

    private static final String LABEL = "[A-Za-z0-9] [A-Za-z0-9\\x2D]{0,62}";
    private static final String MONTH_31 = "(\"0\" [13578] | \"1\" [02])";
    private static final String MONTH_30 = "(\"0\" [469] | \"11\")";
    /** A calendar day: 01-28 of any month, 29-30 of any but February, 31 of the long months. */
    private static final String DATE = DIGIT + "{4} \"-\" ((\"0\" [1-9] | \"1\" [0-2]) \"-\" (\"0\" [1-9] | \"1\" "
            + DIGIT + " | \"2\" [0-8]) | (" + MONTH_31 + " | " + MONTH_30 + ") \"-\" (\"29\" | \"30\") | " + MONTH_31
            + " \"-31\")";
    private static final String TIME_OF_DAY = "([01] " + DIGIT + " | \"2\" [0-3]) \":\" [0-5] " + DIGIT + " \":\" [0-5] "
            + DIGIT + " (\".\" " + DIGIT + "{1,9})?";
    private static final String OFFSET = "(\"Z\" | [+\\x2D] (\"0\" " + DIGIT + " | \"1\" [0-7]) \":\" [0-5] " + DIGIT + ")";
    private static final String TIME = TIME_OF_DAY + " " + OFFSET + "?";
    private static final String AMOUNT = DIGIT + "{1,6}";
    private static final String SECONDS = AMOUNT + " (\".\" " + DIGIT + "{1,9})? \"S\"";
    private static final String CLOCK = "(" + AMOUNT + " \"H\" (" + AMOUNT + " \"M\")? (" + SECONDS + ")? | " + AMOUNT
            + " \"M\" (" + SECONDS + ")? | " + SECONDS + ")";
    private static final String DURATION = "\"P\" (" + AMOUNT + " \"D\" (\"T\" " + CLOCK + ")? | \"T\" " + CLOCK + ")";

    private static String hex(int n) {
        return "[0-9a-fA-F]{" + n + "}";
    }
}
