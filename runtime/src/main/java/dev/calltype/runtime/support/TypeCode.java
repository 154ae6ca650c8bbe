package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.args.JsonCoercion;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A parameter's Java type as a {@link ToolTable} type code names it (the grammar is documented there), and the
 * reader of its values. Support for generated code, no API.
 */
final class TypeCode implements ValueReader {
    final char letter;
    final TypeCode element;
    final ValueReader reader;
    final Enum<?>[] constants;
    final IntFunction<?> array;

    private TypeCode(char letter, TypeCode element, ValueReader reader, Enum<?>[] constants, IntFunction<?> array) {
        this.letter = letter;
        this.element = element;
        this.reader = reader;
        this.constants = constants;
        this.array = array;
    }

    static TypeCode read(Cursor code, ValueReader[] readers, Enum<?>[][] enums, IntFunction<?>[] arrays) {
        char c = code.next();
        switch (c) {
            case 'E':
                return new TypeCode(c, null, null, enums[code.number()], null);
            case 'R':
                return new TypeCode(c, null, readers[code.number()], null, null);
            case 'L':
            case 'T':
            case 'Q':
            case 'M':
            case 'O':
                return new TypeCode(c, read(code, readers, enums, arrays), null, null, null);
            case 'A':
                if (code.digitNext()) {
                    IntFunction<?> maker = arrays[code.number()];
                    return new TypeCode(c, read(code, readers, enums, arrays), null, null, maker);
                }
                return new TypeCode(c, read(code, readers, enums, arrays), null, null, null);
            default:
                if (SCALARS.indexOf(c) < 0) {
                    throw new IllegalArgumentException("a generated type code is malformed at " + code);
                }
                return new TypeCode(c, null, null, null, null);
        }
    }

    /** Writes the Java type that the type at {@code code} names, as {@link ToolTable#describe} reads codes. */
    static void describe(Cursor code, StringBuilder out) {
        char c = code.next();
        switch (c) {
            case 'E' -> out.append("enums[").append(code.number()).append(']');
            case 'R' -> out.append("readers[").append(code.number()).append(']');
            case 'L', 'T', 'Q', 'O' -> {
                out.append(c == 'L' ? "List<" : c == 'T' ? "Set<" : c == 'Q' ? "Collection<" : "Optional<");
                describe(code, out);
                out.append('>');
            }
            case 'M' -> {
                out.append("Map<String, ");
                describe(code, out);
                out.append('>');
            }
            case 'A' -> {
                if (code.digitNext()) {
                    code.number();
                }
                describe(code, out);
                out.append("[]");
            }
            default -> {
                int at = SCALARS.indexOf(c);
                if (at < 0) {
                    throw new IllegalArgumentException("a generated type code is malformed at " + code);
                }
                out.append(SCALAR_NAMES[at]);
            }
        }
    }

    /** The scalar letters, and the Java type each names. */
    private static final String SCALARS = "zZcCbBhHiIjJfFdDsmnuwxyokpaelqYKNGP";
    private static final String[] SCALAR_NAMES = {
        "boolean", "Boolean", "char", "Character", "byte", "Byte", "short", "Short", "int", "Integer", "long", "Long",
        "float", "Float", "double", "Double", "String", "BigDecimal", "BigInteger", "UUID", "URI", "LocalDate",
        "LocalDateTime", "OffsetDateTime", "Instant", "Duration", "LocalTime", "OffsetTime", "ZonedDateTime", "Period",
        "Year", "YearMonth", "MonthDay", "ZoneId", "ZoneOffset"
    };

    /** How members sent beside this parameter are moved into it, when it is an object. */
    Nesting nesting(String parameter, JsonNode schema, ObjectNode root) {
        if (letter != 'R' && !(letter == 'O' && element.letter == 'R')) {
            return null;
        }
        JsonNode anyOf = schema.get("anyOf");
        if (anyOf == null || !anyOf.isArray()) {
            return Nesting.of(parameter, fieldNames(schema));
        }
        List<String> discriminators = new ArrayList<>();
        List<List<String>> required = new ArrayList<>();
        List<List<String>> fields = new ArrayList<>();
        for (JsonNode member : anyOf) {
            JsonNode record = resolve(member, root);
            discriminators.add(record.path("properties").path("type").path("enum").path(0).asText());
            List<String> names = new ArrayList<>();
            record.path("required").forEach(n -> names.add(n.asText()));
            required.add(names);
            fields.add(fieldNames(record));
        }
        return Nesting.of(parameter, new Union(discriminators, discriminators, required, fields));
    }

    private static List<String> fieldNames(JsonNode objectSchema) {
        List<String> fields = new ArrayList<>();
        objectSchema.path("properties").fieldNames().forEachRemaining(fields::add);
        return fields;
    }

    /** The value of a parameter that is missing and has no default. */
    Object absent() {
        switch (letter) {
            case 'O':
                return Optional.empty();
            case 'z':
                return Boolean.FALSE;
            case 'c':
                return (char) 0;
            case 'b':
                return (byte) 0;
            case 'h':
                return (short) 0;
            case 'i':
                return 0;
            case 'j':
                return 0L;
            case 'f':
                return 0.0f;
            case 'd':
                return 0.0;
            default:
                return null;
        }
    }

    @Override
    public Object read(JsonNode node, String path, List<String> problems, int depth) {
        // the usual types first, in a method small enough for the JIT to inline where it is called
        switch (letter) {
            case 's':
                return JsonCoercion.toStringValue(node, path, problems);
            case 'i':
            case 'I':
                return JsonCoercion.toInt(node, path, problems);
            case 'z':
            case 'Z':
                return JsonCoercion.toBoolean(node, path, problems);
            case 'E':
                return enumConstant(node, path, problems);
            case 'R':
                return reader.read(node, path, problems, depth);
            default:
                return readOther(node, path, problems, depth);
        }
    }

