package dev.calltype.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ShortNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of dispatching one tool call: a value, or a failure message written for the model.
 */
public final class ToolResult {

    private final String toolName;
    private final String callId;
    private final JsonNode value;
    private final String content;

    private ToolResult(String toolName, String callId, JsonNode value, String content) {
        this.toolName = toolName;
        this.callId = callId;
        this.value = value;
        this.content = content;
    }

    /**
     * A successful result. Its {@link #content()} is a string value as it is, anything else as
     * JSON text.
     */
    public static ToolResult success(String toolName, String callId, JsonNode value) {
        Objects.requireNonNull(value, "value");
        Class<?> type = value.getClass();
        boolean text = type == TextNode.class || (type != ObjectNode.class && value.isTextual());
        return new ToolResult(toolName, callId, value, text ? value.textValue() : json(value));
    }

    /** A failed call; the message goes back to the model as the tool's answer. */
    public static ToolResult failure(String toolName, String callId, String message) {
        return new ToolResult(toolName, callId, null, Objects.requireNonNull(message, "message"));
    }

    /** The tool that was called, or {@code null} when the call could not be read at all. */
    public String toolName() {
        return toolName;
    }

    /** The call's id, when the model gave one; otherwise {@code null}. */
    public String callId() {
        return callId;
    }

    /** Whether the call failed. */
    public boolean isError() {
        return value == null;
    }

    /** The text that goes back to the model: the JSON result or the failure message. */
    public String content() {
        return content;
    }

