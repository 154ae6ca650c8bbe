package dev.calltype.runtime.internal.args;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Function;

/**
 * Converts a model's JSON argument values to Java values, the way the generated dispatchers and the
 * dynamic toolkits do: what models commonly get wrong is coerced when it is unambiguous
 * ({@code "3"} → 3, {@code "true"} → true, {@code 3.0} → 3, a single value where a list is expected,
 * enum constants in any case, an object sent as a JSON string), and what would lose information is
 * refused ({@code 5.5} is never an {@code int}).
 *
 * <p>Every method takes the value's path for messages ({@code item.quantity}, {@code tags[2]}) and a
 * list that collects problems; it returns {@code null} after adding a problem, so a caller can read
 * every field and report every problem at once. A JSON {@code null} is a problem here: callers
 * handle missing and null values (defaults, optional parameters) before converting.
 *
 * <p>Each reader also comes in a form that takes the path of the object holding the value and the
 * member's name ({@code "item"}, {@code "quantity"}) and joins them only to report a problem, so
 * reading the fields of a nested object builds no path when nothing is wrong; the first form is the
 * second with the whole path as a member of the top level ({@code ""}).
 *
 * <p>The readers test the usual node classes ({@code TextNode}, {@code IntNode}, {@code ObjectNode},
 * {@code ArrayNode}) by their exact class before asking a node what it is: the same answer, without
 * a virtual call that sees every kind of node.
 *
 * <p>Generated toolkits reach these readers through {@code support.Coercion}, which delegates here.
 */
public final class JsonCoercion {

    private static final int MAX_QUOTED = 60;
    /** The most digits a {@code BigInteger} argument may have; bounds the work of expanding an exponent. */
    private static final int MAX_INTEGER_DIGITS = 1000;
    /** The most digits of a string read as a {@code long} without {@code BigDecimal}: 18 never overflow. */
    private static final int MAX_PLAIN_DIGITS = 18;

    private JsonCoercion() {
    }

    /** A string. Numbers and booleans are accepted as their JSON text. */
    public static String toStringValue(JsonNode node, String path, List<String> problems) {
        return toStringValue(node, "", path, problems);
    }

    /** {@link #toStringValue(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static String toStringValue(JsonNode node, String parent, String member, List<String> problems) {
        if (node.getClass() == TextNode.class || node.isTextual()) {
            return node.textValue();
        }
        if (node.isNumber() || node.isBoolean()) {
            return node.asText();
        }
        return problem(parent, member, "a string", node, problems);
    }

    /** A single character: a string of length one (one code unit). */
    public static Character toChar(JsonNode node, String path, List<String> problems) {
        return toChar(node, "", path, problems);
    }

    /** {@link #toChar(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Character toChar(JsonNode node, String parent, String member, List<String> problems) {
        String s = toStringValue(node, parent, member, problems);
        if (s == null) {
            return null;
        }
        if (s.length() != 1) {
            return problem(parent, member, "a single character", node, problems);
        }
        return s.charAt(0);
    }

    /** A boolean; the strings {@code "true"} and {@code "false"} in any case are accepted. */
    public static Boolean toBoolean(JsonNode node, String path, List<String> problems) {
        return toBoolean(node, "", path, problems);
    }

    /** {@link #toBoolean(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Boolean toBoolean(JsonNode node, String parent, String member, List<String> problems) {
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isTextual()) {
            String s = node.textValue().trim();
            if (s.equalsIgnoreCase("true")) {
                return Boolean.TRUE;
            }
            if (s.equalsIgnoreCase("false")) {
                return Boolean.FALSE;
            }
        }
        return problem(parent, member, "a boolean", node, problems);
    }

    /** An {@code int}. */
    public static Integer toInt(JsonNode node, String path, List<String> problems) {
        return toInt(node, "", path, problems);
    }

    /** {@link #toInt(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Integer toInt(JsonNode node, String parent, String member, List<String> problems) {
        if (node.getClass() == IntNode.class || node.isInt()) {
            return node.intValue();
        }
        Long v = toLongInRange(node, parent, member, problems, Integer.MIN_VALUE, Integer.MAX_VALUE);
        return v == null ? null : v.intValue();
    }

    /**
     * {@link #toInt} of a number written plainly, {@code unscaled} over ten to the {@code scale} (as the lenient
     * reader's tokens give it), for a reader that makes no node: the same value, or {@code null} when the node reader
     * must decide (a fraction such as {@code 3.0} or {@code 3.5}, a value out of range) and say what does not fit.
     */
    public static Integer intOfPlain(long unscaled, int scale) {
        return integral(unscaled, scale, Integer.MIN_VALUE, Integer.MAX_VALUE) ? Integer.valueOf((int) unscaled) : null;
    }

