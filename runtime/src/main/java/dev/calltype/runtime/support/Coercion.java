package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.args.JsonCoercion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
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
import java.util.List;
import java.util.UUID;

/**
 * Converts a model's JSON argument values to Java values for generated toolkits: each method is the engine's
 * reader of the same name, which the dynamic toolkits use too, so generated and dynamic toolkits coerce alike.
 * What models commonly get wrong is coerced when it is unambiguous ({@code "3"} → 3, {@code "true"} → true,
 * {@code 3.0} → 3, a single value where a list is expected, enum constants in any case, an object sent as a JSON
 * string), and what would lose information is refused ({@code 5.5} is never an {@code int}).
 *
 * <p>Every method takes the value's path for messages ({@code item.quantity}, {@code tags[2]}) and a list that
 * collects problems; it returns {@code null} after adding a problem, so a caller can read every field and report
 * every problem at once. A JSON {@code null} is a problem here: callers handle missing and null values (defaults,
 * optional parameters) before converting. The second form of each reader takes the path of the object holding the
 * value and the member's name, joined only to report a problem.
 */
public final class Coercion {

    private Coercion() {
    }

    /** A string. Numbers and booleans are accepted as their JSON text. */
    public static String toStringValue(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toStringValue(node, path, problems);
    }

    /** {@link #toStringValue(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static String toStringValue(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toStringValue(node, parent, member, problems);
    }

    /** A single character: a string of length one (one code unit). */
    public static Character toChar(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toChar(node, path, problems);
    }

    /** {@link #toChar(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Character toChar(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toChar(node, parent, member, problems);
    }

    /** A boolean; the strings {@code "true"} and {@code "false"} in any case are accepted. */
    public static Boolean toBoolean(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toBoolean(node, path, problems);
    }

    /** {@link #toBoolean(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Boolean toBoolean(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toBoolean(node, parent, member, problems);
    }

    /** An {@code int}. */
    public static Integer toInt(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toInt(node, path, problems);
    }

    /** {@link #toInt(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Integer toInt(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toInt(node, parent, member, problems);
    }

    /** A {@code long}. */
    public static Long toLong(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toLong(node, path, problems);
    }

    /** {@link #toLong(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Long toLong(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toLong(node, parent, member, problems);
    }

    /** A {@code short}. */
    public static Short toShort(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toShort(node, path, problems);
    }

    /** {@link #toShort(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Short toShort(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toShort(node, parent, member, problems);
    }

    /** A {@code byte}. */
    public static Byte toByte(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toByte(node, path, problems);
    }

    /** {@link #toByte(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Byte toByte(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toByte(node, parent, member, problems);
    }

    /** A {@code BigInteger}: an integral number, or a string holding one. */
    public static BigInteger toBigInteger(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toBigInteger(node, path, problems);
    }

    /** {@link #toBigInteger(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static BigInteger toBigInteger(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toBigInteger(node, parent, member, problems);
    }

    /** A {@code double}; strings holding a number are accepted. */
    public static Double toDouble(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toDouble(node, path, problems);
    }

    /** {@link #toDouble(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Double toDouble(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toDouble(node, parent, member, problems);
    }

    /** A {@code float}. */
    public static Float toFloat(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toFloat(node, path, problems);
    }

    /** {@link #toFloat(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Float toFloat(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toFloat(node, parent, member, problems);
    }

    /** A {@code BigDecimal}, exactly as written. */
    public static BigDecimal toBigDecimal(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toBigDecimal(node, path, problems);
    }

    /** {@link #toBigDecimal(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static BigDecimal toBigDecimal(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toBigDecimal(node, parent, member, problems);
    }

    /**
     * An enum constant, matched exactly, then ignoring case and treating {@code -} and spaces as
     * {@code _}.
     *
     * @param constants the enum's constants ({@code MyEnum.values()}); only read
     */
    public static <E extends Enum<?>> E toEnum(JsonNode node, String path, List<String> problems, E[] constants) {
        return JsonCoercion.toEnum(node, path, problems, constants);
    }

    /**
     * {@link #toEnum(JsonNode, String, List, Enum[])} for member {@code member} of the object at
     * {@code parent}.
     */
    public static <E extends Enum<?>> E toEnum(JsonNode node, String parent, String member, List<String> problems,
                                               E[] constants) {
        return JsonCoercion.toEnum(node, parent, member, problems, constants);
    }

    /**
     * One of the given strings (an enum written in a schema), matched exactly, then as
     * {@link #toEnum} does; returns the allowed spelling.
     */
    public static String toOneOf(JsonNode node, String path, List<String> problems, List<String> allowed) {
        return JsonCoercion.toOneOf(node, path, problems, allowed);
    }

    /**
     * An array: an array as it is, a string holding a JSON array decoded, and any other single
     * value as an array of one.
     */
    public static ArrayNode toArray(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toArray(node, path, problems);
    }

    /** An object: an object as it is, or a string holding a JSON object, decoded. */
    public static ObjectNode toObject(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toObject(node, path, problems);
    }

    /** A {@code UUID}. */
    public static UUID toUuid(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toUuid(node, path, problems);
    }

    /** {@link #toUuid(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static UUID toUuid(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toUuid(node, parent, member, problems);
    }

    /** A {@code URI}. */
    public static URI toUri(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toUri(node, path, problems);
    }

    /** {@link #toUri(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static URI toUri(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toUri(node, parent, member, problems);
    }

    /** A {@code LocalDate} in ISO form, {@code 2024-05-31}. */
    public static LocalDate toLocalDate(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toLocalDate(node, path, problems);
    }

