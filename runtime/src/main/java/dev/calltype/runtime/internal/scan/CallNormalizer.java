package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.JsonCoercion;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.pythonic.PyCall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one normalizer every recognizer uses: call shapes inside JSON (name and argument keys, wrappers), name
 * resolution against the known tools, arguments given as a JSON string or positionally, truncation by
 * auto-closed brackets.
 *
 * <p>Strict (explicit tool-call markup, or a wrapper such as {@code tool_calls}): every object is a call attempt,
 * and a name that matches no tool is an {@link ExtractionError.Kind#UNKNOWN_TOOL} error. Lenient (JSON in prose or
 * a fence): only tool-shaped JSON naming a known tool is a call; anything else is data and yields nothing.
 */
public final class CallNormalizer {

    public static final String[] NAME_KEYS = {"tool_name", "tool", "name", "function_name", "function"};
    public static final String[] ARG_KEYS = {"parameters", "params", "arguments", "args", "input", "function_args",
        "action_input", "tool_input"};
    /**
     * LangChain's JSON agents' {@code {"action": NAME, "action_input": {…}}}: {@code action} names the tool only
     * beside {@code action_input} (alone it is too common a word for data).
     */
    public static final String PAIRED_NAME_KEY = "action";
    public static final String PAIRED_ARGS_KEY = "action_input";
    private static final String[] ID_KEYS = {"id", "tool_call_id", "call_id"};
    private static final String[] WRAPPERS = {"tool_call", "tool_request", "function_call"};
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CallNormalizer() {
    }

    /**
     * A call as written, before its name is checked.
     *
     * @param args the arguments value as written ({@code null} when absent)
     * @param source the object the call was read from (for truncation by auto-closed brackets)
     * @param wrapped inside a wrapper such as {@code tool_calls}: strict whatever the context
     * @param problem not a call at all (strict context): what is wrong
     */
    public record Draft(String name, JsonNode args, String id, ObjectNode source, boolean wrapped, String problem) {
    }

    // ------------------------------------------------------------------ shapes

    /** The calls a JSON value holds; {@code null} when it is data (lenient context only). */
    public static List<Draft> shape(JsonRead read, boolean strict) {
        JsonNode v = read.value();
        List<Draft> out = new ArrayList<>(1);
        if (v.isObject()) {
            return object(read, (ObjectNode) v, strict, false, null, out) ? out : null;
        }
        if (v.isArray()) {
            if (v.isEmpty()) {
                return strict ? List.of(problem("the list of calls is empty")) : null;
            }
            for (JsonNode e : v) {
                if (e.isObject()) {
                    if (!object(read, (ObjectNode) e, strict, false, null, out)) {
                        return null;
                    }
                } else if (strict) {
                    out.add(problem("each call in the list must be an object {\"name\": …, \"arguments\": {…}}, "
                            + "not " + JsonCoercion.describe(e)));
                } else {
                    return null;
                }
            }
            return out;
        }
        return strict ? List.of(problem("expected a call object {\"name\": …, \"arguments\": {…}}, not "
                + JsonCoercion.describe(v))) : null;
    }

    private static Draft problem(String what) {
        return new Draft(null, null, null, null, true, what);
    }

