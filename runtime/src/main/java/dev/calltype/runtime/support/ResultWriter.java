package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.args.JsonCoercion;
import dev.calltype.runtime.ToolResult;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * A tool's result written straight to JSON text, member by member, without a tree in between: what the
 * generated result writers call. The text is the one Jackson's {@code ObjectMapper} writes for the tree of
 * the same values (strings escaped by Jackson's own {@link JsonStringEncoder}, numbers as Jackson writes each
 * type), so a result reads the same whichever way it was written. A string written as the whole result is
 * kept as it is: a string result goes back to the model as its text, not as a JSON string.
 * Support for generated code, not API: see {@link ToolkitSupport}.
 *
 * <p>Calls nest as the JSON does: {@link #begin()}, then {@link #name} and a value per member, then
 * {@link #end()}; arrays, maps and optionals are written whole by the methods that take a {@link Writer}
 * for their values.
 */
public final class ResultWriter {

    /** Writes one value of an array, map or optional. */
    @FunctionalInterface
    public interface Writer<T> {
        void write(T value, ResultWriter out);
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final StringBuilder out = new StringBuilder(128);
    /** How many objects and arrays are open. */
    private int depth;
    /** Whether the innermost open object has no member yet. */
    private boolean first;
    /** A string written as the whole result, kept as it is; {@code null} otherwise. */
    private String whole;

    /** A writer of one result. */
    public ResultWriter() {
    }

    // ------------------------------------------------------------------ objects

    /** Opens an object. */
    public ResultWriter begin() {
        out.append('{');
        depth++;
        first = true;
        return this;
    }

    /** Starts the member {@code name} of the open object; its value is written next. */
    public ResultWriter name(String name) {
        if (!first) {
            out.append(',');
        }
        first = false;
        quote(name);
        out.append(':');
        return this;
    }

    /**
     * Starts the member {@code name} of the open object, as {@link #name} does, for a name the generated code knows
     * needs no escape (no {@code "}, backslash or control character): written as it is, without looking.
     */
    public ResultWriter field(String name) {
        if (!first) {
            out.append(',');
        }
        first = false;
        out.append('"').append(name).append("\":");
        return this;
    }

    /** Closes the open object. */
    public ResultWriter end() {
        out.append('}');
        depth--;
        first = false;
        return this;
    }

    // ------------------------------------------------------------------ scalars

    public ResultWriter nul() {
        out.append("null");
        return this;
    }

    public ResultWriter string(String value) {
        if (value == null) {
            return nul();
        }
        if (depth == 0) {
            whole = value;
            return this;
        }
        quote(value);
        return this;
    }

    /** A value written as its {@code toString()} text ({@code char}, {@code UUID}, dates, …). */
    public ResultWriter string(Object value) {
        return value == null ? nul() : string(value.toString());
    }

    public ResultWriter enumName(Enum<?> value) {
        return value == null ? nul() : string(value.name());
    }

    public ResultWriter bool(boolean value) {
        out.append(value);
        return this;
    }

    public ResultWriter bool(Boolean value) {
        return value == null ? nul() : bool(value.booleanValue());
    }

    public ResultWriter number(int value) {
        out.append(value);
        return this;
    }

    public ResultWriter number(long value) {
        out.append(value);
        return this;
    }

    public ResultWriter number(float value) {
        if (!Float.isFinite(value)) {
            return jackson(NODES.numberNode(value));
        }
        out.append(Float.toString(value));
        return this;
    }

    public ResultWriter number(double value) {
        if (!Double.isFinite(value)) {
            return jackson(NODES.numberNode(value));
        }
        out.append(Double.toString(value));
        return this;
    }

    /** A {@code Year} as its number ({@code 2024}), as its schema has it; {@code null} as null. */
    public ResultWriter year(java.time.Year value) {
        return value == null ? nul() : number(value.getValue());
    }

    /** A boxed or big number, written as Jackson writes the node of its type. */
    public ResultWriter number(Number value) {
        if (value == null) {
            return nul();
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return number(value.intValue());
        }
        if (value instanceof Long l) {
            return number(l.longValue());
        }
        if (value instanceof Float f) {
            return number(f.floatValue());
        }
        if (value instanceof Double d) {
            return number(d.doubleValue());
        }
        if (value instanceof BigInteger i) {
            return jackson(NODES.numberNode(i));
        }
        if (value instanceof BigDecimal d) {
            return jackson(NODES.numberNode(d));
        }
        return number(value.doubleValue());
    }

    // ------------------------------------------------------------------ containers

    public <T> ResultWriter array(Iterable<T> values, Writer<T> writer) {
        if (values == null) {
            return nul();
        }
        openArray();
        boolean more = false;
        for (Iterator<T> it = values.iterator(); it.hasNext(); ) {
            if (more) {
                out.append(',');
            }
            more = true;
            writer.write(it.next(), this);
        }
        return closeArray();
    }

    public <T> ResultWriter array(T[] values, Writer<T> writer) {
        if (values == null) {
            return nul();
        }
        openArray();
        for (int i = 0; i < values.length; i++) {
            comma(i);
            writer.write(values[i], this);
        }
        return closeArray();
    }

    public ResultWriter array(int[] values) {
        return values == null ? nul() : elements(values.length, i -> number(values[i]));
    }

    public ResultWriter array(long[] values) {
        return values == null ? nul() : elements(values.length, i -> number(values[i]));
    }

    public ResultWriter array(short[] values) {
        return values == null ? nul() : elements(values.length, i -> number(values[i]));
    }

    public ResultWriter array(byte[] values) {
        return values == null ? nul() : elements(values.length, i -> number(values[i]));
    }

    public ResultWriter array(char[] values) {
        return values == null ? nul() : elements(values.length, i -> string(String.valueOf(values[i])));
    }

    public ResultWriter array(boolean[] values) {
        return values == null ? nul() : elements(values.length, i -> bool(values[i]));
    }

    public ResultWriter array(float[] values) {
        return values == null ? nul() : elements(values.length, i -> number(values[i]));
    }

    public ResultWriter array(double[] values) {
        return values == null ? nul() : elements(values.length, i -> number(values[i]));
    }

    /** A {@code Map<String, …>} as an object, in the map's order. */
    public <T> ResultWriter object(Map<String, T> values, Writer<T> writer) {
        if (values == null) {
            return nul();
        }
        begin();
        for (Map.Entry<String, T> e : values.entrySet()) {
            name(e.getKey());
            writer.write(e.getValue(), this);
        }
        return end();
    }

    /** An optional's value, or {@code null} when it is empty. */
    public <T> ResultWriter optional(Optional<T> value, Writer<T> writer) {
        if (value == null || value.isEmpty()) {
            return nul();
        }
        writer.write(value.get(), this);
        return this;
    }

    // ------------------------------------------------------------------ the result

    /**
     * The successful result of a call with what was written: a string written as the whole result as it is,
     * anything else as its JSON text.
     */
    public ToolResult result(String tool, String callId) {
        return whole != null ? ToolResult.success(tool, callId, TextNode.valueOf(whole))
                : ToolResult.successJson(tool, callId, out.toString());
    }

    /** The JSON text written so far (a whole-result string as a JSON string). */
    @Override
    public String toString() {
        if (whole == null) {
            return out.toString();
        }
        StringBuilder quoted = new StringBuilder(whole.length() + 2);
        quote(whole, quoted);
        return quoted.toString();
    }

    // ------------------------------------------------------------------ helpers

    private void openArray() {
        out.append('[');
        depth++;
    }

    private ResultWriter closeArray() {
        out.append(']');
        depth--;
        first = false;
        return this;
    }

    private void comma(int i) {
        if (i > 0) {
            out.append(',');
        }
    }

    /** An array of {@code length} elements, each written by {@code element} from its index. */
    private ResultWriter elements(int length, IntConsumer element) {
        openArray();
        for (int i = 0; i < length; i++) {
            comma(i);
            element.accept(i);
        }
        return closeArray();
    }

    private void quote(String s) {
        quote(s, out);
    }

    /** {@code s} as a JSON string, escaped as Jackson escapes it; most strings need no escape at all. */
    private static void quote(String s, StringBuilder to) {
        to.append('"');
        if (plain(s)) {
            to.append(s);
        } else {
            JsonStringEncoder.getInstance().quoteAsString(s, to);
        }
        to.append('"');
    }

    /** Whether JSON writes {@code s} as it is, between quotes: no {@code "}, backslash or control character. */
    static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /** A value whose text Jackson decides (big numbers, non-finite floating point), as the mapper writes it. */
    private ResultWriter jackson(JsonNode node) {
        try {
            out.append(JsonCoercion.mapper().writeValueAsString(node));
        } catch (JsonProcessingException e) {
            out.append(node.toString());
        }
        return this;
    }
}
