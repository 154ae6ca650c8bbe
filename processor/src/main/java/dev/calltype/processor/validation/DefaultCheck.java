package dev.calltype.processor.validation;

import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.RecordModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.SealedModel;
import dev.calltype.processor.model.TypeModel;

import dev.calltype.render.Json;
import dev.calltype.render.Json.JsonArray;
import dev.calltype.render.Json.JsonBoolean;
import dev.calltype.render.Json.JsonNumber;
import dev.calltype.render.Json.JsonObject;
import dev.calltype.render.Json.JsonString;
import dev.calltype.processor.model.TypeModel.EnumType;
import dev.calltype.processor.model.TypeModel.MapType;
import dev.calltype.processor.model.TypeModel.OptionalType;
import dev.calltype.processor.model.TypeModel.RecordRef;
import dev.calltype.processor.model.TypeModel.Scalar;
import dev.calltype.processor.model.TypeModel.SealedRef;
import dev.calltype.processor.model.TypeModel.Sequence;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Checks at compile time that a {@code defaultValue} is a JSON value of the parameter's type, as the
 * schema states it (no coercion: a default is published in the schema and must validate there).
 */
final class DefaultCheck {

    private DefaultCheck() {
    }

    /** Why the value does not fit the type, or {@code null} when it does. */
    static String check(Json value, TypeModel type, Map<String, RecordModel> records,
                        Map<String, SealedModel> sealedTypes) {
        return check(value, type, records, sealedTypes, "", 0);
    }

