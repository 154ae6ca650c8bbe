package dev.calltype.runtime.internal.args;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The checks of one scalar value against its schema, for {@link SchemaArguments}: strings (length, {@code pattern},
 * {@code format}), integers and numbers (bounds, {@code multipleOf}), {@code enum} and {@code const}. Each returns
 * the value to pass on (coerced where the schema allows), or {@code null} after adding a problem.
 */
final class ScalarChecks {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Compiled {@code pattern}s by source (an empty optional: not a valid regular expression). */
    private final Map<String, Optional<Pattern>> patterns = new ConcurrentHashMap<>();

    // ---------------------------------------------------------------------------------------------
    // strings

    JsonNode string(JsonNode schema, JsonNode node, String path, List<String> problems) {
        String s = JsonCoercion.toStringValue(node, path, problems);
        if (s == null) {
            return null;
        }
        int before = problems.size();
        JsonNode format = schema.get("format");
        if (format != null && format.isTextual()) {
            s = format(format.textValue(), s, path, problems);
            if (s == null) {
                return null;
            }
        }
        int length = s.codePointCount(0, s.length());
        Integer minLength = SchemaTypes.intKeyword(schema, "minLength");
        if (minLength != null && length < minLength) {
            JsonCoercion.mismatch(problems, path, "at least " + minLength + characters(minLength) + " long", node);
        }
        Integer maxLength = SchemaTypes.intKeyword(schema, "maxLength");
        if (maxLength != null && length > maxLength) {
            JsonCoercion.mismatch(problems, path, "at most " + maxLength + characters(maxLength) + " long", node);
        }
        JsonNode pattern = schema.get("pattern");
        if (pattern != null && pattern.isTextual()) {
            Optional<Pattern> compiled = patterns.computeIfAbsent(pattern.textValue(), ScalarChecks::compile);
            if (compiled.isPresent()) {
                if (s.length() > SchemaLimits.MAX_PATTERN_INPUT) {
                    Problems.report(problems, SchemaLimits.label(path), Problem.Kind.LIMIT,
                            "is too long to check against its pattern "
                            + pattern.textValue() + " (more than " + SchemaLimits.MAX_PATTERN_INPUT + " characters)");
                } else if (!compiled.get().matcher(s).find()) {
                    JsonCoercion.mismatch(problems, path, "a string matching the pattern " + pattern.textValue(), node);
                }
            }
        }
        if (problems.size() != before) {
            return null;
        }
        return node.isTextual() && node.textValue().equals(s) ? node : NODES.textNode(s);
    }

    private static String characters(int n) {
        return n == 1 ? " character" : " characters";
    }

    private static Optional<Pattern> compile(String pattern) {
        try {
            return Optional.of(Pattern.compile(pattern));
        } catch (PatternSyntaxException e) {
            return Optional.empty();
        }
    }

    /** Checks a string against a format; returns the string to pass on, or {@code null} after a problem. */
    private static String format(String format, String s, String path, List<String> problems) {
        TextNode text = NODES.textNode(s);
        switch (format) {
            case "date":
                return JsonCoercion.toLocalDate(text, path, problems) == null ? null : s.strip();
            case "date-time": {
                List<String> scratch = new Problems();
                if (JsonCoercion.toOffsetDateTime(text, path, scratch) != null
                        || JsonCoercion.toLocalDateTime(text, path, new ArrayList<>()) != null) {
                    return s.strip();
                }
                problems.addAll(scratch);
                return null;
            }
            case "time":
                try {
                    LocalTime.parse(s.strip());
                    return s.strip();
                } catch (DateTimeParseException e) {
                    try {
                        OffsetTime.parse(s.strip());
                        return s.strip();
                    } catch (DateTimeParseException e2) {
                        JsonCoercion.mismatch(problems, path, "a time such as \"14:30:00\"", text);
                        return null;
                    }
                }
            case "duration":
                return JsonCoercion.toDuration(text, path, problems) == null ? null : s.strip();
            case "uuid":
                return JsonCoercion.toUuid(text, path, problems) == null ? null : s.strip();
            case "uri": {
                URI uri = JsonCoercion.toUri(text, path, problems);
                if (uri == null) {
                    return null;
                }
                if (!uri.isAbsolute()) {
                    JsonCoercion.mismatch(problems, path, "an absolute URI such as \"https://example.com/a\"", text);
                    return null;
                }
                return s.strip();
            }
            case "uri-reference":
                return JsonCoercion.toUri(text, path, problems) == null ? null : s.strip();
            case "email":
                if (isEmail(s.strip())) {
                    return s.strip();
                }
                JsonCoercion.mismatch(problems, path, "an email address such as \"ada@example.com\"", text);
                return null;
            case "ipv4":
                if (isIpv4(s.strip())) {
                    return s.strip();
                }
                JsonCoercion.mismatch(problems, path, "an IPv4 address such as \"192.0.2.1\"", text);
                return null;
            default:
                return s;
        }
    }

