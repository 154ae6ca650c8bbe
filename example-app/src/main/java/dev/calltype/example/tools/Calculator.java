package dev.calltype.example.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Exact-enough arithmetic and unit conversion, for models that are bad at both. The expression
 * language is parsed by {@link ExpressionParser}; nothing is ever evaluated as code.
 */
public final class Calculator {

    /** The result of {@link #calculate}. */
    public record Calculation(String expression, BigDecimal result) {
    }

    /** The result of {@link #convertUnits}. */
    public record Conversion(Quantity from, Quantity to, String text) {
    }

    /**
     * Evaluates an arithmetic expression: + - * / % ^ (or **), parentheses, and the functions sqrt,
     * cbrt, abs, round(x, digits), floor, ceil, min, max, exp, ln, log (base 10), log2, sin, cos, tan,
     * asin, acos, atan, hypot, with the constants pi, e and tau. Angles are in radians.
     *
     * @param expression the expression, e.g. "(17.5 * 4) + 2^10 / 8"
     */
    @Tool(readOnly = true)
    public Calculation calculate(String expression) {
        ExpressionParser.Evaluation evaluation = ExpressionParser.evaluate(expression);
        if (!evaluation.ok()) {
            throw new IllegalArgumentException("cannot evaluate \"" + expression + "\": " + evaluation.error()
                    + (evaluation.position() >= 0 ? " (at character " + (evaluation.position() + 1) + ")" : ""));
        }
        return new Calculation(expression.strip(), decimal(evaluation.value(), 15));
    }

    /**
     * Converts a quantity to another unit of the same kind (length, mass, volume, speed or
     * temperature). Temperatures below absolute zero are refused.
     *
     * @param quantity the quantity to convert
     * @param to the unit to convert to
     * @param decimals how many decimal places to round the result to
     */
    @Tool(readOnly = true)
    public Conversion convertUnits(Quantity quantity, Unit to, @Param(defaultValue = "4") int decimals) {
        if (quantity.unit().dimension() != to.dimension()) {
            throw new IllegalArgumentException("cannot convert " + quantity.unit() + " (a "
                    + quantity.unit().dimension().name().toLowerCase(Locale.ROOT) + ") to " + to + " (a "
                    + to.dimension().name().toLowerCase(Locale.ROOT) + "); " + quantity.unit().dimension().name().toLowerCase(Locale.ROOT)
                    + " units are " + Unit.namesOf(quantity.unit().dimension()));
        }
        if (decimals < 0 || decimals > 12) {
            throw new IllegalArgumentException("decimals must be between 0 and 12, got " + decimals);
        }
        if (!Double.isFinite(quantity.value())) {
            throw new IllegalArgumentException("the value must be a finite number");
        }
        Unit from = quantity.unit();
        if (quantity.value() < from.lowest()) {
            throw new IllegalArgumentException(brief(quantity.value()) + " " + from.label()
                    + " is below absolute zero (" + plain(from.lowest()) + " " + from.label() + ")");
        }
        double converted = Math.max(to.fromBase(from.toBase(quantity.value())), to.lowest());
        if (!Double.isFinite(converted)) {
            throw new IllegalArgumentException(brief(quantity.value()) + " " + from.label()
                    + " is too large to express in " + to.label());
        }
        double rounded = BigDecimal.valueOf(converted).setScale(decimals, RoundingMode.HALF_EVEN).doubleValue();
        Quantity result = new Quantity(rounded, to);
        String text = brief(quantity.value()) + " " + quantity.unit().label() + " = " + brief(rounded) + " "
                + to.label();
        return new Conversion(quantity, result, text);
    }

    /** {@code value} to {@code digits} significant digits, written without an exponent when it is whole. */
    static BigDecimal decimal(double value, int digits) {
        BigDecimal d = new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN)).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    private static String plain(double value) {
        return decimal(value, 12).toPlainString();
    }

    /** Like {@link #plain}, with an exponent for numbers too long to read written out ({@code 1E+308}). */
    private static String brief(double value) {
        if (Math.abs(value) < 1e15) {
            return plain(value);
        }
        return new BigDecimal(value).round(new MathContext(12, RoundingMode.HALF_EVEN)).stripTrailingZeros().toString();
    }
}
