package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.chars.LinearPattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A model's {@code response_template}: the declarative description of its output that Hugging Face transformers
 * reads from {@code tokenizer_config.json} ({@code tokenizer.response_template}). The response is a sequence of
 * regions, each a field of the parsed message ({@code thinking}, {@code content}, {@code tool_calls}, …): a field
 * opens at its {@code open} literal (a string or a list, any of which opens it) or {@code open_pattern}, and runs to
 * its {@code close} / {@code close_pattern} (or the end of the text; the literal {@code "eos"} is the end); one field
 * may have no opener and takes the text outside every other region. A region's text goes through its
 * {@code content} parser ({@code text}, {@code raw}, {@code int}, {@code float}, {@code bool}, {@code json},
 * {@code json-lax}, {@code xml-inline}, {@code kv-lines}) and then its {@code transform}, a JSON template whose
 * whole-string placeholders ({@code "{name}"}, {@code "{content.args}"}) take the pattern's named groups and the
 * parsed content ({@code transform_each}: applied to each element of a parsed list).
 *
 * <p>Loading checks what transformers checks, with the same refusals (unknown keys and parsers, two implicit
 * fields, a transform mixing a placeholder with text, named groups without a transform, {@code join} without
 * {@code repeats}), and refuses, besides, what Calltype cannot run in linear time or cannot find by a marker (see
 * {@link LinearPattern}; a {@code tool_calls} field whose opener does not begin with fixed text). Every refusal is an
 * {@link IllegalArgumentException} whose message names the field.
 */
public final class ResponseTemplate {

    /** The field whose parsed value is the message's tool calls. */
    public static final String TOOL_CALLS = "tool_calls";


    private static final Set<String> TOP_KEYS = Set.of("version", "defaults", "fields", "start_anchor",
            "start_anchor_pattern");
    private static final Set<String> FIELD_KEYS = Set.of("open", "open_pattern", "close", "close_pattern", "content",
            "content_args", "repeats", "optional", "transform", "transform_each", "join");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Where a region starts or ends: literals (any one of them) or a pattern; {@code eos} for the end of the text.
     *
     * @param pattern the literals compiled, or the pattern
     * @param literals the literals, or {@code null} for a pattern
     * @param eos whether this is the end of the text
     */
    public record Bound(LinearPattern pattern, List<String> literals, boolean eos) {
    }

    /** One field of the message and the region that holds it. */
    public record Field(String name, Bound open, Bound close, String content, JsonNode contentArgs, boolean repeats,
            boolean optional, JsonNode transform, boolean transformEach, String join, LinearPattern tagPattern) {

        /** Whether the field has no opener: it takes the text outside the other regions. */
        public boolean implicit() {
            return open == null;
        }
    }

    private final Map<String, Field> fields;
    private final Bound startAnchor;

    private ResponseTemplate(Map<String, Field> fields, Bound startAnchor) {
        this.fields = fields;
        this.startAnchor = startAnchor;
    }

    /**
     * The template of a {@code tokenizer_config.json} (its {@code response_template}), or the template itself.
     *
     * @throws IllegalArgumentException when the text is not JSON, holds no template, or the template is refused
     */
    public static ResponseTemplate parse(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("response_template: not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("response_template must be a JSON object");
        }
        if (root.has("response_template")) {
            return of(root.get("response_template"));
        }
        if (!root.has("fields")) {
            throw new IllegalArgumentException("response_template: neither a template (no \"fields\") nor a "
                    + "tokenizer_config.json with a \"response_template\"");
        }
        return of(root);
    }