    /** The result as JSON, {@code null} for a failure. */
    public JsonNode value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ToolResult r && Objects.equals(toolName, r.toolName) && Objects.equals(callId, r.callId)
                && Objects.equals(value, r.value) && content.equals(r.content);
    }

    @Override
    public int hashCode() {
        return Objects.hash(toolName, callId, value, content);
    }

    @Override
    public String toString() {
        return (isError() ? "ToolResult[failure " : "ToolResult[success ") + toolName + ": " + content + "]";
    }

    // ------------------------------------------------------------------ writing JSON

    /**
     * {@code value} as JSON text, exactly as Jackson's {@code ObjectMapper.writeValueAsString} writes
     * it. The nodes that results are built of (objects, arrays, strings, finite numbers, booleans,
     * null) are written here, in one pass into the thread's buffer; a value holding anything else (a
     * POJO or binary node, a subclass, NaN, very deep nesting) is handed to Jackson whole.
     */
    static String json(JsonNode value) {
        JsonText out = JsonText.take();
        try {
            if (out.value(value, 0)) {
                return out.text();
            }
        } finally {
            out.release();
        }
        try {
            return Coercion.mapper().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return value.toString();
        }
    }

    /**
     * A JSON writer into a character buffer that each thread keeps between results, so that writing
     * one allocates only its string. (A result written while the thread's buffer is in use, from a
     * number's {@code toString()}, gets a buffer of its own.)
     */
    private static final class JsonText {

        private static final int INITIAL = 512;
        /** A buffer grown beyond this many characters is not kept for the next result. */
        private static final int MAX_KEPT = 16_384;
        /**
         * How deeply a value may nest before it is left to Jackson, whose writer refuses values nested
         * more than 1000 levels: the text of such a value stays what Jackson makes of it.
         */
        private static final int MAX_DEPTH = 500;
        private static final char[] HEX = "0123456789ABCDEF".toCharArray();
        private static final ThreadLocal<JsonText> BUFFERS = new ThreadLocal<>();

        private char[] buffer = new char[INITIAL];
        private int length;
        private boolean inUse;

        /** This thread's writer, empty; {@link #release} it when done. */
        static JsonText take() {
            JsonText text = BUFFERS.get();
            if (text == null) {
                text = new JsonText();
                BUFFERS.set(text);
            } else if (text.inUse) {
                return new JsonText();
            }
            text.inUse = true;
            text.length = 0;
            return text;
        }

        /** The text written. */
        String text() {
            return new String(buffer, 0, length);
        }

        void release() {
            inUse = false;
            length = 0;
            if (buffer.length > MAX_KEPT) {
                buffer = new char[INITIAL];
            }
        }

        /** Appends {@code node}; {@code false}, half-written, when Jackson must write it. */
        boolean value(JsonNode node, int depth) {
            Class<?> type = node.getClass();
            if (type == TextNode.class) {
                string(node.textValue());
            } else if (type == ObjectNode.class) {
                if (depth >= MAX_DEPTH) {
                    return false;
                }
                append('{');
                boolean first = true;
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    if (!first) {
                        append(',');
                    }
                    first = false;
                    string(e.getKey());
                    append(':');
                    if (!value(e.getValue(), depth + 1)) {
                        return false;
                    }
                }
                append('}');
            } else if (type == ArrayNode.class) {
                if (depth >= MAX_DEPTH) {
                    return false;
                }
                append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        append(',');
                    }
                    if (!value(node.get(i), depth + 1)) {
                        return false;
                    }
                }
                append(']');
            } else if (type == IntNode.class || type == ShortNode.class || type == LongNode.class) {
                integer(node.longValue());
            } else if (type == BooleanNode.class) {
                append(node.booleanValue() ? "true" : "false");
            } else if (type == NullNode.class) {
                append("null");
            } else if (type == DoubleNode.class) {
                double d = node.doubleValue();
                if (!Double.isFinite(d)) {
                    return false;
                }
                append(Double.toString(d));
            } else if (type == FloatNode.class) {
                float f = node.floatValue();
                if (!Float.isFinite(f)) {
                    return false;
                }
                append(Float.toString(f));
            } else if (type == DecimalNode.class || type == BigIntegerNode.class) {
                append(node.numberValue().toString());
            } else {
                return false;
            }
            return true;
        }

        /**
         * A JSON string as Jackson writes it: {@code "} and {@code \} escaped, control characters as a
         * backslash and {@code b t n f r}, or {@code u00} and two upper-case hexadecimal digits, every
         * other character as it is.
         */
        private void string(String s) {
            int n = s.length();
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c < 0x20 || c == '"' || c == '\\') {
                    escaped(s, i);
                    return;
                }
            }
            room(n + 2);
            buffer[length++] = '"';
            s.getChars(0, n, buffer, length);
            length += n;
            buffer[length++] = '"';
        }

        /** {@code s}, its first character to escape at {@code first}. */
        private void escaped(String s, int first) {
            room(first + 1);
            buffer[length++] = '"';
            s.getChars(0, first, buffer, length);
            length += first;
            for (int i = first; i < s.length(); i++) {
                char c = s.charAt(i);
                room(6);
                if (c >= 0x20 && c != '"' && c != '\\') {
                    buffer[length++] = c;
                    continue;
                }
                buffer[length++] = '\\';
                switch (c) {
                    case '"', '\\' -> buffer[length++] = c;
                    case '\b' -> buffer[length++] = 'b';
                    case '\t' -> buffer[length++] = 't';
                    case '\n' -> buffer[length++] = 'n';
                    case '\f' -> buffer[length++] = 'f';
                    case '\r' -> buffer[length++] = 'r';
                    default -> {
                        buffer[length++] = 'u';
                        buffer[length++] = '0';
                        buffer[length++] = '0';
                        buffer[length++] = HEX[c >> 4];
                        buffer[length++] = HEX[c & 0xF];
                    }
                }
            }
            append('"');
        }

        private void integer(long v) {
            if (v == Long.MIN_VALUE) {
                append(Long.toString(v));
                return;
            }
            room(20);
            if (v < 0) {
                buffer[length++] = '-';
                v = -v;
            }
            int digits = 1;
            for (long rest = v / 10; rest != 0; rest /= 10) {
                digits++;
            }
            int at = length + digits;
            length = at;
            do {
                buffer[--at] = (char) ('0' + (int) (v % 10));
                v /= 10;
            } while (v != 0);
        }

        private void append(String s) {
            int n = s.length();
            room(n);
            s.getChars(0, n, buffer, length);
            length += n;
        }

        private void append(char c) {
            room(1);
            buffer[length++] = c;
        }

        private void room(int more) {
            if (length + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
            }
        }
    }
}