    /** {@link #intOfPlain} for {@link #toLong}. */
    public static Long longOfPlain(long unscaled, int scale) {
        return integral(unscaled, scale, Long.MIN_VALUE, Long.MAX_VALUE) ? Long.valueOf(unscaled) : null;
    }

    /** {@link #intOfPlain} for {@link #toBigDecimal}: the number exactly as written, its scale kept. */
    public static BigDecimal decimalOfPlain(long unscaled, int scale) {
        return BigDecimal.valueOf(unscaled, scale);
    }

    /** Whether a number with no fraction written, in {@code [min, max]}: taken as it is, with no further check. */
    private static boolean integral(long unscaled, int scale, long min, long max) {
        return scale == 0 && unscaled >= min && unscaled <= max;
    }

    /** A {@code long}. */
    public static Long toLong(JsonNode node, String path, List<String> problems) {
        return toLong(node, "", path, problems);
    }

    /** {@link #toLong(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Long toLong(JsonNode node, String parent, String member, List<String> problems) {
        return toLongInRange(node, parent, member, problems, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A {@code short}. */
    public static Short toShort(JsonNode node, String path, List<String> problems) {
        return toShort(node, "", path, problems);
    }

    /** {@link #toShort(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Short toShort(JsonNode node, String parent, String member, List<String> problems) {
        Long v = toLongInRange(node, parent, member, problems, Short.MIN_VALUE, Short.MAX_VALUE);
        return v == null ? null : v.shortValue();
    }

    /** A {@code byte}. */
    public static Byte toByte(JsonNode node, String path, List<String> problems) {
        return toByte(node, "", path, problems);
    }

    /** {@link #toByte(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Byte toByte(JsonNode node, String parent, String member, List<String> problems) {
        Long v = toLongInRange(node, parent, member, problems, Byte.MIN_VALUE, Byte.MAX_VALUE);
        return v == null ? null : v.byteValue();
    }

    /** A {@code BigInteger}: an integral number, or a string holding one. */
    public static BigInteger toBigInteger(JsonNode node, String path, List<String> problems) {
        return toBigInteger(node, "", path, problems);
    }

    /** {@link #toBigInteger(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static BigInteger toBigInteger(JsonNode node, String parent, String member, List<String> problems) {
        BigDecimal d = exactNumber(node);
        if (d == null) {
            return problem(parent, member, "an integer", node, problems);
        }
        if (d.precision() - d.scale() > MAX_INTEGER_DIGITS) {
            return problem(parent, member, "an integer of at most " + MAX_INTEGER_DIGITS + " digits", node, problems);
        }
        try {
            return d.stripTrailingZeros().toBigIntegerExact();
        } catch (ArithmeticException e) {
            return problem(parent, member, "an integer", node, problems);
        }
    }

    /** A {@code double}; strings holding a number are accepted. */
    public static Double toDouble(JsonNode node, String path, List<String> problems) {
        return toDouble(node, "", path, problems);
    }

    /** {@link #toDouble(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Double toDouble(JsonNode node, String parent, String member, List<String> problems) {
        if (node.isDouble() || node.isFloat()) {
            double v = node.doubleValue();
            if (Double.isFinite(v)) {
                // what going through BigDecimal gives: the same double, except that BigDecimal has no -0.0
                return v == 0.0 ? 0.0 : v;
            }
        } else if (node.isInt() || node.isLong()) {
            // long to double rounds to nearest, as BigDecimal.doubleValue() does
            return (double) node.longValue();
        }
        BigDecimal d = exactNumber(node);
        if (d == null) {
            return problem(parent, member, "a number", node, problems);
        }
        double v = d.doubleValue();
        if (Double.isInfinite(v)) {
            return problem(parent, member, "a number within the range of a double", node, problems);
        }
        return v;
    }

    /** A {@code float}. */
    public static Float toFloat(JsonNode node, String path, List<String> problems) {
        return toFloat(node, "", path, problems);
    }