    private static boolean object(JsonRead read, ObjectNode o, boolean strict, boolean wrapped, String outerId,
                                  List<Draft> out) {
        String name = nameOf(o);
        if (name == null) {
            JsonNode list = o.get("tool_calls");
            if (list != null && list.isArray()) {
                if (list.isEmpty()) {
                    if (strict) {
                        out.add(problem("\"tool_calls\" is empty"));
                        return true;
                    }
                    return false;
                }
                for (JsonNode e : list) {
                    if (!(e.isObject() && object(read, (ObjectNode) e, true, true, null, out))) {
                        out.add(problem("each entry of \"tool_calls\" must be a call object"));
                    }
                }
                return true;
            }
            for (String w : WRAPPERS) {
                JsonNode inner = o.get(w);
                if (inner != null && inner.isObject()) {
                    if (!object(read, (ObjectNode) inner, true, true, idOf(o, outerId), out)) {
                        out.add(problem("\"" + w + "\" holds no tool name"));
                    }
                    return true;
                }
            }
        }
        JsonNode fn = o.get("function");
        if (fn != null && fn.isObject()) {
            ObjectNode f = (ObjectNode) fn;
            String inner = nameOf(f);
            String id = idOf(o, idOf(f, outerId));
            if (inner == null) {
                out.add(problem("\"function\" holds no \"name\""));
                return true;
            }
            String otherInner = otherName(read, f, inner);
            if (otherInner != null) {
                out.add(twoNames(inner, otherInner));
                return true;
            }
            JsonNode args = argsOf(f);
            out.add(new Draft(inner, args, id, f, true, null));
            return true;
        }
        if (name == null) {
            if (strict) {
                out.add(problem("the call has no tool name: expected {\"name\": …, \"arguments\": {…}}"));
                return true;
            }
            return false;
        }
        JsonNode args = argsOf(o);
        String other = otherName(read, o, name);
        if (other != null) {
            // Two names: never guess which tool was meant (and a stream may already have announced the first).
            if (args == null && !strict && !wrapped) {
                return false;
            }
            out.add(twoNames(name, other));
            return true;
        }
        String type = text(o.get("type"));
        boolean typed = "tool_use".equals(type) || "function".equals(type) || "function_call".equals(type);
        String id = idOf(o, outerId);
        if (args == null && !strict && !wrapped && !typed) {
            return false; // in prose, tool-shaped means a name beside an arguments key
        }
        out.add(new Draft(name, args, id, o, wrapped || typed, null));
        return true;
    }

    private static String nameOf(ObjectNode o) {
        for (String k : NAME_KEYS) {
            JsonNode n = o.get(k);
            if (n != null && n.isTextual()) {
                return n.textValue();
            }
        }
        JsonNode action = o.get(PAIRED_NAME_KEY);
        return action != null && action.isTextual() && o.has(PAIRED_ARGS_KEY) ? action.textValue() : null;
    }

    /**
     * A second, different tool name in the object, or {@code null}: under another name key, or under a name key
     * written twice (the object keeps the last value; a stream may already have announced the first).
     */
    private static String otherName(JsonRead read, ObjectNode o, String name) {
        for (String k : NAME_KEYS) {
            JsonNode n = o.get(k);
            if (n != null && n.isTextual() && !n.textValue().equals(name)) {
                return n.textValue();
            }
            String first = read.overwrittenString(o, k);
            if (first != null && !first.equals(name)) {
                return first;
            }
        }
        return null;
    }

    private static Draft twoNames(String name, String other) {
        return problem("the call names two tools, " + Chars.quoted(name) + " and " + Chars.quoted(other)
                + ": give one \"name\"");
    }

    /** The arguments value: {@code null} when no argument key is present. */
    private static JsonNode argsOf(ObjectNode o) {
        for (String k : ARG_KEYS) {
            JsonNode a = o.get(k);
            if (a != null) {
                return a;
            }
        }
        return null;
    }

    private static String idOf(ObjectNode o, String fallback) {
        for (String k : ID_KEYS) {
            JsonNode n = o.get(k);
            if (n != null && (n.isTextual() || n.isNumber())) {
                return n.asText();
            }
        }
        return fallback;
    }

    private static String text(JsonNode n) {
        return n != null && n.isTextual() ? n.textValue() : null;
    }

    // ------------------------------------------------------------------ items

    /**
     * The items for a JSON value read at {@code [start, end)} (markup included); {@code null} when it is data.
     *
     * @param valueStart where the value itself starts, for dividing the span among several calls
     */
    public static List<Finding> fromJson(CharSequence buf, JsonRead r, boolean strict, WireFormat format, int start, int end,
                               int valueStart, Config cfg) {
        List<Draft> drafts = shape(r, strict);
        if (drafts == null) {
            return null;
        }
        List<Finding> items = new ArrayList<>(drafts.size());
        for (Draft d : drafts) {
            Finding it = resolve(d, strict, format, r.repairs(), r.autoClosed(), start, end, cfg);
            if (it == null) {
                return null;
            }
            items.add(it);
        }
        return SpanDivider.distribute(buf, items, start, end, valueStart, r.end());
    }