    /** One {@code @}, a local part, a dotted domain, no spaces. */
    private static boolean isEmail(String s) {
        int at = s.indexOf('@');
        if (at <= 0 || at != s.lastIndexOf('@') || at == s.length() - 1) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i)) || Character.isISOControl(s.charAt(i))) {
                return false;
            }
        }
        String domain = s.substring(at + 1);
        int dot = domain.indexOf('.');
        return dot > 0 && !domain.endsWith(".") && !domain.contains("..");
    }

    private static boolean isIpv4(String s) {
        int parts = 0;
        int i = 0;
        while (i <= s.length()) {
            int start = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            int digits = i - start;
            if (digits == 0 || digits > 3 || (digits > 1 && s.charAt(start) == '0')
                    || Integer.parseInt(s.substring(start, i)) > 255) {
                return false;
            }
            parts++;
            if (i == s.length()) {
                break;
            }
            if (s.charAt(i) != '.' || parts == 4) {
                return false;
            }
            i++;
        }
        return parts == 4;
    }

    // ---------------------------------------------------------------------------------------------
    // numbers

    JsonNode integer(JsonNode schema, JsonNode node, String path, List<String> problems) {
        BigInteger v = bounded(schema, node, path, problems, "an integer", JsonCoercion::toBigInteger, BigDecimal::new);
        if (v == null) {
            return null;
        }
        if (node.isIntegralNumber() && node.bigIntegerValue().equals(v)) {
            return node;
        }
        if (v.bitLength() < 32) {
            return NODES.numberNode(v.intValue());
        }
        return v.bitLength() < 64 ? NODES.numberNode(v.longValue()) : NODES.numberNode(v);
    }

    JsonNode number(JsonNode schema, JsonNode node, String path, List<String> problems) {
        BigDecimal v = bounded(schema, node, path, problems, "a number", JsonCoercion::toBigDecimal, d -> d);
        if (v == null) {
            return null;
        }
        return node.isNumber() ? node : DecimalNode.valueOf(v);
    }

    /** A {@link JsonCoercion} conversion: the value, or {@code null} after adding a problem. */
    @FunctionalInterface
    private interface Conversion<N> {
        N convert(JsonNode node, String path, List<String> problems);
    }

    /**
     * The number {@code node} converted and checked against the schema's bounds, or {@code null} after adding a
     * problem: one of a reasonable size (else not {@code expected}), converted, within the bounds.
     */
    private static <N> N bounded(JsonNode schema, JsonNode node, String path, List<String> problems, String expected,
                                 Conversion<N> conversion, Function<N, BigDecimal> decimal) {
        if (!ofReasonableSize(node)) {
            JsonCoercion.mismatch(problems, path, expected, node);
            return null;
        }
        N v = conversion.convert(node, path, problems);
        return v != null && withinBounds(schema, decimal.apply(v), node, path, problems) ? v : null;
    }

    /**
     * Whether a number can be converted without expanding a huge exponent: a string such as
     * {@code "1e999999999"} would otherwise take minutes to turn into a BigInteger.
     */
    private static boolean ofReasonableSize(JsonNode node) {
        BigDecimal d = null;
        if (node.isBigDecimal()) {
            d = node.decimalValue();
        } else if (node.isTextual()) {
            String s = node.textValue().strip();
            if (s.isEmpty() || s.length() > 400) {
                return true; // JsonCoercion refuses these itself
            }
            try {
                d = new BigDecimal(s);
            } catch (NumberFormatException e) {
                return true; // not a number: JsonCoercion reports it
            }
        }
        return d == null || Math.abs((long) d.scale()) <= SchemaLimits.MAX_NUMBER_SCALE;
    }

    private static boolean withinBounds(JsonNode schema, BigDecimal v, JsonNode node, String path,
                                        List<String> problems) {
        int before = problems.size();
        bound(schema, "minimum", v, node, path, problems, c -> c >= 0, "at least ");
        bound(schema, "maximum", v, node, path, problems, c -> c <= 0, "at most ");
        bound(schema, "exclusiveMinimum", v, node, path, problems, c -> c > 0, "greater than ");
        bound(schema, "exclusiveMaximum", v, node, path, problems, c -> c < 0, "less than ");
        JsonNode multipleOf = schema.get("multipleOf");
        if (multipleOf != null && multipleOf.isNumber() && multipleOf.decimalValue().signum() > 0
                && Math.abs((long) v.scale()) <= SchemaLimits.MAX_NUMBER_SCALE
                && v.remainder(multipleOf.decimalValue()).signum() != 0) {
            JsonCoercion.mismatch(problems, path, "a multiple of " + SchemaNodes.write(multipleOf), node);
        }
        return problems.size() == before;
    }

    private static void bound(JsonNode schema, String keyword, BigDecimal v, JsonNode node, String path,
                              List<String> problems, java.util.function.IntPredicate ok, String words) {
        JsonNode limit = schema.get(keyword);
        if (limit != null && limit.isNumber() && !ok.test(v.compareTo(limit.decimalValue()))) {
            JsonCoercion.mismatch(problems, path, words + SchemaNodes.write(limit), node);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // enum and const

    static JsonNode enumValue(JsonNode values, JsonNode node, String path, List<String> problems) {
        for (JsonNode v : values) {
            if (sameValue(v, node)) {
                return v;
            }
        }
        List<String> texts = new ArrayList<>();
        List<JsonNode> scalars = new ArrayList<>();
        for (JsonNode v : values) {
            if (v.isValueNode() && !v.isNull()) {
                texts.add(v.asText());
                scalars.add(v);
            }
        }
        if (!texts.isEmpty() && node.isValueNode()) {
            String match = JsonCoercion.toOneOf(node, path, new ArrayList<>(), texts);
            if (match != null) {
                return scalars.get(texts.indexOf(match));
            }
        }
        List<String> literals = new ArrayList<>();
        for (JsonNode v : values) {
            literals.add(SchemaNodes.write(v));
        }
        JsonCoercion.mismatch(problems, path, "one of " + String.join(", ", literals), node);
        return null;
    }

    static JsonNode constValue(JsonNode constant, JsonNode node, String path, List<String> problems) {
        if (sameValue(constant, node)) {
            return constant;
        }
        if (constant.isValueNode() && node.isValueNode() && !constant.isNull()
                && constant.asText().equalsIgnoreCase(node.asText())) {
            return constant;
        }
        JsonCoercion.mismatch(problems, path, SchemaNodes.write(constant), node);
        return null;
    }

    private static boolean sameValue(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            if (a.isFloatingPointNumber() && !Double.isFinite(a.doubleValue())
                    || b.isFloatingPointNumber() && !Double.isFinite(b.doubleValue())) {
                return false;
            }
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }
}