    /** {@link #toFloat(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Float toFloat(JsonNode node, String parent, String member, List<String> problems) {
        Double v = toDouble(node, parent, member, problems);
        if (v == null) {
            return null;
        }
        if (Float.isInfinite(v.floatValue())) {
            return problem(parent, member, "a number within the range of a float", node, problems);
        }
        return v.floatValue();
    }

    /** A {@code BigDecimal}, exactly as written. */
    public static BigDecimal toBigDecimal(JsonNode node, String path, List<String> problems) {
        return toBigDecimal(node, "", path, problems);
    }

    /** {@link #toBigDecimal(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static BigDecimal toBigDecimal(JsonNode node, String parent, String member, List<String> problems) {
        BigDecimal d = exactNumber(node);
        return d != null ? d : problem(parent, member, "a number", node, problems);
    }

    /**
     * An enum constant, matched exactly, then ignoring case and treating {@code -} and spaces as
     * {@code _}.
     *
     * @param constants the enum's constants ({@code MyEnum.values()}); only read
     */
    public static <E extends Enum<?>> E toEnum(JsonNode node, String path, List<String> problems, E[] constants) {
        return toEnum(node, "", path, problems, constants);
    }

    /**
     * {@link #toEnum(JsonNode, String, List, Enum[])} for member {@code member} of the object at
     * {@code parent}.
     */
    public static <E extends Enum<?>> E toEnum(JsonNode node, String parent, String member, List<String> problems,
                                               E[] constants) {
        if (node.getClass() == TextNode.class || node.isTextual()) {
            String s = node.textValue();
            for (E e : constants) {
                if (e.name().equals(s)) {
                    return e;
                }
            }
            String folded = foldEnum(s);
            for (E e : constants) {
                if (foldEnum(e.name()).equals(folded)) {
                    return e;
                }
            }
        }
        StringBuilder allowed = new StringBuilder("one of ");
        for (int i = 0; i < constants.length; i++) {
            allowed.append(i == 0 ? "" : ", ").append('"').append(constants[i].name()).append('"');
        }
        return problem(parent, member, allowed.toString(), node, problems);
    }

    /**
     * One of the given strings (an enum written in a schema), matched exactly, then as
     * {@link #toEnum} does; returns the allowed spelling.
     */
    public static String toOneOf(JsonNode node, String path, List<String> problems, List<String> allowed) {
        if (node.isTextual() || node.isNumber() || node.isBoolean()) {
            String s = node.asText();
            for (String a : allowed) {
                if (a.equals(s)) {
                    return a;
                }
            }
            String folded = foldEnum(s);
            for (String a : allowed) {
                if (foldEnum(a).equals(folded)) {
                    return a;
                }
            }
        }
        StringBuilder msg = new StringBuilder("one of ");
        for (int i = 0; i < allowed.size(); i++) {
            msg.append(i == 0 ? "" : ", ").append('"').append(allowed.get(i)).append('"');
        }
        return problem("", path, msg.toString(), node, problems);
    }

    /**
     * An array: an array as it is, a string holding a JSON array decoded, and any other single
     * value as an array of one.
     */
    public static ArrayNode toArray(JsonNode node, String path, List<String> problems) {
        if (node.getClass() == ArrayNode.class || node.isArray()) {
            return (ArrayNode) node;
        }
        if (node.isTextual()) {
            JsonNode decoded = decode(node.textValue());
            if (decoded != null && decoded.isArray()) {
                return (ArrayNode) decoded;
            }
        }
        if (node.isNull() || node.isMissingNode()) {
            return problem("", path, "an array", node, problems);
        }
        ArrayNode one = JsonNodeFactory.instance.arrayNode(1);
        one.add(node);
        return one;
    }

    /** An object: an object as it is, or a string holding a JSON object, decoded. */
    public static ObjectNode toObject(JsonNode node, String path, List<String> problems) {
        if (node.getClass() == ObjectNode.class || node.isObject()) {
            return (ObjectNode) node;
        }
        if (node.isTextual()) {
            JsonNode decoded = decode(node.textValue());
            if (decoded != null && decoded.isObject()) {
                return (ObjectNode) decoded;
            }
        }
        return problem("", path, "an object", node, problems);
    }

    /** A {@code UUID}. */
    public static UUID toUuid(JsonNode node, String path, List<String> problems) {
        return toUuid(node, "", path, problems);
    }

    /** {@link #toUuid(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static UUID toUuid(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a UUID such as \"123e4567-e89b-12d3-a456-426614174000\"",
                UUID::fromString);
    }

    /** A {@code URI}. */
    public static URI toUri(JsonNode node, String path, List<String> problems) {
        return toUri(node, "", path, problems);
    }

