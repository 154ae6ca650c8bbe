package dev.calltype.runtime.internal.constraint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes GBNF for argument values from their JSON Schema, in JSON or in Python literal syntax, and the pieces call
 * markup needs around them (free text that holds no trigger, raw text up to a closing tag).
 *
 * <p>What a schema becomes (the dispatcher's acceptance set, or less):
 * <ul>
 *   <li>{@code const} and {@code enum}: exactly those values, written compactly;</li>
 *   <li>{@code anyOf} / {@code oneOf}: any of the members; a {@code type} array: any of the types; {@code allOf} of
 *       one member: that member;</li>
 *   <li>{@code integer}, {@code number}: within their bounds, as {@link ScalarGrammar} writes them; {@code string}:
 *       within its format or lengths ({@link #content}); {@code boolean}, {@code null}: those words;</li>
 *   <li>{@code array}: its {@code items} schema, within {@code minItems} / {@code maxItems} (a maximum above 256
 *       held to 256);</li>
 *   <li>{@code object} with {@code properties}: those properties in the declared order, the {@code required} ones
 *       always, the others when present, and no other key unless {@code additionalProperties} is {@code true} or a
 *       schema (then further keys after the declared ones); without {@code properties}, a map whose values follow
 *       {@code additionalProperties} when it is a schema, else any object;</li>
 *   <li>{@code $ref} to {@code #/$defs/…}, {@code #/definitions/…} or another JSON pointer into the same schema: that
 *       schema (recursion allowed);</li>
 *   <li>relaxed: {@code pattern} and {@code multipleOf} (any value of the type), {@code allOf} of several members,
 *       {@code not}, {@code if}/{@code then}, remote references and anything else (any JSON value). The dispatcher
 *       checks every argument after decoding regardless.</li>
 * </ul>
 * Whitespace: between JSON tokens any run of spaces, tabs and newlines, so compact JSON and Python's
 * {@code ", "} / {@code ": "} layouts are both accepted.
 */
final class GrammarWriter {

    /** Schemas nested deeper than this are relaxed to any value. */
    private static final int MAX_DEPTH = 48;
    /** Past this many rules, further schemas are relaxed to any value (a bound no real toolkit reaches). */
    private static final int MAX_RULES = 200_000;
    /** Array bounds above this size are held to it (fewer values than the dispatcher takes, never more). */
    private static final int MAX_BOUND = 256;
    /** String length bounds above this are held to it. */
    static final int MAX_LENGTH = 1000;
    /** A rule that matches nothing: a value no schema member allows. */
    static final String NOTHING = "[^\\x00-\\U0010FFFF]";
    /** A visible ASCII character that needs no escape in a JSON string, in a single-quoted Python one. */
    private static final String VISIBLE_JSON = "[!#-\\[\\]-~]";
    private static final String VISIBLE_PY = "[!-&(-\\[\\]-~]";
    /** Characters that stand for themselves in a JSON or single-quoted Python string, in the BMP. */
    static final String PLAIN_JSON_ASCII = " !#-\\[\\]-~";
    static final String PLAIN_PY_ASCII = " -&(-\\[\\]-~";
    private static final String PLAIN_JSON = bmpClass(PLAIN_JSON_ASCII);
    private static final String PLAIN_PY = bmpClass(PLAIN_PY_ASCII);

    /**
     * A class of the given ASCII ranges and every character of the Basic Multilingual Plane above U+009F but the
     * surrogates: a positive class, so that no byte sequence a byte-level model writes that is not a character
     * (a surrogate, a value above U+10FFFF) and no character Java counts twice passes.
     */
    static String bmpClass(String ascii) {
        return "[" + ascii + "\u00A0-\uD7FF\uE000-\uFFFD]";
    }

    /** How values are written. */
    enum Dialect {
        /** JSON text. */
        JSON,
        /** Python literals: strings in either quote, {@code True False None} (JSON's words too), dicts and lists. */
        PYTHON
    }

    private final Gbnf g;
    private final Map<String, String> prose = new HashMap<>();
    private final Map<JsonNode, Map<String, String>> refRules = new IdentityHashMap<>();

    /** The names of the shared rules, made on first use. */
    private String ws;
    private String jsonString;
    private String pyString;

    GrammarWriter(Gbnf g) {
        this.g = g;
    }

    Gbnf grammar() {
        return g;
    }

    /** Optional whitespace. */
    String ws() {
        if (ws == null) {
            ws = g.define("ws", "[ \\t\\n\\r]*");
        }
        return ws;
    }

    /** One or more decimal digits. */
    String digits() {
        return g.define("digits", "[0-9]+");
    }

    // ------------------------------------------------------------------ values

    /** The value of {@code schema}, whose {@code $ref}s resolve against {@code root}. */
    String value(JsonNode schema, JsonNode root, Dialect d, String hint) {
        return value(schema, root, d, hint, 0);
    }

    private String value(JsonNode schema, JsonNode root, Dialect d, String hint, int depth) {
        if (schema == null || schema.isBoolean() || !schema.isObject() || depth > MAX_DEPTH || g.size() > MAX_RULES) {
            return any(d);
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            return ref(ref.textValue(), root, d, depth);
        }
        if (schema.has("const")) {
            return literalValue(schema.get("const"), d);
        }
        JsonNode en = schema.get("enum");
        if (en != null && en.isArray() && !en.isEmpty()) {
            List<String> alts = new ArrayList<>();
            for (JsonNode v : en) {
                alts.add(literalValue(v, d));
            }
            return g.define(hint + "-enum", String.join(" | ", new LinkedHashSet<>(alts)));
        }
        for (String key : List.of("anyOf", "oneOf")) {
            JsonNode any = schema.get(key);
            if (any != null && any.isArray() && !any.isEmpty()) {
                List<String> alts = new ArrayList<>();
                int i = 0;
                for (JsonNode member : any) {
                    alts.add(value(merged(schema, member, key), root, d, hint + "-" + i++, depth + 1));
                }
                return g.define(hint + "-any", String.join(" | ", new LinkedHashSet<>(alts)));
            }
        }
        JsonNode all = schema.get("allOf");
        if (all != null && all.isArray() && all.size() == 1) {
            return value(merged(schema, all.get(0), "allOf"), root, d, hint, depth + 1);
        }
        JsonNode type = schema.get("type");
        if (type != null && type.isArray()) {
            List<String> alts = new ArrayList<>();
            for (JsonNode t : type) {
                if (t.isTextual()) {
                    alts.add(typed(t.textValue(), schema, root, d, hint, depth));
                }
            }
            return alts.isEmpty() ? any(d) : g.define(hint + "-types", String.join(" | ", new LinkedHashSet<>(alts)));
        }
        if (type != null && type.isTextual()) {
            return typed(type.textValue(), schema, root, d, hint, depth);
        }
        if (schema.has("properties")) {
            return typed("object", schema, root, d, hint, depth);
        }
        if (schema.has("items")) {
            return typed("array", schema, root, d, hint, depth);
        }
        return any(d);
    }

    /** A member of {@code anyOf}/{@code oneOf}/{@code allOf} with the sibling keywords it leaves out (a shared type). */
    private static JsonNode merged(JsonNode parent, JsonNode member, String without) {
        if (!member.isObject() || parent.size() == 1) {
            return member;
        }
        ObjectNode m = ((ObjectNode) member).deepCopy();
        Iterator<Map.Entry<String, JsonNode>> it = parent.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (!k.equals(without) && !k.equals("$defs") && !k.equals("definitions") && !m.has(k)
                    && !k.equals("description") && !k.equals("title") && !k.equals("default")) {
                m.set(k, e.getValue());
            }
        }
        return m;
    }

    private String ref(String ref, JsonNode root, Dialect d, int depth) {
        if (!ref.startsWith("#")) {
            return any(d);
        }
        JsonNode target = ref.equals("#") ? root : root.at(ref.substring(1));
        if (target.isMissingNode()) {
            return any(d);
        }
        Map<String, String> known = refRules.computeIfAbsent(root, k -> new HashMap<>());
        String key = d + ref;
        String name = known.get(key);
        if (name != null) {
            return name;
        }
        String last = ref.substring(ref.lastIndexOf('/') + 1);
        name = g.reserve("def-" + last);
        known.put(key, name);
        g.set(name, value(target, root, d, "def-" + last, depth + 1));
        return name;
    }

    private String typed(String type, JsonNode schema, JsonNode root, Dialect d, String hint, int depth) {
        return switch (type) {
            case "string" -> string(schema, d);
            case "integer" -> integer(schema);
            case "number" -> number(schema);
            case "boolean" -> d == Dialect.JSON ? g.define("boolean", "\"true\" | \"false\"")
                    : g.define("py-boolean", "\"True\" | \"False\" | \"true\" | \"false\"");
            case "null" -> d == Dialect.JSON ? g.define("null", "\"null\"") : g.define("py-null", "\"None\" | \"null\"");
            case "array" -> array(schema, root, d, hint, depth);
            case "object" -> object(schema, root, d, hint, depth);
            default -> any(d);
        };
    }

    private String array(JsonNode schema, JsonNode root, Dialect d, String hint, int depth) {
        JsonNode items = schema.get("items");
        String item = items != null && items.isObject() ? value(items, root, d, hint + "-item", depth + 1) : any(d);
        String ws = ws();
        int min = bound(schema.get("minItems"), 0);
        int max = bound(schema.get("maxItems"), -1);
        String more = "(" + ws + " \",\" " + ws + " " + item + ")";
        String body;
        if (max > MAX_BOUND && min <= MAX_BOUND) {
            max = MAX_BOUND;
        }
        if (max >= 0 && max < min) {
            return NOTHING;
        } else if (max == 0) {
            body = "";
        } else if (min == 0) {
            body = "(" + item + " " + more + (max < 0 ? "*" : "{0," + (max - 1) + "}") + ")?";
        } else {
            body = item + " " + more + (min == 1 && max < 0 ? "*"
                    : "{" + (min - 1) + "," + (max < 0 ? "" : String.valueOf(max - 1)) + "}");
        }
        return g.define(hint + "-array", "\"[\" " + ws + " " + (body.isEmpty() ? "" : body + " " + ws + " ") + "\"]\"");
    }

    private static int bound(JsonNode n, int absent) {
        return n != null && n.canConvertToInt() && n.asInt() >= 0 ? n.asInt() : absent;
    }

    private String object(JsonNode schema, JsonNode root, Dialect d, String hint, int depth) {
        JsonNode props = schema.get("properties");
        String ws = ws();
        if (props == null || !props.isObject() || props.isEmpty()) {
            JsonNode extra = schema.get("additionalProperties");
            String v = extra != null && extra.isObject() ? value(extra, root, d, hint + "-value", depth + 1) : any(d);
            String pair = string(d) + " " + ws + " \":\" " + ws + " " + v;
            if (props != null && extra != null && extra.isBoolean() && !extra.booleanValue()) {
                return g.define("empty-object", "\"{\" " + ws + " \"}\"");
            }
            return g.define(hint + "-map", "\"{\" " + ws + " (" + pair + " (" + ws + " \",\" " + ws + " " + pair
                    + ")*)? " + ws + " \"}\"");
        }
        Set<String> required = new LinkedHashSet<>();
        JsonNode req = schema.get("required");
        if (req != null && req.isArray()) {
            req.forEach(r -> required.add(r.asText()));
        }
        List<Member> members = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = props.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = d == Dialect.JSON ? Gbnf.literal(jsonString(e.getKey()))
                    : "(" + Gbnf.literal(jsonString(e.getKey())) + " | " + Gbnf.literal(pyString(e.getKey())) + ")";
            String v = value(e.getValue(), root, d, hint + "-" + e.getKey(), depth + 1);
            members.add(new Member(key + " " + ws + " \":\" " + ws + " " + v, required.contains(e.getKey())));
        }
        String sep = ws + " \",\" " + ws;
        String inner = members(members, sep, hint);
        JsonNode extra = schema.get("additionalProperties");
        if (extra != null && (extra.isObject() || extra.isBoolean() && extra.booleanValue())) {
            // keys the schema allows beyond its properties: after the declared ones
            String v = extra.isObject() ? value(extra, root, d, hint + "-extra", depth + 1) : any(d);
            String pair = string(d) + " " + ws + " \":\" " + ws + " " + v;
            String more = "(" + sep + " " + pair + ")*";
            boolean optional = inner.startsWith("(") && inner.endsWith(")?");
            String first = optional ? inner.substring(1, inner.length() - 2) : inner;
            inner = optional ? "(" + first + " " + more + " | " + pair + " " + more + ")?" : inner + " " + more;
        }
        return g.define(hint + "-object", "\"{\" " + ws + " " + (inner.isEmpty() ? "" : inner + " " + ws + " ") + "\"}\"");
    }

    /** One member of a sequence whose optional members may be left out. */
    record Member(String expr, boolean required) {
    }

    /**
     * Members in their order, each required one present, each optional one present or not, with {@code sep} between
     * two present ones; {@code ""} when none can be present. Linear in the members: a chain of rules, one per member.
     */
    String members(List<Member> members, String sep, String hint) {
        int n = members.size();
        if (n == 0) {
            return "";
        }
        // after[i]: members i.. each preceded by the separator (the first present member is already written)
        String[] after = new String[n + 1];
        after[n] = "";
        for (int i = n - 1; i >= 0; i--) {
            Member m = members.get(i);
            String one = "(" + sep + " " + m.expr() + ")" + (m.required() ? "" : "?");
            after[i] = after[i + 1].isEmpty() ? one : g.define(hint + "-after", one + " " + after[i + 1]);
        }
        // start[i]: the first present member is i or later; needed up to the first required member
        int last = 0;
        while (last < n - 1 && !members.get(last).required()) {
            last++;
        }
        boolean[] restOptional = new boolean[n + 1];
        restOptional[n] = true;
        for (int i = n - 1; i >= 0; i--) {
            restOptional[i] = restOptional[i + 1] && !members.get(i).required();
        }
        String start = null;
        for (int i = last; i >= 0; i--) {
            Member m = members.get(i);
            String here = m.expr() + (after[i + 1].isEmpty() ? "" : " " + after[i + 1]);
            start = g.define(hint + "-from", !m.required() && start != null ? here + " | " + start : here);
        }
        return restOptional[0] ? "(" + start + ")?" : start;
    }

    private String literalValue(JsonNode v, Dialect d) {
        if (d == Dialect.PYTHON) {
            if (v.isTextual()) {
                return "(" + Gbnf.literal(jsonString(v.textValue())) + " | " + Gbnf.literal(pyString(v.textValue())) + ")";
            }
            if (v.isBoolean()) {
                return v.booleanValue() ? "(\"True\" | \"true\")" : "(\"False\" | \"false\")";
            }
            if (v.isNull()) {
                return "(\"None\" | \"null\")";
            }
        }
        return Gbnf.literal(v.toString());
    }

    private static String jsonString(String s) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(s).toString();
    }

    private static String pyString(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\'' -> b.append("\\'");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> b.append(c);
            }
        }
        return b.append('\'').toString();
    }

    String string(Dialect d) {
        if (jsonString == null) {
            String escape = g.define("escape", "[\"\\\\/bfnrt] | \"u\" [0-9a-fA-F]{4}");
            jsonString = g.define("string", "\"\\\"\" ([^\"\\\\\\x00-\\x1F] | \"\\\\\" " + escape + ")* \"\\\"\"");
        }
        if (d == Dialect.JSON) {
            return jsonString;
        }
        if (pyString == null) {
            String pyEscape = g.define("py-escape", "[\"'\\\\/bfnrt] | \"u\" [0-9a-fA-F]{4}");
            pyString = g.define("py-string", jsonString + " | \"'\" ([^'\\\\\\x00-\\x1F] | \"\\\\\" " + pyEscape
                    + ")* \"'\"");
        }
        return pyString;
    }

    /** An integer within the schema's bounds (a Java {@code int}'s without them; see {@link ScalarGrammar}). */
    String integer(JsonNode schema) {
        String body = ScalarGrammar.integer(schema);
        return body == null ? NOTHING : g.define("integer", body);
    }

    /** A number within the schema's bounds and a {@code float}'s range. */
    String number(JsonNode schema) {
        String body = ScalarGrammar.number(schema);
        return body == null ? NOTHING : g.define("number", body);
    }

    /** A string held to its schema: quoted in the dialect, its content as {@link #content} says. */
    String string(JsonNode schema, Dialect d) {
        String json = content(schema, jsonChar(), VISIBLE_JSON, PLAIN_JSON_ASCII);
        if (json == null) {
            return string(d);
        }
        String quoted = "\"\\\"\" " + json + " \"\\\"\"";
        if (d == Dialect.JSON) {
            return g.define("string", quoted);
        }
        String py = content(schema, g.define("py-char", PLAIN_PY + " | \"\\\\\" [\"'\\\\/bfnrt]"), VISIBLE_PY,
                PLAIN_PY_ASCII);
        return g.define("py-string", quoted + " | \"'\" " + py + " \"'\"");
    }

    /**
     * The content of a string whose schema constrains it ({@code format}, {@code minLength}/{@code maxLength},
     * {@code pattern}), each character one {@code unit} and the first, when at least one is required, a visible ASCII
     * {@code first} (so that {@code @NotBlank}, published as {@code minLength: 1}, holds too); {@code null} when the
     * schema says any text. A {@code pattern} is written over the characters the dialect writes as themselves
     * ({@code plainAscii} and the rest of the Basic Multilingual Plane; see {@link PatternGrammar}) when the schema
     * bounds no length: with lengths too the grammar writes the lengths, and the dispatcher checks the pattern.
     */
    String content(JsonNode schema, String unit, String first, String plainAscii) {
        if (schema == null || !schema.isObject()) {
            return null;
        }
        JsonNode f = schema.get("format");
        if (f != null && f.isTextual()) {
            String lang = ScalarGrammar.format(f.textValue());
            if (lang != null) {
                return g.define("format-" + f.textValue(), lang);
            }
        }
        int min = Math.max(0, bound(schema.get("minLength"), 0));
        int max = bound(schema.get("maxLength"), -1);
        if (min == 0 && max < 0) {
            JsonNode pattern = schema.get("pattern");
            String lang = pattern != null && pattern.isTextual() ? PatternGrammar.of(pattern.textValue(), plainAscii)
                    : null;
            return lang == null ? null : g.define("pattern", lang);
        }
        if (max >= 0 && max < min) {
            return NOTHING;
        }
        // a bound above MAX_LENGTH is held to it: fewer strings than the dispatcher takes, never more
        min = Math.min(min, MAX_LENGTH);
        max = max < 0 ? -1 : Math.min(max, MAX_LENGTH);
        if (max == 0) {
            return "\"\"";
        }
        String head = min >= 1 ? first + " " : "";
        int lo = Math.max(0, min - 1);
        int hi = max < 0 ? -1 : min >= 1 ? max - 1 : max;
        String rest = hi == 0 ? "" : unit + (hi < 0 ? "{" + lo + ",}" : "{" + lo + "," + hi + "}");
        return g.define("text", (head + rest).strip());
    }

    /** One character of a JSON string, from the Basic Multilingual Plane (one code unit, as Java counts). */
    String jsonChar() {
        return g.define("json-char", PLAIN_JSON + " | \"\\\\\" [\"\\\\/bfnrt]");
    }

    /** Any value of the dialect. */
    String any(Dialect d) {
        String name = d == Dialect.JSON ? "value" : "py-value";
        String existing = prose.get("any:" + name);
        if (existing != null) {
            return existing;
        }
        String v = g.reserve(name);
        prose.put("any:" + name, v);
        String ws = ws();
        String key = string(d);
        String obj = "\"{\" " + ws + " (" + key + " " + ws + " \":\" " + ws + " " + v + " (" + ws + " \",\" " + ws + " "
                + key + " " + ws + " \":\" " + ws + " " + v + ")*)? " + ws + " \"}\"";
        String arr = "\"[\" " + ws + " (" + v + " (" + ws + " \",\" " + ws + " " + v + ")*)? " + ws + " \"]\"";
        String bool = typed("boolean", null, null, d, "", 0);
        String nul = typed("null", null, null, d, "", 0);
        g.set(v, g.define(name + "-object", obj) + " | " + g.define(name + "-array", arr) + " | " + string(d) + " | "
                + number(null) + " | " + bool + " | " + nul);
        return v;
    }

    // ------------------------------------------------------------------ text

    /** The automaton's transitions may be this many times its states and letters before the text is written coarser. */
    private static final int LINEAR_FACTOR = 64;

    /** The character every word ends with and none holds elsewhere, or -1. */
    private static int commonLast(List<String> words) {
        int z = -1;
        for (String w : words) {
            if (w.isEmpty()) {
                return -1;
            }
            int last = w.codePointBefore(w.length());
            if (z >= 0 && last != z || w.substring(0, w.length() - Character.charCount(last)).indexOf(last) >= 0) {
                return -1;
            }
            z = last;
        }
        return z;
    }

    /**
     * Text in which {@code z} never follows a character that ends a word before its {@code z} (nor starts the text
     * when a word is {@code z} alone): it holds none of the words, and forbids a little more (any {@code xz} whose
     * {@code x} ends some word), in two rules whatever the number of words. Used where the exact automaton would grow
     * with the words times the letters (thousands of pythonic {@code name(} triggers in other scripts).
     */
    private String lastPairsExcluded(List<String> words, int z, String hint) {
        Set<Integer> before = new TreeSet<>();
        boolean alone = false;
        for (String w : words) {
            int end = w.length() - Character.charCount(z);
            if (end == 0) {
                alone = true;
            } else {
                before.add(w.codePointBefore(end));
            }
        }
        StringBuilder ends = new StringBuilder();
        before.forEach(c -> ends.append(Gbnf.classChar(c)));
        String zc = Gbnf.classChar(z);
        String free = g.reserve(hint);
        String after = g.reserve(hint + "-end");
        String other = "[^" + ends + zc + "]";
        String ending = before.isEmpty() ? "" : " | [" + ends + "] " + after;
        String zMove = alone ? "" : " | [" + zc + "] " + free;
        g.set(free, "(" + other + " " + free + ending + zMove + ")?");
        g.set(after, "(" + other + " " + free + ending + ")?");
        return free;
    }

    /**
     * Any text (possibly empty) that contains none of {@code words}: an Aho-Corasick automaton over the words, one rule
     * per state, so text up to the first word is read once, left to right.
     */
    String textWithout(Collection<String> words, String hint) {
        List<String> list = new ArrayList<>(new TreeSet<>(words));
        String key = "text:" + String.join("\u0000", list);
        String known = prose.get(key);
        if (known != null) {
            return known;
        }
        // trie
        List<Map<Integer, Integer>> next = new ArrayList<>();
        List<Boolean> terminal = new ArrayList<>();
        next.add(new TreeMap<>());
        terminal.add(false);
        for (String w : list) {
            int s = 0;
            for (int i = 0; i < w.length(); ) {
                int c = w.codePointAt(i);
                i += Character.charCount(c);
                Integer t = next.get(s).get(c);
                if (t == null) {
                    t = next.size();
                    next.add(new TreeMap<>());
                    terminal.add(false);
                    next.get(s).put(c, t);
                }
                s = t;
            }
            terminal.set(s, true);
        }
        // Aho-Corasick, kept sparse: each state's moves are the letters that lead to a state other than the start
        // (its children, else its failure state's moves); any other letter restarts. Its rule is as long as its moves,
        // not as the alphabet. Where the moves would grow past a bound linear in the states (thousands of words with
        // different first letters), words sharing their last letter are written coarser instead.
        int states = next.size();
        int z = commonLast(list);
        long budget = z >= 0 ? LINEAR_FACTOR * (long) (states + 16) : Long.MAX_VALUE;
        int[] fail = new int[states];
        List<Map<Integer, Integer>> moves = new ArrayList<>(Collections.nCopies(states, (Map<Integer, Integer>) null));
        moves.set(0, next.get(0));
        long size = next.get(0).size();
        ArrayDeque<Integer> queue = new ArrayDeque<>(next.get(0).values());
        while (!queue.isEmpty()) {
            int s = queue.poll();
            terminal.set(s, terminal.get(s) || terminal.get(fail[s]));
            Map<Integer, Integer> m = new TreeMap<>(moves.get(fail[s]));
            m.putAll(next.get(s));
            size += m.size();
            if (size > budget) {
                String text = lastPairsExcluded(list, z, hint);
                prose.put(key, text);
                return text;
            }
            moves.set(s, m);
            for (Map.Entry<Integer, Integer> e : next.get(s).entrySet()) {
                fail[e.getValue()] = s == 0 ? 0 : moves.get(fail[s]).getOrDefault(e.getKey(), 0);
                queue.add(e.getValue());
            }
        }
        String[] names = new String[states];
        for (int s = 0; s < states; s++) {
            if (!terminal.get(s)) {
                names[s] = g.reserve(hint);
            }
        }
        for (int s = 0; s < states; s++) {
            if (names[s] == null) {
                continue;
            }
            StringBuilder restart = new StringBuilder("[^");
            StringBuilder body = new StringBuilder();
            for (Map.Entry<Integer, Integer> e : moves.get(s).entrySet()) {
                restart.append(Gbnf.classChar(e.getKey()));
                int t = e.getValue();
                if (names[t] != null) {
                    body.append(" | ").append(Gbnf.literal(new String(Character.toChars(e.getKey())))).append(' ')
                            .append(names[t]);
                }
            }
            restart.append(']');
            g.set(names[s], "(" + restart + " " + names[0] + body + ")?");
        }
        prose.put(key, names[0]);
        return names[0];
    }
}
