package dev.calltype.runtime.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Numbers as models write them, in one place for both readers: the JSON number grammar, the node a number token
 * becomes (exact: a decimal a double cannot hold stays a decimal), and Python literals ({@code 0x1F}, {@code 1_000},
 * {@code .5}) spelt as JSON.
 */
public final class Numbers {

    private Numbers() {
    }

    /** The index after the digits from {@code i} ({@code i} itself when none is there). */
    private static int digits(CharSequence text, int i, int to) {
        while (i < to && isDigit(text.charAt(i))) {
            i++;
        }
        return i;
    }

    public static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Characters a JSON number token may hold (the grammar is checked by {@link #numberShape}). */
    public static boolean isNumberChar(char c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    }

    // ------------------------------------------------------------------ JSON numbers

    /** Result of checking a number token against the JSON grammar. */
    public enum NumberShape { VALID, PREFIX, INVALID }

    /** Checks {@code text[from, to)} against {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    public static NumberShape numberShape(CharSequence text, int from, int to) {
        int i = from;
        if (i < to && text.charAt(i) == '-') {
            i++;
        }
        // the integer part: one 0, or digits not starting with 0
        int end = i < to && text.charAt(i) == '0' ? i + 1 : digits(text, i, to);
        if (end == i) {
            return noDigit(i, to);
        }
        i = end;
        if (i < to && text.charAt(i) == '.') {
            i++;
            end = digits(text, i, to);
            if (end == i) {
                return noDigit(i, to);
            }
            i = end;
        }
        if (i < to && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            if (i < to && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            end = digits(text, i, to);
            if (end == i) {
                return noDigit(i, to);
            }
            i = end;
        }
        return i == to ? NumberShape.VALID : NumberShape.INVALID;
    }

    /** The shape of a number token missing a digit at {@code i}: a prefix when the text ends there. */
    private static NumberShape noDigit(int i, int to) {
        return i == to ? NumberShape.PREFIX : NumberShape.INVALID;
    }

    /**
     * The node for a number token already known to be {@link NumberShape#VALID} (JSON grammar; Python callers pass
     * normalized text). Returns {@code null} when the number cannot be represented (exponent out of range).
     */
    public static JsonNode numberNode(String token) {
        JsonNode simple = simpleDecimal(token, 0, token.length());
        return simple != null ? simple : otherNumberNode(token);
    }

    /**
     * {@link #numberNode} for a valid token that {@link #simpleDecimal} does not take (integers, exponents, more
     * than 15 significant digits).
     */
    public static JsonNode otherNumberNode(String token) {
        boolean integer = true;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                integer = false;
                break;
            }
        }
        if (integer) {
            int digits = token.charAt(0) == '-' ? token.length() - 1 : token.length();
            long v;
            if (digits <= 18) {
                v = Long.parseLong(token);
            } else {
                BigInteger big = new BigInteger(token);
                if (big.bitLength() > 63) {
                    return BigIntegerNode.valueOf(big);
                }
                v = big.longValue();
            }
            return v == (int) v ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
        }
        BigDecimal exact;
        try {
            exact = new BigDecimal(token);
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
        double d = Double.parseDouble(token);
        if (!Double.isInfinite(d) && (d != 0 || exact.signum() == 0)) {
            if (d == 0 || new BigDecimal(Double.toString(d)).compareTo(exact) == 0) {
                return new WrittenDouble(d, 0, 0, exact);
            }
        }
        return DecimalNode.valueOf(exact);
    }

    /** 10^0 … 10^22: the powers of ten a double holds exactly. */
    private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    /**
     * The node of a decimal token {@code text[from, to)} written without an exponent, with at most 15
     * significant digits and at most 22 after the point; {@code null} for any other token, and for one that is not
     * valid JSON. Its double is exact to
     * the written digits (a 15-digit integer over an exact power of ten, rounded once), so no decimal is built.
     */
    public static JsonNode simpleDecimal(CharSequence text, int from, int to) {
        int i = from;
        boolean negative = text.charAt(i) == '-';
        if (negative) {
            i++;
        }
        int integerStart = i;
        long unscaled = 0;
        int significant = 0;
        int scale = -1;
        for (; i < to; i++) {
            char c = text.charAt(i);
            if (c == '.') {
                // one point, after one 0 or digits not starting with 0
                if (scale >= 0 || i == integerStart || text.charAt(integerStart) == '0' && i > integerStart + 1) {
                    return null;
                }
                scale = 0;
                continue;
            }
            if (!isDigit(c)) {
                return null;
            }
            if (unscaled != 0 || c != '0') {
                if (++significant > 15) {
                    return null;
                }
            }
            unscaled = unscaled * 10 + (c - '0');
            if (scale >= 0 && ++scale > 22) {
                return null;
            }
        }
        if (scale <= 0) {
            return null;
        }
        double d = unscaled / POWERS[scale];
        return new WrittenDouble(negative ? -d : d, negative ? -unscaled : unscaled, scale, null);
    }

    /**
     * A decimal number that a double holds: a {@link DoubleNode} whose {@link #decimalValue()} is the number as
     * written ({@code 1.50} stays {@code 1.50}), as Jackson reads a decimal into a {@code BigDecimal}.
     */
    static final class WrittenDouble extends DoubleNode {
        private static final long serialVersionUID = 1L;
        private final long unscaled;
        private final int scale;
        private final BigDecimal written;

        WrittenDouble(double value, long unscaled, int scale, BigDecimal written) {
            super(value);
            this.unscaled = unscaled;
            this.scale = scale;
            this.written = written;
        }

        @Override
        public BigDecimal decimalValue() {
            return written != null ? written : BigDecimal.valueOf(unscaled, scale);
        }
    }

    // ------------------------------------------------------------------ Python numbers

    /**
     * The JSON spelling of the unsigned Python number {@code text[a, b)}, or {@code null} when it is not a valid
     * int or float literal (complex numbers included).
     */
    public static String normalizeNumber(CharSequence text, int a, int b) {
        if (b - a >= 2 && text.charAt(a) == '0') {
            char p = text.charAt(a + 1);
            int radix = p == 'x' || p == 'X' ? 16 : p == 'o' || p == 'O' ? 8 : p == 'b' || p == 'B' ? 2 : 0;
            if (radix != 0) {
                StringBuilder digits = new StringBuilder(b - a);
                boolean underscoreOk = true; // Python allows 0x_1F
                boolean lastUnderscore = false;
                for (int i = a + 2; i < b; i++) {
                    char c = text.charAt(i);
                    if (c == '_') {
                        if (!underscoreOk || lastUnderscore) {
                            return null;
                        }
                        lastUnderscore = true;
                        continue;
                    }
                    if (Character.digit(c, radix) < 0 || c > 'f') {
                        return null;
                    }
                    digits.append(c);
                    lastUnderscore = false;
                }
                if (digits.length() == 0 || lastUnderscore) {
                    return null;
                }
                return new BigInteger(digits.toString(), radix).toString();
            }
        }
        StringBuilder out = new StringBuilder(b - a + 4);
        int i = a;
        // integer part
        int intStart = out.length();
        i = digitsWithUnderscores(text, i, b, out);
        if (i < 0) {
            return null;
        }
        int intDigits = out.length() - intStart;
        boolean dot = false;
        int fracDigits = 0;
        if (i < b && text.charAt(i) == '.') {
            dot = true;
            i++;
            StringBuilder frac = new StringBuilder();
            i = digitsWithUnderscores(text, i, b, frac);
            if (i < 0) {
                return null;
            }
            fracDigits = frac.length();
            if (intDigits == 0 && fracDigits == 0) {
                return null;
            }
            stripLeadingZeros(out, intStart);
            out.append('.').append(fracDigits == 0 ? "0" : frac);
        } else if (intDigits == 0) {
            return null;
        }
        boolean exponent = false;
        if (i < b && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            exponent = true;
            if (!dot) {
                stripLeadingZeros(out, intStart);
            }
            out.append('e');
            i++;
            if (i < b && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                out.append(text.charAt(i));
                i++;
            }
            int expStart = out.length();
            i = digitsWithUnderscores(text, i, b, out);
            if (i < 0 || out.length() == expStart) {
                return null;
            }
        }
        if (i != b) {
            return null;
        }
        if (!dot && !exponent) {
            // a decimal int: no leading zeros unless it is all zeros
            if (out.length() > 1 && out.charAt(0) == '0') {
                for (int k = 0; k < out.length(); k++) {
                    if (out.charAt(k) != '0') {
                        return null;
                    }
                }
                return "0";
            }
        }
        return out.toString();
    }

    private static void stripLeadingZeros(StringBuilder out, int from) {
        if (out.length() == from) {
            out.append('0');
            return;
        }
        int k = from;
        while (k < out.length() - 1 && out.charAt(k) == '0') {
            k++;
        }
        out.delete(from, k);
    }

    /** Appends digits (single underscores between digits allowed) from {@code i}; the index after, or -1. */
    private static int digitsWithUnderscores(CharSequence text, int i, int b, StringBuilder out) {
        boolean any = false;
        while (i < b) {
            char c = text.charAt(i);
            if (isDigit(c)) {
                out.append(c);
                any = true;
                i++;
            } else if (c == '_') {
                if (!any || i + 1 >= b || !isDigit(text.charAt(i + 1))) {
                    return -1;
                }
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