    /** {@link #toUri(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static URI toUri(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a URI", s -> {
            try {
                return new URI(s);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException(e);
            }
        });
    }

    /** A {@code LocalDate} in ISO form, {@code 2024-05-31}. */
    public static LocalDate toLocalDate(JsonNode node, String path, List<String> problems) {
        return toLocalDate(node, "", path, problems);
    }

    /** {@link #toLocalDate(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static LocalDate toLocalDate(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a date such as \"2024-05-31\"", JsonCoercion::isoDate);
    }

    /** {@link LocalDate#parse}, with the common {@code yyyy-mm-dd} read without the formatter. */
    private static LocalDate isoDate(String s) {
        if (s.length() == 10 && s.charAt(4) == '-' && s.charAt(7) == '-') {
            int y = digits(s, 0, 4);
            int m = digits(s, 5, 7);
            int d = digits(s, 8, 10);
            if (y >= 0 && m >= 0 && d >= 0) {
                try {
                    return LocalDate.of(y, m, d);
                } catch (DateTimeException e) {
                    // not a day of the calendar: the parser says so
                }
            }
        }
        return LocalDate.parse(s);
    }

    /** The decimal number {@code s[from, to)} of ASCII digits; -1 when another character is there. */
    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * A {@code LocalDateTime} in ISO form, {@code 2024-05-31T14:30:00}. Its schema says
     * {@code format: date-time}, which models often fill with an offset ({@code …Z},
     * {@code …+02:00}): such a value is accepted as the local date-time it was written with.
     */
    public static LocalDateTime toLocalDateTime(JsonNode node, String path, List<String> problems) {
        return toLocalDateTime(node, "", path, problems);
    }

