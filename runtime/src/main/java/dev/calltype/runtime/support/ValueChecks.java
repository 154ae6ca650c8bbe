package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.args.JsonCoercion;
import dev.calltype.runtime.internal.args.Problem;
import dev.calltype.runtime.internal.args.Problems;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The constraint checks generated toolkits run on argument values ({@code @Min}, {@code @Max}, {@code @Size},
 * {@code @Pattern}, {@code @NotBlank}, {@code @Email} and their schema keywords). Support for generated code, not
 * API: see {@link ToolkitSupport}.
 *
 * <p>Each check adds a problem to the list when the value breaks its constraint, following {@link Coercion}'s
 * convention.
 */
public final class ValueChecks {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ValueChecks() {
    }

    // Each check takes the value's whole path, or the path of the object holding it and the member's
    // name, joined only to report a problem (see JsonCoercion).

    /** {@code @Min} / {@code @DecimalMin}: the value must be at least {@code bound}. */
    public static void minimum(Number value, String bound, String path, List<String> problems) {
        minimum(value, bound, "", path, problems);
    }

    /** {@link #minimum(Number, String, String, List)} for member {@code member} of the object at {@code parent}. */
    public static void minimum(Number value, String bound, String parent, String member, List<String> problems) {
        if (decimal(value).compareTo(new BigDecimal(bound)) < 0) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must be at least " + bound + ", got "
                    + value);
        }
    }

    /** {@code @Max} / {@code @DecimalMax}: the value must be at most {@code bound}. */
    public static void maximum(Number value, String bound, String path, List<String> problems) {
        maximum(value, bound, "", path, problems);
    }

    /** {@link #maximum(Number, String, String, List)} for member {@code member} of the object at {@code parent}. */
    public static void maximum(Number value, String bound, String parent, String member, List<String> problems) {
        if (decimal(value).compareTo(new BigDecimal(bound)) > 0) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must be at most " + bound + ", got "
                    + value);
        }
    }

    /** {@code @Size} / {@code @NotEmpty} on a string: its length in code points, bounds may be null. */
    public static void length(String value, Integer min, Integer max, String path, List<String> problems) {
        length(value, min, max, "", path, problems);
    }

    /**
     * {@link #length(String, Integer, Integer, String, List)} for member {@code member} of the object
     * at {@code parent}.
     */
    public static void length(String value, Integer min, Integer max, String parent, String member,
                              List<String> problems) {
        int n = value.codePointCount(0, value.length());
        if (min != null && n < min) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must have at least " + min
                    + (min == 1 ? " character" : " characters") + ", got " + JsonCoercion.describe(NODES.textNode(value)));
        } else if (max != null && n > max) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must have at most " + max
                    + (max == 1 ? " character" : " characters") + ", got " + n);
        }
    }

    /** {@code @Size} / {@code @NotEmpty} on a collection, array or map; bounds may be null. */
    public static void size(int size, Integer min, Integer max, String path, List<String> problems) {
        size(size, min, max, "", path, problems);
    }

    /**
     * {@link #size(int, Integer, Integer, String, List)} for member {@code member} of the object at
     * {@code parent}.
     */
    public static void size(int size, Integer min, Integer max, String parent, String member, List<String> problems) {
        if (min != null && size < min) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must have at least " + min
                    + (min == 1 ? " item" : " items") + ", got " + size);
        } else if (max != null && size > max) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must have at most " + max
                    + (max == 1 ? " item" : " items") + ", got " + size);
        }
    }

    /** {@code @Pattern}: the whole string must match. */
    public static void pattern(String value, Pattern pattern, String path, List<String> problems) {
        pattern(value, pattern, "", path, problems);
    }

    /** {@link #pattern(String, Pattern, String, List)} for member {@code member} of the object at {@code parent}. */
    public static void pattern(String value, Pattern pattern, String parent, String member, List<String> problems) {
        if (!pattern.matcher(value).matches()) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must match the pattern "
                    + pattern.pattern() + ", got " + JsonCoercion.describe(NODES.textNode(value)));
        }
    }

    /** {@code @NotBlank}: at least one character that is not white space. */
    public static void notBlank(String value, String path, List<String> problems) {
        notBlank(value, "", path, problems);
    }

    /** {@link #notBlank(String, String, List)} for member {@code member} of the object at {@code parent}. */
    public static void notBlank(String value, String parent, String member, List<String> problems) {
        if (value.isBlank()) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID, "must not be blank");
        }
    }

    /** {@code @Email}: one {@code @} with text on both sides, no white space. */
    public static void email(String value, String path, List<String> problems) {
        email(value, "", path, problems);
    }

    /** {@link #email(String, String, List)} for member {@code member} of the object at {@code parent}. */
    public static void email(String value, String parent, String member, List<String> problems) {
        int at = value.indexOf('@');
        boolean ok = at > 0 && at == value.lastIndexOf('@') && at < value.length() - 1;
        for (int i = 0; ok && i < value.length(); i++) {
            ok = !Character.isWhitespace(value.charAt(i));
        }
        if (!ok) {
            Problems.report(problems, JsonCoercion.child(parent, member), Problem.Kind.INVALID,
                    "must be an e-mail address, got "
                    + JsonCoercion.describe(NODES.textNode(value)));
        }
    }

    private static BigDecimal decimal(Number value) {
        if (value instanceof BigDecimal d) {
            return d;
        }
        if (value instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (value instanceof Double || value instanceof Float) {
            return new BigDecimal(value.toString());
        }
        return BigDecimal.valueOf(value.longValue());
    }
}
