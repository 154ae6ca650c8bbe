package dev.calltype.processor.model;

import dev.calltype.render.StringForms;


/**
 * The scalar Java types a tool parameter can have, with their JSON Schema type and format and the
 * runtime {@code Coercion} method that reads them.
 */
public enum ScalarKind {
    STRING("java.lang.String", null, "string", null, "toStringValue"),
    CHAR("java.lang.Character", "char", "string", null, "toChar"),
    BOOLEAN("java.lang.Boolean", "boolean", "boolean", null, "toBoolean"),
    BYTE("java.lang.Byte", "byte", "integer", null, "toByte"),
    SHORT("java.lang.Short", "short", "integer", null, "toShort"),
    INT("java.lang.Integer", "int", "integer", null, "toInt"),
    LONG("java.lang.Long", "long", "integer", null, "toLong"),
    FLOAT("java.lang.Float", "float", "number", null, "toFloat"),
    DOUBLE("java.lang.Double", "double", "number", null, "toDouble"),
    BIG_DECIMAL("java.math.BigDecimal", null, "number", null, "toBigDecimal"),
    BIG_INTEGER("java.math.BigInteger", null, "integer", null, "toBigInteger"),
    UUID("java.util.UUID", null, "string", "uuid", "toUuid"),
    URI("java.net.URI", null, "string", "uri", "toUri"),
    LOCAL_DATE("java.time.LocalDate", null, "string", "date", "toLocalDate"),
    LOCAL_DATE_TIME("java.time.LocalDateTime", null, "string", "date-time", "toLocalDateTime"),
    OFFSET_DATE_TIME("java.time.OffsetDateTime", null, "string", "date-time", "toOffsetDateTime"),
    INSTANT("java.time.Instant", null, "string", "date-time", "toInstant"),
    DURATION("java.time.Duration", null, "string", "duration", "toDuration"),
    LOCAL_TIME("java.time.LocalTime", null, "string", "time", "toLocalTime"),
    OFFSET_TIME("java.time.OffsetTime", null, "string", "time", "toOffsetTime"),
    ZONED_DATE_TIME("java.time.ZonedDateTime", null, "string", "date-time", "toZonedDateTime"),
    PERIOD("java.time.Period", null, "string", null, "toPeriod"),
    YEAR("java.time.Year", null, "integer", null, "toYear"),
    YEAR_MONTH("java.time.YearMonth", null, "string", null, "toYearMonth"),
    MONTH_DAY("java.time.MonthDay", null, "string", null, "toMonthDay"),
    ZONE_ID("java.time.ZoneId", null, "string", null, "toZoneId"),
    ZONE_OFFSET("java.time.ZoneOffset", null, "string", null, "toZoneOffset");

    private final String className;
    private final String primitive;
    private final String schemaType;
    private final String format;
    private final String coercion;

    ScalarKind(String className, String primitive, String schemaType, String format, String coercion) {
        this.className = className;
        this.primitive = primitive;
        this.schemaType = schemaType;
        this.format = format;
        this.coercion = coercion;
    }

    /** The (boxed) class's qualified name. */
    public String className() {
        return className;
    }

    /** The primitive's keyword, or {@code null} when there is none. */
    public String primitive() {
        return primitive;
    }

    public String schemaType() {
        return schemaType;
    }

    /** The JSON Schema {@code format}, or {@code null}. */
    public String format() {
        return format;
    }

    /** The name of the {@code dev.calltype.runtime.support.Coercion} method reading this type. */
    public String coercion() {
        return coercion;
    }

    /** Whether the Java type is a number (a {@code Year} is written as an integer but is not one). */
    public boolean isNumeric() {
        return this != YEAR && (schemaType.equals("integer") || schemaType.equals("number"));
    }

    /**
     * The JSON Schema {@code pattern} of a string type that has no {@code format} for it, or {@code null}: ISO
     * forms that models can be held to by structured output.
     */
    public String pattern() {
        return switch (this) {
            case PERIOD -> StringForms.PERIOD;
            case YEAR_MONTH -> StringForms.YEAR_MONTH;
            case MONTH_DAY -> StringForms.MONTH_DAY;
            case ZONE_OFFSET -> StringForms.ZONE_OFFSET;
            case ZONE_ID -> StringForms.ZONE_ID;
            default -> null;
        };
    }

    /**
     * The range of an integer type narrower than the {@code int} a schema's reader assumes, as {@code {min, max}}, or
     * {@code null}: {@code byte}, {@code short} and {@code Year} publish their range so that a schema, a prompt and a
     * grammar never admit a value the dispatcher refuses.
     */
    public long[] integerRange() {
        return switch (this) {
            case BYTE -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
            case SHORT -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case YEAR -> new long[] {java.time.Year.MIN_VALUE, java.time.Year.MAX_VALUE};
            default -> null;
        };
    }

    /** The kind for a qualified class name or primitive keyword, or {@code null}. */
    public static ScalarKind forName(String name) {
        for (ScalarKind k : values()) {
            if (k.className.equals(name) || name.equals(k.primitive)) {
                return k;
            }
        }
        return null;
    }
}