    /** {@link #toLocalDate(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static LocalDate toLocalDate(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toLocalDate(node, parent, member, problems);
    }

    /**
     * A {@code LocalDateTime} in ISO form, {@code 2024-05-31T14:30:00}. Its schema says
     * {@code format: date-time}, which models often fill with an offset ({@code …Z},
     * {@code …+02:00}): such a value is accepted as the local date-time it was written with.
     */
    public static LocalDateTime toLocalDateTime(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toLocalDateTime(node, path, problems);
    }

    /**
     * {@link #toLocalDateTime(JsonNode, String, List)} for member {@code member} of the object at
     * {@code parent}.
     */
    public static LocalDateTime toLocalDateTime(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toLocalDateTime(node, parent, member, problems);
    }

    /** An {@code OffsetDateTime} in ISO form, {@code 2024-05-31T14:30:00+02:00}. */
    public static OffsetDateTime toOffsetDateTime(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toOffsetDateTime(node, path, problems);
    }

    /**
     * {@link #toOffsetDateTime(JsonNode, String, List)} for member {@code member} of the object at
     * {@code parent}.
     */
    public static OffsetDateTime toOffsetDateTime(JsonNode node, String parent, String member,
                                                  List<String> problems) {
        return JsonCoercion.toOffsetDateTime(node, parent, member, problems);
    }

    /** An {@code Instant} in ISO form, {@code 2024-05-31T12:30:00Z}. */
    public static Instant toInstant(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toInstant(node, path, problems);
    }

    /** {@link #toInstant(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Instant toInstant(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toInstant(node, parent, member, problems);
    }

    /** A {@code Duration} in ISO form, {@code PT15M}. */
    public static Duration toDuration(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toDuration(node, path, problems);
    }

    /** {@link #toDuration(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Duration toDuration(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toDuration(node, parent, member, problems);
    }

    /** A {@code LocalTime} ({@code 14:30:00}). */
    public static LocalTime toLocalTime(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toLocalTime(node, path, problems);
    }

    /** {@link #toLocalTime(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static LocalTime toLocalTime(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toLocalTime(node, parent, member, problems);
    }

    /** An {@code OffsetTime} ({@code 14:30:00+02:00}). */
    public static OffsetTime toOffsetTime(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toOffsetTime(node, path, problems);
    }

    /** {@link #toOffsetTime(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static OffsetTime toOffsetTime(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toOffsetTime(node, parent, member, problems);
    }

    /** A {@code ZonedDateTime} ({@code 2024-05-31T14:30:00+02:00[Europe/Paris]}). */
    public static ZonedDateTime toZonedDateTime(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toZonedDateTime(node, path, problems);
    }

    /** {@link #toZonedDateTime(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static ZonedDateTime toZonedDateTime(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toZonedDateTime(node, parent, member, problems);
    }

    /** A {@code Period} ({@code P1Y2M3D}). */
    public static Period toPeriod(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toPeriod(node, path, problems);
    }

    /** {@link #toPeriod(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Period toPeriod(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toPeriod(node, parent, member, problems);
    }

    /** A {@code Year} ({@code 2024}). */
    public static Year toYear(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toYear(node, path, problems);
    }

    /** {@link #toYear(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static Year toYear(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toYear(node, parent, member, problems);
    }

    /** A {@code YearMonth} ({@code 2024-05}). */
    public static YearMonth toYearMonth(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toYearMonth(node, path, problems);
    }

    /** {@link #toYearMonth(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static YearMonth toYearMonth(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toYearMonth(node, parent, member, problems);
    }

    /** A {@code MonthDay} ({@code --05-31}). */
    public static MonthDay toMonthDay(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toMonthDay(node, path, problems);
    }

    /** {@link #toMonthDay(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static MonthDay toMonthDay(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toMonthDay(node, parent, member, problems);
    }

    /** A {@code ZoneId} ({@code Europe/Paris}). */
    public static ZoneId toZoneId(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toZoneId(node, path, problems);
    }

    /** {@link #toZoneId(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static ZoneId toZoneId(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toZoneId(node, parent, member, problems);
    }

    /** A {@code ZoneOffset} ({@code +02:00}). */
    public static ZoneOffset toZoneOffset(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toZoneOffset(node, path, problems);
    }

    /** {@link #toZoneOffset(JsonNode, String, List)} for member {@code member} of the object at {@code parent}. */
    public static ZoneOffset toZoneOffset(JsonNode node, String parent, String member, List<String> problems) {
        return JsonCoercion.toZoneOffset(node, parent, member, problems);
    }

    /** A short, safe rendering of a value for messages: {@code "many"}, {@code 5.5}, {@code an object}. */
    public static String describe(JsonNode node) {
        return JsonCoercion.describe(node);
    }

    /** The message for a value of the wrong kind: {@code parameter 'x' must be an integer, got "many"}. */
    public static String mismatch(String path, String expected, JsonNode actual) {
        return JsonCoercion.mismatch(path, expected, actual);
    }

    /** The path of an object member below {@code parent} ({@code ""} for the top level). */
    public static String child(String parent, String member) {
        return JsonCoercion.child(parent, member);
    }

    /** The path of an array element. */
    public static String element(String parent, int index) {
        return JsonCoercion.element(parent, index);
    }

    /** The number a node holds exactly, a numeric string included; {@code null} if none. */
    public static BigDecimal exactNumber(JsonNode node) {
        return JsonCoercion.exactNumber(node);
    }

    /**
     * The plain {@link ObjectMapper} of the dispatch side (decoding JSON sent as a string, parsing a
     * generated toolkit's constants, writing unusual results), created on first use: reading a
     * toolkit's schemas or instructions never needs it.
     */
    public static ObjectMapper mapper() {
        return JsonCoercion.mapper();
    }
}