    /** The template {@code spec}. */
    public static ResponseTemplate of(JsonNode spec) {
        if (spec == null || !spec.isObject()) {
            throw new IllegalArgumentException("response_template must be a JSON object, not "
                    + (spec == null ? "nothing" : spec.getNodeType().toString().toLowerCase()));
        }
        Set<String> unknown = unknownKeys(spec, TOP_KEYS);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("Unknown keys in response_template: " + unknown);
        }
        JsonNode version = spec.path("version");
        if (!version.isMissingNode() && !(version.isInt() && version.intValue() == 1)) {
            throw new IllegalArgumentException("Unsupported response_template version: " + version
                    + " (Calltype reads version 1)");
        }
        JsonNode defaults = spec.path("defaults");
        if (!defaults.isMissingNode() && !defaults.isObject()) {
            throw new IllegalArgumentException("response_template.defaults must be an object");
        }
        JsonNode raw = spec.path("fields");
        if (!raw.isObject() || raw.isEmpty()) {
            throw new IllegalArgumentException("response_template.fields must be a non-empty object");
        }
        Map<String, Field> fields = new LinkedHashMap<>();
        List<String> implicit = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = raw.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Field f = field(e.getKey(), e.getValue());
            if (f.implicit()) {
                implicit.add(f.name());
            }
            fields.put(f.name(), f);
        }
        if (implicit.size() > 1) {
            throw new IllegalArgumentException("At most one field may omit 'open'/'open_pattern' (that field takes "
                    + "the text outside the others). Found: " + String.join(", ", implicit));
        }
        Bound anchor = bound("response_template", spec, "start_anchor", "start_anchor_pattern");
        return new ResponseTemplate(Map.copyOf(fields), anchor);
    }

    private static Field field(String name, JsonNode f) {
        String scope = "Field '" + name + "'";
        if (!f.isObject()) {
            throw new IllegalArgumentException(scope + " must be an object");
        }
        Set<String> unknown = unknownKeys(f, FIELD_KEYS);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(scope + ": unknown keys " + unknown);
        }
        String content = f.path("content").asText("text");
        if (!f.path("content").isMissingNode() && !f.get("content").isTextual()
                || !TemplateValues.PARSERS.contains(content)) {
            throw new IllegalArgumentException(scope + ": unknown content parser '" + f.path("content").asText()
                    + "'. Available: " + TemplateValues.PARSERS.stream().sorted().toList());
        }
        JsonNode args = f.path("content_args");
        if (!args.isMissingNode() && !args.isObject()) {
            throw new IllegalArgumentException(scope + ": content_args must be an object");
        }
        Bound open = bound(scope, f, "open", "open_pattern");
        Bound close = bound(scope, f, "close", "close_pattern");
        JsonNode transform = f.path("transform");
        transform = transform.isMissingNode() || transform.isNull() ? null : transform;
        JsonNode each = f.path("transform_each");
        if (!each.isMissingNode() && !each.isBoolean()) {
            throw new IllegalArgumentException(scope + ": transform_each must be a bool");
        }
        if (each.asBoolean(false) && transform == null) {
            throw new IllegalArgumentException(scope + ": transform_each is set but no transform was provided");
        }
        if (transform != null) {
            TemplateValues.checkTransform(scope, transform);
        } else {
            Set<String> groups = new LinkedHashSet<>();
            if (open != null && open.literals() == null) {
                groups.addAll(open.pattern().groupNames());
            }
            if (close != null && close.literals() == null) {
                groups.addAll(close.pattern().groupNames());
            }
            if (!groups.isEmpty()) {
                throw new IllegalArgumentException(scope + ": open_pattern/close_pattern declares named group(s) "
                        + groups.stream().sorted().toList() + ", but the field has no 'transform'; named groups reach "
                        + "the message only through a transform. Add one that uses them, or remove the names.");
            }
        }
        boolean repeats = bool(scope, f, "repeats", false);
        String join = null;
        if (f.has("join")) {
            if (!f.get("join").isTextual()) {
                throw new IllegalArgumentException(scope + ": 'join' must be a string");
            }
            if (!repeats) {
                throw new IllegalArgumentException(scope + ": 'join' requires 'repeats': true");
            }
            join = f.get("join").textValue();
        }
        LinearPattern tags = null;
        if (content.equals("xml-inline")) {
            JsonNode tp = args.path("tag_pattern");
            if (!tp.isTextual()) {
                throw new IllegalArgumentException(scope + ": xml-inline needs a 'tag_pattern' content_arg");
            }
            tags = pattern(scope + ": tag_pattern", tp.textValue());
            if (!tags.groupNames().contains("key")) {
                throw new IllegalArgumentException(scope + ": tag_pattern must have a named group 'key'");
            }
            TemplateValues.checkStringDelims(scope + ": value_parser", args.path("value_parser").path("args")
                    .path("string_delims"));
        }
        if (content.equals("json") || content.equals("json-lax")) {
            TemplateValues.checkStringDelims(scope, args.path("string_delims"));
        }
        if (name.equals(TOOL_CALLS)) {
            if (open == null) {
                throw new IllegalArgumentException(scope + ": the tool calls need an 'open' or 'open_pattern' (a "
                        + "region opened by no marker cannot be found in a stream)");
            }
            if (open.eos()) {
                throw new IllegalArgumentException(scope + ": the tool calls cannot open at the end of the text");
            }
            if (open.literals() == null && open.pattern().entryLiterals().isEmpty()) {
                throw new IllegalArgumentException(scope + ": open_pattern " + quoted(open.pattern().source())
                        + " must begin with fixed text (the marker Calltype looks for), perhaps after optional "
                        + "parts; it may begin with text that is not fixed");
            }
        }
        return new Field(name, open, close, content, args.isMissingNode() ? JSON.createObjectNode() : args, repeats,
                bool(scope, f, "optional", true), transform, each.asBoolean(false), join, tags);
    }

    private static boolean bool(String scope, JsonNode f, String key, boolean absent) {
        JsonNode v = f.path(key);
        if (v.isMissingNode()) {
            return absent;
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException(scope + ": " + key + " must be a bool");
        }
        return v.booleanValue();
    }

    /** The literals or pattern under {@code litKey} or {@code patKey}; {@code null} when neither is given. */
    private static Bound bound(String scope, JsonNode f, String litKey, String patKey) {
        if (f.has(litKey) && f.has(patKey)) {
            throw new IllegalArgumentException(scope + ": cannot specify both '" + litKey + "' and '" + patKey + "'");
        }
        if (f.has(litKey)) {
            JsonNode raw = f.get(litKey);
            List<String> lits = new ArrayList<>();
            if (raw.isTextual()) {
                lits.add(raw.textValue());
            } else if (raw.isArray()) {
                if (raw.isEmpty()) {
                    throw new IllegalArgumentException(scope + ": '" + litKey + "' list must hold at least one literal");
                }
                for (JsonNode s : raw) {
                    if (!s.isTextual()) {
                        throw new IllegalArgumentException(scope + ": '" + litKey + "' list must hold only strings");
                    }
                    if (!lits.contains(s.textValue())) {
                        lits.add(s.textValue());
                    }
                }
            } else {
                throw new IllegalArgumentException(scope + ": '" + litKey + "' must be a string or a list of strings");
            }
            if (lits.contains("")) {
                throw new IllegalArgumentException(scope + ": '" + litKey + "' literals cannot be empty");
            }
            if (lits.contains("eos")) {
                if (lits.size() > 1) {
                    throw new IllegalArgumentException(scope + ": the 'eos' literal cannot be combined with others");
                }
                return new Bound(null, List.of(), true);
            }
            return new Bound(LinearPattern.anyOf(lits), List.copyOf(lits), false);
        }
        if (f.has(patKey)) {
            JsonNode raw = f.get(patKey);
            if (!raw.isTextual()) {
                throw new IllegalArgumentException(scope + ": '" + patKey + "' must be a string");
            }
            return new Bound(pattern(scope + ": " + patKey, raw.textValue()), null, false);
        }
        return null;
    }

    private static LinearPattern pattern(String scope, String regex) {
        try {
            return LinearPattern.compile(regex);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(scope + " " + quoted(regex) + " is refused: " + e.getMessage());
        }
    }

    private static Set<String> unknownKeys(JsonNode o, Set<String> allowed) {
        Set<String> out = new java.util.TreeSet<>();
        o.fieldNames().forEachRemaining(k -> {
            if (!allowed.contains(k)) {
                out.add(k);
            }
        });
        return out;
    }

    private static String quoted(String s) {
        return Chars.quoted(s);
    }

    /** The fields, by name. */
    public Map<String, Field> fields() {
        return fields;
    }

    /** The field holding the tool calls, or {@code null}. */
    public Field toolCalls() {
        return fields.get(TOOL_CALLS);
    }

    /** The start anchor (where the assistant's message begins in a rendered chat), or {@code null}. */
    public Bound startAnchor() {
        return startAnchor;
    }
}
