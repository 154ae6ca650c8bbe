package dev.calltype.render;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON value known at compile time (schemas, defaults), immutable, with object members in
 * insertion order. {@link #write()} gives exactly the compact text Jackson's default
 * {@code ObjectMapper.writeValueAsString} gives for the same tree, so constants generated here and
 * text rendered by the runtime from parsed schemas agree byte for byte.
 */
public sealed interface Json {

    /** Compact JSON text, as Jackson writes it. */
    default String write() {
        StringBuilder out = new StringBuilder();
        JsonText.write(this, out);
        return out.toString();
    }

    /** Parses strict JSON (RFC 8259), as written by a developer in {@code @Param(defaultValue)}. */
    static Json parse(String text) throws JsonSyntaxException {
        return new JsonText.Parser(text).parseDocument();
    }

    static JsonString of(String s) {
        return new JsonString(s);
    }

    /** An object, members in insertion order; a later put of the same key replaces in place. */
    record JsonObject(Map<String, Json> members) implements Json {
        public JsonObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        public Json get(String key) {
            return members.get(key);
        }

        public boolean has(String key) {
            return members.containsKey(key);
        }

        public static Builder builder() {
            return new Builder();
        }

        /** A builder preserving insertion order. */
        public static final class Builder {
            private final LinkedHashMap<String, Json> members = new LinkedHashMap<>();

            public Builder put(String key, Json value) {
                members.put(key, Objects.requireNonNull(value, key));
                return this;
            }

            public Builder put(String key, String value) {
                return put(key, new JsonString(value));
            }

            public Builder putAll(JsonObject other) {
                members.putAll(other.members());
                return this;
            }

            public Builder remove(String key) {
                members.remove(key);
                return this;
            }

            public boolean has(String key) {
                return members.containsKey(key);
            }

            public JsonObject build() {
                return new JsonObject(members);
            }
        }
    }

    /** An array. */
    record JsonArray(List<Json> elements) implements Json {
        public JsonArray {
            elements = List.copyOf(elements);
        }

        public static JsonArray ofStrings(List<String> values) {
            List<Json> out = new ArrayList<>(values.size());
            for (String v : values) {
                out.add(new JsonString(v));
            }
            return new JsonArray(out);
        }
    }

    /** A string. */
    record JsonString(String value) implements Json {
        public JsonString {
            Objects.requireNonNull(value);
        }
    }

    /**
     * A number, held in the canonical text Jackson would write after reading it: integers as plain
     * digits, other numbers as {@link Double#toString(double)}.
     */
    record JsonNumber(String text) implements Json {
        public JsonNumber {
            Objects.requireNonNull(text);
        }

        /** The canonical form of a JSON number literal. */
        public static JsonNumber canonical(String literal) {
            boolean integral = true;
            for (int i = 0; i < literal.length(); i++) {
                char c = literal.charAt(i);
                if (c == '.' || c == 'e' || c == 'E') {
                    integral = false;
                    break;
                }
            }
            if (integral) {
                return new JsonNumber(new BigInteger(literal).toString());
            }
            return new JsonNumber(Double.toString(Double.parseDouble(literal)));
        }

        /** Whether the literal is written as an integer (no fraction, no exponent). */
        public boolean isIntegral() {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '.' || c == 'e' || c == 'E') {
                    return false;
                }
            }
            return true;
        }
    }

    /** {@code true} or {@code false}. */
    record JsonBoolean(boolean value) implements Json {
    }

    /** {@code null}. */
    record JsonNull() implements Json {
        public static final JsonNull INSTANCE = new JsonNull();
    }

    /** Invalid JSON text, with the offset of the problem. */
    final class JsonSyntaxException extends Exception {
        private static final long serialVersionUID = 1L;

        public JsonSyntaxException(String message) {
            super(message);
        }
    }
}