    /**
     * {@link #toLocalDateTime(JsonNode, String, List)} for member {@code member} of the object at
     * {@code parent}.
     */
    public static LocalDateTime toLocalDateTime(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a date-time such as \"2024-05-31T14:30:00\"", s -> {
            try {
                return LocalDateTime.parse(s);
            } catch (DateTimeParseException local) {
                return OffsetDateTime.parse(s).toLocalDateTime();
            }
        });
    }

    /** An {@code OffsetDateTime} in ISO form, {@code 2024-05-31T14:30:00+02:00}. */
    public static OffsetDateTime toOffsetDateTime(JsonNode node, String path, List<String> problems) {
        return toOffsetDateTime(node, "", path, problems);
    }

    /**
     * {@link #toOffsetDateTime(JsonNode, String, List)} for member {@code member} of the object at
     * {@code parent}.
     */
    public static OffsetDateTime toOffsetDateTime(JsonNode node, String parent, String member,
                                                  List<String> problems) {
        return parsed(node, parent, member, problems,
                "a date-time with offset such as \"2024-05-31T14:30:00+02:00\"", OffsetDateTime::parse);
    }

    /** An {@code Instant} in ISO form, {@code 2024-05-31T12:30:00Z}. */
    public static Instant toInstant(JsonNode node, String path, List<String> problems) {
        return toInstant(node, "", path, problems);
    }

    /** {@link #toInstant(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Instant toInstant(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "an instant such as \"2024-05-31T12:30:00Z\"", Instant::parse);
    }

    /** A {@code Duration} in ISO form, {@code PT15M}. */
    public static Duration toDuration(JsonNode node, String path, List<String> problems) {
        return toDuration(node, "", path, problems);
    }

    /** {@link #toDuration(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Duration toDuration(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a duration such as \"PT15M\"", Duration::parse);
    }

    /**
     * A {@code LocalTime} in ISO form, {@code 14:30} or {@code 14:30:00}. Its schema says {@code format: time},
     * which models often fill with an offset ({@code 14:30:00Z}): such a value is accepted as the local time it was
     * written with.
     */
    public static LocalTime toLocalTime(JsonNode node, String path, List<String> problems) {
        return toLocalTime(node, "", path, problems);
    }

    /** {@link #toLocalTime(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static LocalTime toLocalTime(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a time such as \"14:30:00\"", s -> {
            try {
                return LocalTime.parse(s);
            } catch (DateTimeParseException local) {
                return OffsetTime.parse(s).toLocalTime();
            }
        });
    }

    /** An {@code OffsetTime} in ISO form, {@code 14:30:00+02:00}. */
    public static OffsetTime toOffsetTime(JsonNode node, String path, List<String> problems) {
        return toOffsetTime(node, "", path, problems);
    }

    /** {@link #toOffsetTime(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static OffsetTime toOffsetTime(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a time with offset such as \"14:30:00+02:00\"",
                OffsetTime::parse);
    }

    /**
     * A {@code ZonedDateTime} in ISO form, {@code 2024-05-31T14:30:00+02:00[Europe/Paris]}, or with an offset only
     * ({@code 2024-05-31T14:30:00+02:00}, {@code …Z}), whose zone is then that offset.
     */
    public static ZonedDateTime toZonedDateTime(JsonNode node, String path, List<String> problems) {
        return toZonedDateTime(node, "", path, problems);
    }

    /** {@link #toZonedDateTime(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static ZonedDateTime toZonedDateTime(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems,
                "a date-time with offset or zone such as \"2024-05-31T14:30:00+02:00[Europe/Paris]\"",
                ZonedDateTime::parse);
    }

    /** A {@code Period} in ISO form, {@code P1Y2M3D} or {@code P2W}. */
    public static Period toPeriod(JsonNode node, String path, List<String> problems) {
        return toPeriod(node, "", path, problems);
    }

    /** {@link #toPeriod(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Period toPeriod(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a period such as \"P1Y2M3D\"", Period::parse);
    }

    /** A {@code Year}: an integer ({@code 2024}), or one written as a string ({@code "2024"}). */
    public static Year toYear(JsonNode node, String path, List<String> problems) {
        return toYear(node, "", path, problems);
    }

    /** {@link #toYear(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Year toYear(JsonNode node, String parent, String member, List<String> problems) {
        Long v = toLongInRange(node, parent, member, problems, Year.MIN_VALUE, Year.MAX_VALUE);
        return v == null ? null : Year.of(v.intValue());
    }

    /** A {@code YearMonth} in ISO form, {@code 2024-05}. */
    public static YearMonth toYearMonth(JsonNode node, String path, List<String> problems) {
        return toYearMonth(node, "", path, problems);
    }

    /** {@link #toYearMonth(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static YearMonth toYearMonth(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a year and month such as \"2024-05\"", YearMonth::parse);
    }

    /** A {@code MonthDay} in ISO form, {@code --05-31}; {@code 05-31} is read as that too. */
    public static MonthDay toMonthDay(JsonNode node, String path, List<String> problems) {
        return toMonthDay(node, "", path, problems);
    }

    /** {@link #toMonthDay(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static MonthDay toMonthDay(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a month and day such as \"--05-31\"",
                s -> MonthDay.parse(s.startsWith("--") ? s : "--" + s));
    }

    /** A {@code ZoneId}: a region ({@code Europe/Paris}), {@code UTC}, or an offset ({@code +02:00}). */
    public static ZoneId toZoneId(JsonNode node, String path, List<String> problems) {
        return toZoneId(node, "", path, problems);
    }

    /** {@link #toZoneId(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static ZoneId toZoneId(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "a time zone such as \"Europe/Paris\"", ZoneId::of);
    }

    /** A {@code ZoneOffset}: {@code +02:00}, {@code -05:30} or {@code Z}. */
    public static ZoneOffset toZoneOffset(JsonNode node, String path, List<String> problems) {
        return toZoneOffset(node, "", path, problems);
    }

    /** {@link #toZoneOffset(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static ZoneOffset toZoneOffset(JsonNode node, String parent, String member, List<String> problems) {
        return parsed(node, parent, member, problems, "an offset from UTC such as \"+02:00\"", ZoneOffset::of);
    }

    /** A short, safe rendering of a value for messages: {@code "many"}, {@code 5.5}, {@code an object}. */
    public static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        String text = node.toString();
        if (text.length() > MAX_QUOTED) {
            text = text.substring(0, MAX_QUOTED) + "…";
        }
        StringBuilder safe = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                safe.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                safe.append(c);
            }
        }
        return safe.toString();
    }

    /** The message for a value of the wrong kind: {@code parameter 'x' must be an integer, got "many"}. */
    public static String mismatch(String path, String expected, JsonNode actual) {
        return new Problem(path, Problem.Kind.INVALID, mismatchDetail(expected, actual))
                .worded(Problem.Subject.PARAMETER);
    }

    /** Adds the problem of a value of the wrong kind at {@code path}: it must be {@code expected}. */
    public static void mismatch(List<String> problems, String path, String expected, JsonNode actual) {
        Problems.report(problems, path, Problem.Kind.INVALID, mismatchDetail(expected, actual));
    }

    private static String mismatchDetail(String expected, JsonNode actual) {
        return "must be " + expected + ", got " + describe(actual);
    }

    /** The path of an object member below {@code parent} ({@code ""} for the top level). */
    public static String child(String parent, String member) {
        return parent.isEmpty() ? member : parent + "." + member;
    }

    /** The path of an array element. */
    public static String element(String parent, int index) {
        return parent + "[" + index + "]";
    }

    private static Long toLongInRange(JsonNode node, String parent, String member, List<String> problems, long min,
                                      long max) {
        if (node.getClass() == IntNode.class || node.isInt() || node.isLong()) {
            long v = node.longValue();
            if (integral(v, 0, min, max)) {
                return v;
            }
        } else if (node.isTextual() && isPlainLong(node.textValue())) {
            long v = Long.parseLong(node.textValue());
            if (v >= min && v <= max) {
                return v;
            }
        }
        // anything else, and every problem, through BigDecimal: 3.0, "4.000", 1e2, "  7 ", 5.5, 1e999999999
        BigDecimal d = exactNumber(node);
        if (d == null) {
            return problem(parent, member, "an integer", node, problems);
        }
        if (d.precision() - d.scale() > 20) {
            // far beyond any long: say so without expanding a huge exponent such as 1e999999999
            return problem(parent, member, "an integer from " + min + " to " + max, node, problems);
        }
        BigInteger i;
        try {
            i = d.stripTrailingZeros().toBigIntegerExact();
        } catch (ArithmeticException e) {
            return problem(parent, member, "an integer", node, problems);
        }
        if (i.compareTo(BigInteger.valueOf(min)) < 0 || i.compareTo(BigInteger.valueOf(max)) > 0) {
            return problem(parent, member, "an integer from " + min + " to " + max, node, problems);
        }
        return i.longValue();
    }

    /**
     * Whether {@code s} is an optional sign and at most 18 digits, nothing else: a {@code long} that
     * {@link Long#parseLong} reads exactly as {@code new BigDecimal(s.trim())} would.
     */
    private static boolean isPlainLong(String s) {
        int n = s.length();
        int start = n > 0 && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
        if (n == start || n - start > MAX_PLAIN_DIGITS) {
            return false;
        }
        for (int i = start; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** The number a node holds exactly, a numeric string included; {@code null} if none. */
    public static BigDecimal exactNumber(JsonNode node) {
        if (node.isNumber()) {
            if (node.isDouble() || node.isFloat()) {
                double v = node.doubleValue();
                if (Double.isNaN(v) || Double.isInfinite(v)) {
                    return null;
                }
            }
            return node.decimalValue();
        }
        if (node.isTextual()) {
            String s = node.textValue().trim();
            if (s.isEmpty() || s.length() > 400) {
                return null;
            }
            char first = s.charAt(0);
            if (!(first == '-' || first == '+' || first == '.' || (first >= '0' && first <= '9'))) {
                return null;
            }
            try {
                return new BigDecimal(s);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static <T> T parsed(JsonNode node, String parent, String member, List<String> problems,
                                String expected, Function<String, T> parser) {
        if (node.isTextual()) {
            try {
                return parser.apply(node.textValue().trim());
            } catch (IllegalArgumentException | DateTimeException e) {
                // fall through to the problem (a DateTimeParseException is a DateTimeException)
            }
        }
        return problem(parent, member, expected, node, problems);
    }

    private static JsonNode decode(String text) {
        String t = text.trim();
        if (t.isEmpty() || (t.charAt(0) != '{' && t.charAt(0) != '[')) {
            return null;
        }
        try {
            return mapper().readTree(t);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String foldEnum(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c == '-' || c == ' ' ? '_' : Character.toLowerCase(c));
        }
        return b.toString();
    }

    /** Adds the mismatch of member {@code member} of {@code parent}, the only place a reader builds a path. */
    private static <T> T problem(String parent, String member, String expected, JsonNode actual,
                                 List<String> problems) {
        mismatch(problems, child(parent, member), expected, actual);
        return null;
    }

    /**
     * The plain {@link ObjectMapper} of the dispatch side (decoding JSON sent as a string, parsing a
     * generated toolkit's constants, writing unusual results), created on first use: reading a
     * toolkit's schemas or instructions never needs it.
     */
    public static ObjectMapper mapper() {
        return Plain.MAPPER;
    }

    private static final class Plain {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
}
