package dev.calltype.example.tools;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * Evaluates arithmetic written by a model or a person: {@code (17.5 * 4) + 2^10 / 8},
 * {@code sqrt(2) * pi}, {@code max(3, 7, 5) % 4}. Nothing is ever handed to a script engine: this is
 * a recursive-descent parser over a fixed grammar that computes as it reads, left to right, once.
 *
 * <pre>
 * expression := term (('+' | '-') term)*
 * term       := unary (('*' | '×' | '/' | '÷' | '%') unary)*
 * unary      := ('-' | '+' | '−') unary | power
 * power      := primary (('^' | '**') unary)?          right-associative: 2^3^2 = 2^9
 * primary    := number | constant | function '(' arguments ')' | '(' expression ')'
 * </pre>
 *
 * <p>Recursion depth is bounded by {@link #MAX_DEPTH} levels of nesting, each opening parenthesis
 * (a function's included), sign and exponent being one level (nesting past it is an error, never a
 * stack overflow); the input by {@link #MAX_LENGTH} characters. Failures are values:
 * {@link Evaluation}. {@code round} rounds halves away from zero and keeps numbers of any size.
 */
final class ExpressionParser {

    /** The deepest nesting of parentheses, signs and exponents accepted (each is one level). */
    static final int MAX_DEPTH = 64;
    /** The longest expression accepted, in characters. */
    static final int MAX_LENGTH = 2000;

    static final List<String> FUNCTIONS = List.of(
            "sqrt", "cbrt", "abs", "round", "floor", "ceil", "min", "max", "exp", "ln", "log", "log2",
            "sin", "cos", "tan", "asin", "acos", "atan", "hypot");
    static final List<String> CONSTANTS = List.of("pi", "e", "tau");

    /** A value, or what is wrong with the expression and where. */
    record Evaluation(double value, String error, int position) {
        static Evaluation of(double value) {
            return new Evaluation(value, null, -1);
        }

        static Evaluation failure(String error, int position) {
            return new Evaluation(Double.NaN, error, position);
        }

        boolean ok() {
            return error == null;
        }
    }

    private final String in;
    private int pos;
    private int depth;

    private ExpressionParser(String in) {
        this.in = in;
    }

    /** Evaluates {@code expression}; never throws. */
    static Evaluation evaluate(String expression) {
        if (expression == null || expression.isBlank()) {
            return Evaluation.failure("the expression is empty", 0);
        }
        if (expression.length() > MAX_LENGTH) {
            return Evaluation.failure("the expression is longer than " + MAX_LENGTH + " characters", MAX_LENGTH);
        }
        ExpressionParser parser = new ExpressionParser(expression);
        try {
            double value = parser.expression();
            parser.skipSpaces();
            if (parser.pos < expression.length()) {
                throw parser.error("unexpected '" + expression.charAt(parser.pos) + "'");
            }
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                return Evaluation.failure("the result is not a finite number", 0);
            }
            return Evaluation.of(value);
        } catch (Failure f) {
            return Evaluation.failure(f.getMessage(), f.position);
        }
    }

    private double expression() {
        double value = term();
        while (true) {
            skipSpaces();
            if (accept('+')) {
                value += term();
            } else if (accept('-') || accept('−')) {
                value -= term();
            } else {
                return value;
            }
        }
    }

    private double term() {
        double value = unary();
        while (true) {
            skipSpaces();
            if (peekIs('*') && !peekIs(1, '*') || peekIs('×')) {
                pos++;
                value *= unary();
            } else if (accept('/') || accept('÷')) {
                int at = pos;
                double divisor = unary();
                if (divisor == 0) {
                    throw new Failure("division by zero", at);
                }
                value /= divisor;
            } else if (accept('%')) {
                int at = pos;
                double divisor = unary();
                if (divisor == 0) {
                    throw new Failure("remainder of a division by zero", at);
                }
                value %= divisor;
            } else {
                return value;
            }
        }
    }

    private double unary() {
        skipSpaces();
        if (accept('-') || accept('−')) {
            return -nested(this::unary);
        }
        if (accept('+')) {
            return nested(this::unary);
        }
        return power();
    }

    /** Parses one level deeper; every cycle of the recursion passes through here. */
    private double nested(DoubleSupplier inner) {
        enter();
        double value = inner.getAsDouble();
        depth--;
        return value;
    }

    private double power() {
        double base = primary();
        skipSpaces();
        if (accept('^') || peekIs('*') && peekIs(1, '*') && advance(2)) {
            int at = pos;
            double exponent = nested(this::unary);
            double value = Math.pow(base, exponent);
            if (Double.isNaN(value)) {
                throw new Failure(format(base) + " to the power " + format(exponent) + " is not a real number", at);
            }
            return value;
        }
        return base;
    }

    private double primary() {
        skipSpaces();
        if (pos >= in.length()) {
            throw error("the expression ends where a number was expected");
        }
        char c = in.charAt(pos);
        if (c == '(') {
            pos++;
            enter();
            double value = expression();
            depth--;
            skipSpaces();
            if (!accept(')')) {
                throw error(pos >= in.length() ? "a ')' is missing at the end" : "expected ')'");
            }
            return value;
        }
        if (isDigit(c) || c == '.') {
            return number();
        }
        if (Character.isLetter(c)) {
            return named();
        }
        throw error("unexpected '" + c + "'");
    }

    private double number() {
        int start = pos;
        while (pos < in.length() && (isDigit(in.charAt(pos)) || in.charAt(pos) == '_')) {
            pos++;
        }
        if (pos < in.length() && in.charAt(pos) == '.') {
            pos++;
            while (pos < in.length() && isDigit(in.charAt(pos))) {
                pos++;
            }
        }
        if (pos < in.length() && (in.charAt(pos) == 'e' || in.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < in.length() && (in.charAt(pos) == '+' || in.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < in.length() && isDigit(in.charAt(pos))) {
                while (pos < in.length() && isDigit(in.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = mark; // "2e" is 2 times e? No: leave the 'e' for the caller to reject.
            }
        }
        String text = in.substring(start, pos).replace("_", "");
        if (text.equals(".")) {
            throw new Failure("'.' is not a number", start);
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new Failure("'" + text + "' is not a number", start);
        }
    }

    private double named() {
        int start = pos;
        while (pos < in.length() && (Character.isLetterOrDigit(in.charAt(pos)) || in.charAt(pos) == '_')) {
            pos++;
        }
        String name = in.substring(start, pos).toLowerCase(Locale.ROOT);
        skipSpaces();
        if (peekIs('(')) {
            pos++;
            enter();
            List<Double> args = new ArrayList<>();
            skipSpaces();
            if (!accept(')')) {
                do {
                    args.add(expression());
                    skipSpaces();
                } while (accept(','));
                if (!accept(')')) {
                    throw error(pos >= in.length() ? "a ')' is missing at the end" : "expected ',' or ')'");
                }
            }
            depth--;
            return call(name, args, start);
        }
        switch (name) {
            case "pi":
                return Math.PI;
            case "e":
                return Math.E;
            case "tau":
                return 2 * Math.PI;
            default:
                throw new Failure("unknown name '" + name + "'; constants: " + String.join(", ", CONSTANTS)
                        + "; functions: " + String.join(", ", FUNCTIONS), start);
        }
    }

    private double call(String name, List<Double> args, int at) {
        switch (name) {
            case "min":
            case "max":
                if (args.isEmpty()) {
                    throw new Failure(name + "() needs at least one argument", at);
                }
                double best = args.get(0);
                for (double a : args) {
                    best = name.equals("min") ? Math.min(best, a) : Math.max(best, a);
                }
                return best;
            case "round":
                if (args.size() == 2) {
                    double digits = args.get(1);
                    if (digits != Math.rint(digits) || Math.abs(digits) > 15) {
                        throw new Failure("round(x, digits): digits must be a whole number from -15 to 15", at);
                    }
                    return round(args.get(0), (int) digits);
                }
                return round(arity(name, args, 1, at), 0);
            case "hypot":
                if (args.size() != 2) {
                    throw new Failure("hypot() takes 2 arguments, got " + args.size(), at);
                }
                return Math.hypot(args.get(0), args.get(1));
            default:
                break;
        }
        if (!FUNCTIONS.contains(name)) {
            throw new Failure("unknown function '" + name + "'; functions: " + String.join(", ", FUNCTIONS), at);
        }
        double x = arity(name, args, 1, at);
        switch (name) {
            case "sqrt":
                if (x < 0) {
                    throw new Failure("sqrt of a negative number (" + format(x) + ")", at);
                }
                return Math.sqrt(x);
            case "cbrt":
                return Math.cbrt(x);
            case "abs":
                return Math.abs(x);
            case "floor":
                return Math.floor(x);
            case "ceil":
                return Math.ceil(x);
            case "exp":
                return Math.exp(x);
            case "ln":
            case "log":
            case "log2":
                if (x <= 0) {
                    throw new Failure(name + " of a number that is not positive (" + format(x) + ")", at);
                }
                return name.equals("ln") ? Math.log(x) : name.equals("log") ? Math.log10(x) : Math.log(x) / Math.log(2);
            case "sin":
                return Math.sin(x);
            case "cos":
                return Math.cos(x);
            case "tan":
                return Math.tan(x);
            case "asin":
            case "acos":
                if (x < -1 || x > 1) {
                    throw new Failure(name + " needs a number from -1 to 1, got " + format(x), at);
                }
                return name.equals("asin") ? Math.asin(x) : Math.acos(x);
            case "atan":
                return Math.atan(x);
            default:
                throw new Failure("unknown function '" + name + "'", at);
        }
    }

    /**
     * {@code x} rounded to {@code digits} decimal places, halves away from zero, as the number is
     * written ({@code round(2.675, 2)} is 2.68); never limited to the range of a {@code long}.
     */
    private static double round(double x, int digits) {
        if (!Double.isFinite(x)) {
            return x;
        }
        return BigDecimal.valueOf(x).setScale(digits, RoundingMode.HALF_UP).doubleValue();
    }

    private static double arity(String name, List<Double> args, int n, int at) {
        if (args.size() != n) {
            throw new Failure(name + "() takes " + n + " argument" + (n == 1 ? "" : "s") + ", got " + args.size(), at);
        }
        return args.get(0);
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("the expression nests deeper than " + MAX_DEPTH + " levels");
        }
    }

    private void skipSpaces() {
        while (pos < in.length() && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
    }

    private boolean accept(char c) {
        if (peekIs(c)) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean advance(int n) {
        pos += n;
        return true;
    }

    private boolean peekIs(char c) {
        return peekIs(0, c);
    }

    private boolean peekIs(int ahead, char c) {
        return pos + ahead < in.length() && in.charAt(pos + ahead) == c;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private Failure error(String message) {
        return new Failure(message, pos);
    }

    static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }

    /** Control flow inside the parser only; never escapes {@link #evaluate}. */
    private static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int position;

        Failure(String message, int position) {
            super(message, null, false, false);
            this.position = position;
        }
    }
}
