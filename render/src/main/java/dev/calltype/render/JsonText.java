package dev.calltype.render;

import dev.calltype.render.Json.JsonArray;
import dev.calltype.render.Json.JsonBoolean;
import dev.calltype.render.Json.JsonNull;
import dev.calltype.render.Json.JsonNumber;
import dev.calltype.render.Json.JsonObject;
import dev.calltype.render.Json.JsonString;
import dev.calltype.render.Json.JsonSyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writing and strict parsing of {@link Json} text. */
final class JsonText {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final int MAX_DEPTH = 1000;

    private JsonText() {
    }

    static void write(Json value, StringBuilder out) {
        if (value instanceof JsonObject o) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Json> e : o.members().entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof JsonArray a) {
            out.append('[');
            for (int i = 0; i < a.elements().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(a.elements().get(i), out);
            }
            out.append(']');
        } else if (value instanceof JsonString s) {
            quote(s.value(), out);
        } else if (value instanceof JsonNumber n) {
            out.append(n.text());
        } else if (value instanceof JsonBoolean b) {
            out.append(b.value());
        } else {
            out.append("null");
        }
    }

    /** A JSON string literal, escaped the way Jackson's default generator escapes. */
    static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** A strict recursive-descent JSON parser, depth-limited; input is developer-written source text. */
    static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        Json parseDocument() throws JsonSyntaxException {
            skipWhitespace();
            if (pos >= text.length()) {
                throw new JsonSyntaxException("empty text");
            }
            Json value = value(0);
            skipWhitespace();
            if (pos < text.length()) {
                throw error("unexpected text after the value");
            }
            return value;
        }

        private Json value(int depth) throws JsonSyntaxException {
            if (depth > MAX_DEPTH) {
                throw error("nested too deeply");
            }
            if (pos >= text.length()) {
                throw error("unexpected end");
            }
            char c = text.charAt(pos);
            switch (c) {
                case '{':
                    return object(depth);
                case '[':
                    return array(depth);
                case '"':
                    return new JsonString(string());
                case 't':
                    literal("true");
                    return new JsonBoolean(true);
                case 'f':
                    literal("false");
                    return new JsonBoolean(false);
                case 'n':
                    literal("null");
                    return JsonNull.INSTANCE;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("unexpected character '" + c + "'");
            }
        }

        private JsonObject object(int depth) throws JsonSyntaxException {
            pos++;
            Map<String, Json> members = new LinkedHashMap<>();
            skipWhitespace();
            if (peek() == '}') {
                pos++;
                return new JsonObject(members);
            }
            while (true) {
                skipWhitespace();
                if (peek() != '"') {
                    throw error("expected a quoted member name");
                }
                String key = string();
                skipWhitespace();
                expect(':');
                skipWhitespace();
                members.put(key, value(depth + 1));
                skipWhitespace();
                char c = peek();
                pos++;
                if (c == '}') {
                    return new JsonObject(members);
                }
                if (c != ',') {
                    pos--;
                    throw error("expected ',' or '}'");
                }
            }
        }

        private JsonArray array(int depth) throws JsonSyntaxException {
            pos++;
            List<Json> elements = new ArrayList<>();
            skipWhitespace();
            if (peek() == ']') {
                pos++;
                return new JsonArray(elements);
            }
            while (true) {
                skipWhitespace();
                elements.add(value(depth + 1));
                skipWhitespace();
                char c = peek();
                pos++;
                if (c == ']') {
                    return new JsonArray(elements);
                }
                if (c != ',') {
                    pos--;
                    throw error("expected ',' or ']'");
                }
            }
        }

        private String string() throws JsonSyntaxException {
            pos++;
            StringBuilder b = new StringBuilder();
            while (true) {
                if (pos >= text.length()) {
                    throw error("unterminated string");
                }
                char c = text.charAt(pos++);
                if (c == '"') {
                    return b.toString();
                }
                if (c < 0x20) {
                    pos--;
                    throw error("control character in a string");
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (pos >= text.length()) {
                    throw error("unterminated escape");
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case '"' -> b.append('"');
                    case '\\' -> b.append('\\');
                    case '/' -> b.append('/');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error("bad \\u escape");
                        }
                        int v = 0;
                        for (int i = 0; i < 4; i++) {
                            int d = Character.digit(text.charAt(pos++), 16);
                            if (d < 0) {
                                throw error("bad \\u escape");
                            }
                            v = v * 16 + d;
                        }
                        b.append((char) v);
                    }
                    default -> {
                        pos--;
                        throw error("bad escape '\\" + e + "'");
                    }
                }
            }
        }

        private JsonNumber number() throws JsonSyntaxException {
            int start = pos;
            if (peek() == '-') {
                pos++;
            }
            if (peek() == '0') {
                pos++;
            } else if (isDigit(peek())) {
                digits();
            } else {
                throw error("bad number");
            }
            if (peek() == '.') {
                pos++;
                if (!isDigit(peek())) {
                    throw error("bad number");
                }
                digits();
            }
            if (peek() == 'e' || peek() == 'E') {
                pos++;
                if (peek() == '+' || peek() == '-') {
                    pos++;
                }
                if (!isDigit(peek())) {
                    throw error("bad number");
                }
                digits();
            }
            String literal = text.substring(start, pos);
            JsonNumber n = JsonNumber.canonical(literal);
            if (n.text().equals("Infinity") || n.text().equals("-Infinity")) {
                throw error("number out of range");
            }
            return n;
        }

        private void digits() {
            while (isDigit(peek())) {
                pos++;
            }
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private void literal(String word) throws JsonSyntaxException {
            if (!text.startsWith(word, pos)) {
                throw error("unexpected text");
            }
            pos += word.length();
        }

        private void expect(char c) throws JsonSyntaxException {
            if (peek() != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        private void skipWhitespace() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    pos++;
                } else {
                    break;
                }
            }
        }

        private JsonSyntaxException error(String what) {
            return new JsonSyntaxException(what + " at offset " + pos);
        }
    }
}