    private Object readOther(JsonNode node, String path, List<String> problems, int depth) {
        switch (letter) {
            case 'c':
            case 'C':
                return JsonCoercion.toChar(node, path, problems);
            case 'b':
            case 'B':
                return JsonCoercion.toByte(node, path, problems);
            case 'h':
            case 'H':
                return JsonCoercion.toShort(node, path, problems);
            case 'j':
            case 'J':
                return JsonCoercion.toLong(node, path, problems);
            case 'f':
            case 'F':
                return JsonCoercion.toFloat(node, path, problems);
            case 'd':
            case 'D':
                return JsonCoercion.toDouble(node, path, problems);
            case 'm':
                return JsonCoercion.toBigDecimal(node, path, problems);
            case 'n':
                return JsonCoercion.toBigInteger(node, path, problems);
            case 'u':
                return JsonCoercion.toUuid(node, path, problems);
            case 'w':
                return JsonCoercion.toUri(node, path, problems);
            case 'x':
                return JsonCoercion.toLocalDate(node, path, problems);
            case 'y':
                return JsonCoercion.toLocalDateTime(node, path, problems);
            case 'o':
                return JsonCoercion.toOffsetDateTime(node, path, problems);
            case 'k':
                return JsonCoercion.toInstant(node, path, problems);
            case 'p':
                return JsonCoercion.toDuration(node, path, problems);
            case 'a':
                return JsonCoercion.toLocalTime(node, path, problems);
            case 'e':
                return JsonCoercion.toOffsetTime(node, path, problems);
            case 'l':
                return JsonCoercion.toZonedDateTime(node, path, problems);
            case 'q':
                return JsonCoercion.toPeriod(node, path, problems);
            case 'Y':
                return JsonCoercion.toYear(node, path, problems);
            case 'K':
                return JsonCoercion.toYearMonth(node, path, problems);
            case 'N':
                return JsonCoercion.toMonthDay(node, path, problems);
            case 'G':
                return JsonCoercion.toZoneId(node, path, problems);
            case 'P':
                return JsonCoercion.toZoneOffset(node, path, problems);
            case 'O':
                return Optional.ofNullable(element.read(node, path, problems, depth));
            case 'L':
            case 'Q':
                return ArgumentSupport.readList(node, path, problems, (n, p) -> element.read(n, p, problems, depth));
            case 'T':
                return ArgumentSupport.readSet(node, path, problems, (n, p) -> element.read(n, p, problems, depth));
            case 'M':
                return ArgumentSupport.readMap(node, path, problems, (n, p) -> element.read(n, p, problems, depth));
            default:
                return array(node, path, problems, depth);
        }
    }

    private Object enumConstant(JsonNode node, String path, List<String> problems) {
        return JsonCoercion.toEnum(node, path, problems, constants);
    }

    @SuppressWarnings("unchecked")
    private Object array(JsonNode node, String path, List<String> problems, int depth) {
        List<Object> list = ArgumentSupport.readList(node, path, problems,
                (n, p) -> element.read(n, p, problems, depth));
        if (list == null) {
            return null;
        }
        if (array != null) {
            return ArgumentSupport.toArray(list, (IntFunction<Object[]>) array);
        }
        List<?> l = list;
        switch (element.letter) {
            case 'z':
                return ArgumentSupport.toBooleanArray((List<Boolean>) l);
            case 'c':
                return ArgumentSupport.toCharArray((List<Character>) l);
            case 'b':
                return ArgumentSupport.toByteArray((List<Byte>) l);
            case 'h':
                return ArgumentSupport.toShortArray((List<Short>) l);
            case 'i':
                return ArgumentSupport.toIntArray((List<Integer>) l);
            case 'j':
                return ArgumentSupport.toLongArray((List<Long>) l);
            case 'f':
                return ArgumentSupport.toFloatArray((List<Float>) l);
            default:
                return ArgumentSupport.toDoubleArray((List<Double>) l);
        }
    }

    /** A property's schema, a {@code $ref} to the root's {@code $defs} followed. */
    static JsonNode resolve(JsonNode property, ObjectNode root) {
        JsonNode ref = property.get("$ref");
        if (ref != null && ref.isTextual() && ref.textValue().startsWith("#/$defs/")) {
            return root.path("$defs").path(ref.textValue().substring("#/$defs/".length()));
        }
        return property;
    }

    /** Reads a type code left to right. */
    static final class Cursor {
        private final String text;
        private int at;

        Cursor(String text, int at) {
            this.text = text;
            this.at = at;
        }

        char next() {
            if (at >= text.length()) {
                throw new IllegalArgumentException("a generated type code ends early: " + text);
            }
            return text.charAt(at++);
        }

        boolean digitNext() {
            return at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9';
        }

        int number() {
            int n = 0;
            int start = at;
            while (digitNext()) {
                n = n * 10 + (text.charAt(at++) - '0');
            }
            if (at == start) {
                throw new IllegalArgumentException("a generated type code lacks a number: " + text);
            }
            return n;
        }

        void expect(char c) {
            if (next() != c) {
                throw new IllegalArgumentException("a generated type code is malformed: " + text);
            }
        }

        boolean skip(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        void end() {
            if (at != text.length()) {
                throw new IllegalArgumentException("a generated type code has more types than parameters: " + text);
            }
        }

        @Override
        public String toString() {
            return at + " of " + text;
        }
    }
}
