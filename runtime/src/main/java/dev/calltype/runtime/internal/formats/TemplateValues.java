package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.chars.LinearPattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The parts of a {@link ResponseTemplate} that turn a region's text into a value: the text-shaped content parsers,
 * the {@code xml-inline} tags, and the {@code transform} that reshapes a parsed value with the pattern's named groups.
 * A failure is an {@link IllegalArgumentException} whose message says what the template expected.
 */
final class TemplateValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The content parsers a template may name (the registry is closed: a template is data, never code). */
    static final Set<String> PARSERS = Set.of("text", "raw", "int", "float", "bool", "json", "json-lax", "xml-inline",
            "kv-lines");

    private TemplateValues() {
    }

    /** A region's text under {@code text}, {@code raw}, {@code int}, {@code float}, {@code bool} or {@code kv-lines}. */
    static JsonNode plain(String parser, String body, JsonNode args) {
        String t = args.path("strip").asBoolean(true) ? body.strip() : body;
        switch (parser) {
            case "raw":
                return TextNode.valueOf(body);
            case "int":
                try {
                    return NODES.numberNode(new java.math.BigInteger(t));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("expected an integer, not " + quoted(t));
                }
            case "float":
                try {
                    return NODES.numberNode(Double.parseDouble(t));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("expected a number, not " + quoted(t));
                }
            case "bool":
                return BooleanNode.valueOf(t.equalsIgnoreCase("true") || t.equals("1"));
            case "kv-lines":
                return kvLines(body, args);
            default:
                return TextNode.valueOf(t);
        }
    }

    /** {@code key<sep>value} lines as an object (later keys win); lines without the separator are skipped. */
    private static ObjectNode kvLines(String body, JsonNode args) {
        String lineSep = args.path("line_sep").asText("\n");
        String kvSep = args.path("kv_sep").asText(":");
        boolean strip = args.path("strip").asBoolean(true);
        ObjectNode out = NODES.objectNode();
        int from = 0;
        while (from <= body.length()) {
            int nl = lineSep.isEmpty() ? -1 : body.indexOf(lineSep, from);
            String line = body.substring(from, nl < 0 ? body.length() : nl);
            from = nl < 0 ? body.length() + 1 : nl + lineSep.length();
            if (strip) {
                line = line.strip();
            }
            int sep = kvSep.isEmpty() ? -1 : line.indexOf(kvSep);
            if (line.isEmpty() || sep < 0) {
                continue;
            }
            String k = line.substring(0, sep);
            String v = line.substring(sep + kvSep.length());
            out.put(strip ? k.strip() : k, strip ? v.strip() : v);
        }
        return out;
    }

    /**
     * The {@code xml-inline} tags of {@code body}: each match of the tag pattern gives its {@code key} group's text
     * and its {@code value} group's raw text ({@code merge_duplicates}: a repeated key gathers its values in a list).
     * The values stay raw text here; {@code raw} collects them, by identity, for typing once the tool is known.
     */
    static ObjectNode xmlInline(LinearPattern tags, String body, JsonNode args, Set<JsonNode> raw) {
        boolean merge = args.path("merge_duplicates").asBoolean(false);
        ObjectNode out = NODES.objectNode();
        raw.add(out);
        int from = 0;
        while (from <= body.length()) {
            LinearPattern.Match m = tags.search(body, from, body.length(), true);
            if (!m.matched()) {
                break;
            }
            String key = m.group(body, "key");
            String value = m.group(body, "value");
            TextNode v = TextNode.valueOf(value == null ? "" : value);
            raw.add(v);
            if (key != null) {
                JsonNode prev = out.get(key);
                if (prev != null && merge) {
                    ArrayNode list = prev.isArray() && raw.contains(prev) ? (ArrayNode) prev : NODES.arrayNode();
                    if (list != prev) {
                        list.add(prev);
                        raw.add(list);
                    }
                    list.add(v);
                    out.set(key, list);
                } else {
                    out.set(key, v);
                }
            }
            from = m.end() > m.start() ? m.end() : m.end() + 1;
        }
        return out;
    }

    /** Where the last tag of {@code body} ends (0 for none). */
    static int lastTagEnd(LinearPattern tags, String body) {
        int last = 0;
        int from = 0;
        while (from <= body.length()) {
            LinearPattern.Match m = tags.search(body, from, body.length(), true);
            if (!m.matched()) {
                break;
            }
            last = m.end();
            from = m.end() > m.start() ? m.end() : m.end() + 1;
        }
        return last;
    }

    /**
     * A raw tag value with no schema to type it, as the field's {@code value_parser} reads it: JSON where it is JSON
     * (and the parser allows other text), the text otherwise.
     */
    static JsonNode unschemed(String raw, JsonNode valueParser, ExtractionLimits limits) {
        String name = valueParser.path("name").asText("text");
        JsonNode args = valueParser.path("args");
        if (name.equals("json") || name.equals("json-lax")) {
            JsonNode v = RawValues.json(raw.strip(), limits);
            return v != null ? v : TextNode.valueOf(raw.strip());
        }
        if (PARSERS.contains(name) && !name.equals("xml-inline")) {
            try {
                return plain(name, raw, args.isObject() ? args : NODES.objectNode());
            } catch (IllegalArgumentException e) {
                return TextNode.valueOf(raw);
            }
        }
        return TextNode.valueOf(raw);
    }

    // ------------------------------------------------------------------ transform

    /**
     * The transform applied to one value: every string that is a whole placeholder ({@code "{name}"},
     * {@code "{content.args}"}) replaced by what it names in {@code scope}, everything else kept.
     */
    static JsonNode transform(JsonNode template, Map<String, JsonNode> scope) {
        if (template.isObject()) {
            ObjectNode out = NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = template.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.set(e.getKey(), transform(e.getValue(), scope));
            }
            return out;
        }
        if (template.isArray()) {
            ArrayNode out = NODES.arrayNode();
            template.forEach(v -> out.add(transform(v, scope)));
            return out;
        }
        String path = template.isTextual() ? placeholder(template.textValue()) : null;
        if (path == null) {
            return template;
        }
        String[] parts = path.split("\\.", -1);
        JsonNode v = scope.get(parts[0]);
        if (v == null) {
            throw new IllegalArgumentException("transform placeholder '{" + parts[0] + "}' is not defined; available: "
                    + new java.util.TreeSet<>(scope.keySet()));
        }
        for (int i = 1; i < parts.length; i++) {
            if (!v.isObject()) {
                throw new IllegalArgumentException("transform placeholder '{" + path + "}': cannot index into "
                        + kind(v) + " with '" + parts[i] + "'");
            }
            JsonNode next = v.get(parts[i]);
            if (next == null) {
                throw new IllegalArgumentException("transform placeholder '{" + path + "}': missing key '" + parts[i]
                        + "'");
            }
            v = next;
        }
        return v;
    }

    /** The dotted path of a whole-string placeholder, or {@code null} when {@code s} is not one. */
    private static String placeholder(String s) {
        if (s.length() < 3 || s.charAt(0) != '{' || s.charAt(s.length() - 1) != '}') {
            return null;
        }
        String path = s.substring(1, s.length() - 1);
        boolean dotOk = false;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '.' && dotOk) {
                dotOk = false;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                dotOk = true;
            } else {
                return null;
            }
        }
        return dotOk ? path : null;
    }

    /** Refuses a transform string that mixes a placeholder with other text (a template asks for no interpolation). */
    static void checkTransform(String scope, JsonNode transform) {
        if (transform.isContainerNode()) {
            transform.forEach(v -> checkTransform(scope, v));
            return;
        }
        if (!transform.isTextual()) {
            return;
        }
        String s = transform.textValue();
        if (placeholder(s) != null) {
            return;
        }
        int open = s.indexOf('{');
        while (open >= 0) {
            int close = s.indexOf('}', open);
            if (close < 0) {
                return;
            }
            if (placeholder(s.substring(open, close + 1)) != null) {
                throw new IllegalArgumentException(scope + ": transform string " + quoted(s) + " mixes a {placeholder} "
                        + "with literal text; use a whole-string placeholder (\"{content}\") or plain text: string "
                        + "interpolation is not supported");
            }
            open = s.indexOf('{', open + 1);
        }
    }

    /** Refuses {@code string_delims} other than one pair whose opener and closer are the same text. */
    static void checkStringDelims(String scope, JsonNode delims) {
        if (delims.isMissingNode() || delims.isNull() || delims.isArray() && delims.isEmpty()) {
            return;
        }
        if (!delims.isArray() || delims.size() != 1 || !delims.get(0).isArray() || delims.get(0).size() != 2
                || !delims.get(0).get(0).isTextual() || delims.get(0).get(0).textValue().isEmpty()
                || !delims.get(0).get(0).equals(delims.get(0).get(1))) {
            throw new IllegalArgumentException(scope + ": string_delims must be one pair of the same non-empty text "
                    + "([[\"<|\\\"|>\", \"<|\\\"|>\"]]); other delimiters are not supported");
        }
    }

    /**
     * The content of a raw tag value written as one string literal, as the field's {@code value_parser} reads strings
     * when it reads JSON ({@code "…"}, or between its {@code string_delims}: LFM2.5's {@code 'Oslo'}); {@code null}
     * for any other value or parser. A schema then types the content, as transformers coerces a parsed value.
     */
    static String stringContent(String raw, JsonNode valueParser, ExtractionLimits limits) {
        String name = valueParser.path("name").asText("text");
        if (!name.equals("json") && !name.equals("json-lax")) {
            return null;
        }
        String t = raw.strip();
        String q = rawQuote(valueParser.path("args"));
        if (q != null && t.length() >= 2 * q.length() && t.startsWith(q)
                && t.indexOf(q, q.length()) == t.length() - q.length()) {
            return t.substring(q.length(), t.length() - q.length());
        }
        if (t.length() >= 2 && t.charAt(0) == '"' && t.charAt(t.length() - 1) == '"') {
            JsonNode v = RawValues.json(t, limits);
            return v != null && v.isTextual() ? v.textValue() : null;
        }
        return null;
    }

    /** The raw-string delimiter of a JSON field's {@code string_delims}, or {@code null}. */
    static String rawQuote(JsonNode args) {
        JsonNode d = args.path("string_delims");
        return d.isArray() && d.size() == 1 ? d.get(0).get(0).textValue() : null;
    }

    static String kind(JsonNode v) {
        return v.isTextual() ? "str" : v.isArray() ? "list" : v.isNumber() ? "number" : v.isBoolean() ? "bool"
                : v.isNull() ? "null" : "object";
    }

    private static String quoted(String s) {
        return dev.calltype.runtime.internal.chars.Chars.quoted(s);
    }
}