    /** One draft as a call or an error; {@code null} when it is data (lenient and not a known tool). */
    public static Finding resolve(Draft d, boolean strict, WireFormat format, List<Repair> readRepairs,
                        Set<JsonNode> autoClosed, int start, int end, Config cfg) {
        if (d.problem() != null) {
            return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid(d.problem()), null, format,
                    start, end);
        }
        boolean isStrict = strict || d.wrapped();
        Name n = name(d.name(), isStrict, format, start, end, cfg);
        if (n == null) {
            return null;
        }
        if (n.error != null) {
            return n.error;
        }
        List<Repair> repairs = new ArrayList<>(readRepairs);
        if (n.normalized) {
            repairs.add(Repair.NAME_NORMALIZED);
        }
        JsonNode a = d.args();
        if (d.source() != null && autoClosed.contains(d.source())) {
            // the call's own object was still open where the text ended: cut off, even when its arguments are whole
            // (the serving engines read no call from it either)
            return Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(n.name), n.name, format, start,
                    end);
        }
        if (a == null || a.isNull() || a.isMissingNode()) {
            return Finding.call(n.name, NODES.objectNode(), d.id(), format, repairs, start, end);
        }
        if (autoClosed.contains(a)) {
            return Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(n.name), n.name, format, start, end);
        }
        if (a.isObject()) {
            return Finding.call(n.name, (ObjectNode) a, d.id(), format, repairs, start, end);
        }
        if (a.isTextual()) {
            String s = a.textValue();
            if (s.isBlank()) {
                repairs.add(Repair.ARGUMENTS_DECODED);
                return Finding.call(n.name, NODES.objectNode(), d.id(), format, repairs, start, end);
            }
            JsonRead inner = LenientJson.read(s, 0, s.length(), true, cfg.limits);
            if (inner.isComplete() && inner.value().isObject() && inner.autoClosed().isEmpty()
                    && Chars.skipBlanks(s, inner.end(), s.length()) == s.length()) {
                repairs.add(Repair.ARGUMENTS_DECODED);
                addAll(repairs, inner.repairs());
                return Finding.call(n.name, (ObjectNode) inner.value(), d.id(), format, repairs, start, end);
            }
            return Finding.error(ExtractionError.Kind.MALFORMED_JSON, ErrorTexts.malformedArguments(n.name, inner),
                    n.name, format, start, end);
        }
        if (a.isArray()) {
            List<JsonNode> positional = new ArrayList<>(a.size());
            a.forEach(positional::add);
            return positional(n, positional, List.of(), d.id(), format, repairs, start, end);
        }
        return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                ErrorTexts.invalid("the arguments of " + Chars.quoted(n.name) + " must be an object, not "
                        + JsonCoercion.describe(a)), n.name, format, start, end);
    }

    /** A call whose name and argument object were read separately (the name from markup). */
    public static Finding call(String rawName, JsonRead args, String id, WireFormat format, int start, int end, Config cfg) {
        Name n = name(rawName, true, format, start, end, cfg);
        if (n.error != null) {
            return n.error;
        }
        JsonNode a = args.value();
        if (!args.autoClosed().isEmpty() && args.autoClosed().contains(a)) {
            return Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(n.name), n.name, format, start, end);
        }
        List<Repair> repairs = new ArrayList<>(args.repairs());
        if (n.normalized) {
            repairs.add(Repair.NAME_NORMALIZED);
        }
        if (a.isObject()) {
            return Finding.call(n.name, (ObjectNode) a, id, format, repairs, start, end);
        }
        if (a.isNull()) {
            return Finding.call(n.name, NODES.objectNode(), id, format, repairs, start, end);
        }
        if (a.isArray()) {
            List<JsonNode> positional = new ArrayList<>(a.size());
            a.forEach(positional::add);
            return positional(n, positional, List.of(), id, format, repairs, start, end);
        }
        if (a.isTextual()) {                                // double-encoded: the object written as a JSON string
            String s = a.textValue();
            JsonRead inner = LenientJson.read(s, 0, s.length(), true, cfg.limits);
            if (inner.isComplete() && inner.value().isObject() && inner.autoClosed().isEmpty()
                    && Chars.skipBlanks(s, inner.end(), s.length()) == s.length()) {
                repairs.add(Repair.ARGUMENTS_DECODED);
                addAll(repairs, inner.repairs());
                return Finding.call(n.name, (ObjectNode) inner.value(), id, format, repairs, start, end);
            }
        }
        return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                ErrorTexts.invalid("the arguments of " + Chars.quoted(n.name) + " must be a JSON object, not "
                        + JsonCoercion.describe(a)), n.name, format, start, end);
    }

    /**
     * A native call (name, argument text and id sent apart, as in a Chat Completions {@code tool_calls} entry): the
     * argument text read leniently, by the same rules as a call in text. Blank text is no arguments; text that does
     * not end where the object ends is an error, as is an object the text cut off.
     */
    public static Finding nativeCall(String rawName, CharSequence args, String id, Config cfg) {
        int end = args.length();
        int from = Chars.skipBlanks(args, 0, end);
        if (from == end) {
            return call(rawName, NODES.objectNode(), id, WireFormat.NATIVE, List.of(), 0, end, cfg);
        }
        int fenceEnd = fenceEnd(args, from, end);
        if (fenceEnd >= 0) {                                // ```json\n{...}\n```: read what the fence holds
            Finding inner = nativeCall(rawName, args.subSequence(lineEnd(args, from + 3, fenceEnd), fenceEnd), id, cfg)
                    .span(0, end);
            return inner.isCall() ? inner.withRepair(Repair.FENCE_REMOVED) : inner;
        }
        JsonRead read = LenientJson.read(args, from, end, true, cfg.limits);
        Name n = name(rawName, true, WireFormat.NATIVE, 0, end, cfg);
        if (n.error != null) {
            return n.error;
        }
        if (!read.isComplete()) {
            return Finding.error(ErrorTexts.kind(read), read.status() == JsonRead.Status.MALFORMED
                    ? ErrorTexts.malformedArguments(n.name, read) : ErrorTexts.failedRead(n.name, read), n.name,
                    WireFormat.NATIVE, 0, end);
        }
        if (Chars.skipBlanks(args, read.end(), end) != end) {
            return Finding.error(ExtractionError.Kind.MALFORMED_JSON, ErrorTexts.invalid("the arguments of "
                    + Chars.quoted(n.name) + " go on after their JSON value ends: give one JSON object"), n.name,
                    WireFormat.NATIVE, 0, end);
        }
        return call(rawName, read, id, WireFormat.NATIVE, 0, end, cfg);
    }

    /**
     * Where the closing fence starts when {@code text[from, end)} is a whole Markdown code fence (three backticks, an
     * optional language, the content, three backticks and nothing after them but blanks), else -1.
     */
    private static int fenceEnd(CharSequence text, int from, int end) {
        if (end - from < 6 || !startsWithFence(text, from)) {
            return -1;
        }
        int last = end;
        while (last > from && Character.isWhitespace(text.charAt(last - 1))) {
            last--;
        }
        return last - 3 >= from + 3 && startsWithFence(text, last - 3) ? last - 3 : -1;
    }

    private static boolean startsWithFence(CharSequence text, int at) {
        return text.charAt(at) == '`' && text.charAt(at + 1) == '`' && text.charAt(at + 2) == '`';
    }

    /** Just past the end of the line that starts at {@code from} (the fence's language tag), or {@code end}. */
    private static int lineEnd(CharSequence text, int from, int end) {
        for (int k = from; k < end; k++) {
            if (text.charAt(k) == '\n') {
                return k + 1;
            }
        }
        return end;
    }

    /** A call whose arguments are already an object (XML-style formats). */
    public static Finding call(String rawName, ObjectNode args, String id, WireFormat format, List<Repair> extra, int start,
                     int end, Config cfg) {
        Name n = name(rawName, true, format, start, end, cfg);
        if (n.error != null) {
            return n.error;
        }
        List<Repair> repairs = new ArrayList<>(extra.size() + 1);
        if (n.normalized) {
            repairs.add(Repair.NAME_NORMALIZED);
        }
        repairs.addAll(extra);
        return Finding.call(n.name, args, id, format, repairs, start, end);
    }

    /** A pythonic call; {@code null} when it is data (lenient and not a known tool). */
    public static Finding python(PyCall c, String rawName, boolean strict, WireFormat format, int start, int end, Config cfg) {
        Name n = name(rawName, strict, format, start, end, cfg);
        if (n == null) {
            return null;
        }
        if (n.error != null) {
            return n.error;
        }
        if (c.problem() != null) {
            return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid("in the call to "
                    + Chars.quoted(n.name) + ": " + c.problem()), n.name, format, start, end);
        }
        List<Repair> repairs = new ArrayList<>(c.repairs());
        if (n.normalized) {
            repairs.add(Repair.NAME_NORMALIZED);
        }
        return positional(n, c.positional(), c.keywords(), null, format, repairs, start, end);
    }

    /** The tool a name resolves to, or the error; {@code null} for data. */
    public static Name name(String raw, boolean strict, WireFormat format, int start, int end, Config cfg) {
        KnownTools tools = cfg.tools;
        if (raw == null || raw.isBlank()) {
            return strict ? new Name(null, null, false, Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                    ErrorTexts.invalid("the call has an empty tool name"), null, format, start, end)) : null;
        }
        if (tools.isEmpty()) {
            return new Name(raw, null, false, null);
        }
        KnownTools.Found f = tools.find(raw);
        if (f == null) {
            return strict ? new Name(raw, null, false, Finding.error(ExtractionError.Kind.UNKNOWN_TOOL,
                    ErrorTexts.unknownTool(raw, tools), raw, format, start, end)) : null;
        }
        return new Name(f.spec().name(), f.spec(), f.normalized(), null);
    }

    /** A resolved name: the tool's own spelling and spec (null when no tools are known), or an error. */
    public static final class Name {
        public final String name;
        public final ToolSpec spec;
        public final boolean normalized;
        public final Finding error;

        public Name(String name, ToolSpec spec, boolean normalized, Finding error) {
            this.name = name;
            this.spec = spec;
            this.normalized = normalized;
            this.error = error;
        }
    }

    private static Finding positional(Name n, List<JsonNode> positional, List<Map.Entry<String, JsonNode>> keywords,
                                   String id, WireFormat format, List<Repair> repairs, int start, int end) {
        ObjectNode args = NODES.objectNode();
        if (!positional.isEmpty()) {
            if (n.spec == null) {
                return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid(Chars.quoted(n.name) + " was given positional arguments, but its parameter names "
                                + "are not known: write each argument as name=value"), n.name, format, start, end);
            }
            List<String> order = n.spec.parameterOrder();
            if (positional.size() > order.size()) {
                return Finding.error(ExtractionError.Kind.TOO_MANY_POSITIONAL,
                        ErrorTexts.tooManyPositional(n.spec, positional.size()), n.name, format, start, end);
            }
            for (int i = 0; i < positional.size(); i++) {
                args.set(order.get(i), positional.get(i));
            }
            repairs.add(Repair.POSITIONAL_ARGUMENTS);
        }
        for (Map.Entry<String, JsonNode> kw : keywords) {
            if (args.has(kw.getKey())) {
                return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid(Chars.quoted(n.name) + " got two values for '" + Chars.quote(kw.getKey()) + "'"), n.name,
                        format, start, end);
            }
            args.set(kw.getKey(), kw.getValue());
        }
        return Finding.call(n.name, args, id, format, repairs, start, end);
    }

    private static void addAll(List<Repair> into, List<Repair> more) {
        for (Repair r : more) {
            if (!into.contains(r)) {
                into.add(r);
            }
        }
    }
}