    private static String check(Json value, TypeModel type, Map<String, RecordModel> records,
                                Map<String, SealedModel> sealedTypes, String path, int depth) {
        String at = path.isEmpty() ? "" : " at '" + path + "'";
        if (value instanceof Json.JsonNull) {
            return "null is not a default" + at + "; leave defaultValue empty, or use Optional or @Nullable";
        }
        if (depth > 50) {
            return "the value is nested too deeply";
        }
        if (type instanceof OptionalType o) {
            return check(value, o.value(), records, sealedTypes, path, depth);
        }
        if (type instanceof Scalar s) {
            return scalar(value, s.kind(), at);
        }
        if (type instanceof EnumType e) {
            if (value instanceof JsonString str && e.constants().contains(str.value())) {
                return null;
            }
            return "expected one of " + quotedList(e.constants()) + at;
        }
        if (type instanceof Sequence s) {
            if (!(value instanceof JsonArray a)) {
                return "expected a JSON array" + at;
            }
            for (int i = 0; i < a.elements().size(); i++) {
                String p = check(a.elements().get(i), s.element(), records, sealedTypes, path + "[" + i + "]",
                        depth + 1);
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        if (type instanceof MapType m) {
            if (!(value instanceof JsonObject o)) {
                return "expected a JSON object" + at;
            }
            for (Map.Entry<String, Json> e : o.members().entrySet()) {
                String p = check(e.getValue(), m.value(), records, sealedTypes, child(path, e.getKey()), depth + 1);
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        if (type instanceof RecordRef r) {
            RecordModel record = records.get(r.key());
            return record == null ? null : record(value, record, records, sealedTypes, path, depth, false);
        }
        if (type instanceof SealedRef s) {
            SealedModel sealed = sealedTypes.get(s.key());
            if (sealed == null) {
                return null;
            }
            if (!(value instanceof JsonObject o)) {
                return "expected a JSON object" + at;
            }
            Json d = o.get(SealedModel.DISCRIMINATOR);
            for (SealedModel.Member m : sealed.members()) {
                if (d instanceof JsonString ds && ds.value().equals(m.discriminator())) {
                    RecordModel record = records.get(m.recordKey());
                    return record == null ? null : record(value, record, records, sealedTypes, path, depth, true);
                }
            }
            StringBuilder names = new StringBuilder();
            for (SealedModel.Member m : sealed.members()) {
                names.append(names.length() == 0 ? "" : ", ").append('"').append(m.discriminator()).append('"');
            }
            return "expected \"" + SealedModel.DISCRIMINATOR + "\" to be one of " + names + at;
        }
        return null;
    }

    private static String record(Json value, RecordModel record, Map<String, RecordModel> records,
                                 Map<String, SealedModel> sealedTypes, String path, int depth, boolean member) {
        String at = path.isEmpty() ? "" : " at '" + path + "'";
        if (!(value instanceof JsonObject o)) {
            return "expected a JSON object" + at;
        }
        Set<String> known = new HashSet<>();
        for (FieldModel f : record.fields()) {
            known.add(f.jsonName());
            Json v = o.get(f.jsonName());
            if (v == null) {
                if (f.required()) {
                    return "'" + child(path, f.jsonName()) + "' is required";
                }
                continue;
            }
            if (v instanceof Json.JsonNull && !f.required()) {
                continue;
            }
            String p = check(v, f.type(), records, sealedTypes, child(path, f.jsonName()), depth + 1);
            if (p != null) {
                return p;
            }
        }
        for (String k : o.members().keySet()) {
            if (!known.contains(k) && !(member && k.equals(SealedModel.DISCRIMINATOR))) {
                return "'" + child(path, k) + "' is not a component of " + record.simpleName();
            }
        }
        return null;
    }

    private static String scalar(Json value, ScalarKind kind, String at) {
        switch (kind) {
            case STRING:
                return value instanceof JsonString ? null : "expected a JSON string" + at;
            case CHAR:
                return value instanceof JsonString s && s.value().length() == 1 ? null
                        : "expected a string of one character" + at;
            case BOOLEAN:
                return value instanceof JsonBoolean ? null : "expected true or false" + at;
            case BYTE:
                return integer(value, (long) Byte.MIN_VALUE, (long) Byte.MAX_VALUE, at);
            case SHORT:
                return integer(value, (long) Short.MIN_VALUE, (long) Short.MAX_VALUE, at);
            case INT:
                return integer(value, (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE, at);
            case LONG:
                return integer(value, Long.MIN_VALUE, Long.MAX_VALUE, at);
            case BIG_INTEGER:
                return integer(value, null, null, at);
            case YEAR:
                return integer(value, (long) java.time.Year.MIN_VALUE, (long) java.time.Year.MAX_VALUE, at);
            case FLOAT:
            case DOUBLE:
            case BIG_DECIMAL:
                return value instanceof JsonNumber ? null : "expected a JSON number" + at;
            default:
                break;
        }
        if (!(value instanceof JsonString s)) {
            return "expected a JSON string" + at;
        }
        try {
            String text = s.value();
            switch (kind) {
                case UUID -> java.util.UUID.fromString(text);
                case URI -> new java.net.URI(text);
                case LOCAL_DATE -> java.time.LocalDate.parse(text);
                case LOCAL_DATE_TIME -> java.time.LocalDateTime.parse(text);
                case OFFSET_DATE_TIME -> java.time.OffsetDateTime.parse(text);
                case INSTANT -> java.time.Instant.parse(text);
                case DURATION -> java.time.Duration.parse(text);
                case LOCAL_TIME -> java.time.LocalTime.parse(text);
                case OFFSET_TIME -> java.time.OffsetTime.parse(text);
                case ZONED_DATE_TIME -> java.time.ZonedDateTime.parse(text);
                case PERIOD -> java.time.Period.parse(text);
                case YEAR_MONTH -> java.time.YearMonth.parse(text);
                case MONTH_DAY -> java.time.MonthDay.parse(text.startsWith("--") ? text : "--" + text);
                case ZONE_ID -> java.time.ZoneId.of(text);
                case ZONE_OFFSET -> java.time.ZoneOffset.of(text);
                default -> {
                }
            }
            return null;
        } catch (Exception e) {
            return "\"" + s.value() + "\" is not a valid " + kind.name().toLowerCase(java.util.Locale.ROOT)
                    .replace('_', ' ') + at;
        }
    }

    private static String integer(Json value, Long min, Long max, String at) {
        if (!(value instanceof JsonNumber n)) {
            return "expected an integer" + at;
        }
        BigInteger i;
        try {
            i = new BigDecimal(n.text()).stripTrailingZeros().toBigIntegerExact();
        } catch (ArithmeticException | NumberFormatException e) {
            return "expected an integer, not " + n.text() + at;
        }
        if ((min != null && i.compareTo(BigInteger.valueOf(min)) < 0)
                || (max != null && i.compareTo(BigInteger.valueOf(max)) > 0)) {
            return n.text() + " is out of range [" + min + ", " + max + "]" + at;
        }
        return null;
    }

    private static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static String quotedList(java.util.List<String> values) {
        StringBuilder b = new StringBuilder();
        for (String v : values) {
            b.append(b.length() == 0 ? "" : ", ").append('"').append(v).append('"');
        }
        return b.toString();
    }
}
