package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.internal.args.SchemaArguments;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.CallSection;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Moonshot Kimi K2:
 * {@code <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{…}<|tool_call_end|>…<|tool_calls_section_end|>};
 * the call's id is its header {@code functions.NAME:IDX}. The section tokens are optional.
 */
public final class KimiK2 implements Family {

    public static final String SECTION_BEGIN = "<|tool_calls_section_begin|>";
    public static final String SECTION_END = "<|tool_calls_section_end|>";
    public static final String CALL_BEGIN = "<|tool_call_begin|>";
    public static final String ARGS_BEGIN = "<|tool_call_argument_begin|>";
    public static final String CALL_END = "<|tool_call_end|>";

    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.KIMI_K2)
            .closedBy(CALL_END).nextCallAt(CALL_BEGIN).build();

    private static final CallSection SECTION = new CallSection(new CallSection.Spec(Set.of(WireFormat.KIMI_K2),
            WireFormat.KIMI_K2, WireFormat.KIMI_K2, SECTION_BEGIN, SECTION_END, CALL_BEGIN, ARGS_BEGIN, CALL_END,
            KimiK2::call));

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(SECTION_BEGIN, SECTION);
        markers.add(CALL_BEGIN, SECTION);
    }

    /** A call's header {@code functions.NAME:IDX}: the name, and the header as the call's id. */
    private static Verdict call(CharSequence buf, Config cfg, String header, int itemStart, int argsAt, Continuation again,
                              ArgumentsAfterName.Follow follow, int limit, boolean atEnd) {
        String name = header;
        if (name.startsWith("functions.")) {
            name = name.substring("functions.".length());
        }
        int colon = name.lastIndexOf(':');
        if (colon > 0) {
            name = name.substring(0, colon);
        }
        ArgumentsAfterName.Follow then = follow;
        // (a header that is a tool's name without its :INDEX names that tool, and stays an error below)
        boolean nameless = isCounter(name) || clientId(header) && cfg.tools.find(header) == null;
        if (nameless && !cfg.tools.isEmpty()) {
            // a bare counter or a client's call id names no tool: the only tool there is, or the one its arguments fit
            String inferred = cfg.tools.specs().size() == 1 ? cfg.tools.specs().get(0).name() : null;
            if (inferred == null) {
                int end = Chars.indexOf(buf, CALL_END, argsAt, limit);
                if (end < 0 && !atEnd) {
                    return Verdict.needMore(RetryWhen.text(argsAt, CALL_END), again);
                }
                inferred = fittingTool(buf, cfg, argsAt, end < 0 ? limit : end);
            }
            if (inferred != null) {
                name = inferred;
                then = (b, found, e, l, end) -> follow.after(b, found.isCall()
                        ? found.withRepair(Repair.NAME_FROM_ARGUMENTS) : found, e, l, end);
            }
        }
        Verdict read = ArgumentsAfterName.read(buf, cfg, ARGS, name, header, itemStart, argsAt, then, limit, atEnd);
        return isCounter(header) || wellFormed(header) || then != follow ? read : refused(read, header);
    }

    /**
     * Whether a call id is written {@code [functions.]NAME:IDX}: a name without blanks or other punctuation, a colon,
     * a decimal index. The serving engines read no call from another id; neither does this reader.
     */
    private static boolean wellFormed(String id) {
        int colon = id.lastIndexOf(':');
        if (colon <= 0 || colon == id.length() - 1 || !isCounter(id.substring(colon + 1))) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            char c = id.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_' && c != '.' && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** The call read from a header that is not a call id, as an error in its place (its followers are read on). */
    private static Verdict refused(Verdict read, String header) {
        if (read instanceof Verdict.Found f && !f.findings().isEmpty() && f.findings().get(0).isCall()) {
            List<Finding> findings = new ArrayList<>(f.findings());
            Finding call = findings.get(0);
            findings.set(0, call.asError(ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid("the call id "
                    + Chars.quoted(header) + " is not functions.NAME:INDEX, so no call was read from it")));
            return new Verdict.Found(f.end(), List.copyOf(findings), f.next(), f.reasoningClose(), f.answerClose());
        }
        if (read instanceof Verdict.NeedMore m && m.resume() != null) {
            Continuation resume = m.resume();
            return new Verdict.NeedMore(m.retry(), (b, l, e) -> refused(resume.run(b, l, e), header), m.started());
        }
        return read;
    }

    /**
     * The one known tool whose schema the arguments in {@code [from, to)} fit (every required parameter given, no
     * parameter it does not declare, each of its type), or {@code null} when none or several do, or the arguments are
     * not a JSON object: a bare counter id is read only when the arguments leave no doubt (as vLLM and SGLang infer).
     */
    private static String fittingTool(CharSequence buf, Config cfg, int from, int to) {
        int i = Chars.skipBlanks(buf, from, to);
        if (i >= to || buf.charAt(i) != '{') {
            return null;
        }
        JsonRead r = LenientJson.read(buf, i, to, true, cfg.limits);
        if (r.status() != JsonRead.Status.COMPLETE || !(r.value() instanceof ObjectNode args)) {
            return null;
        }
        String found = null;
        for (ToolSpec tool : cfg.tools.specs()) {
            if (fits(tool, args)) {
                if (found != null) {
                    return null;
                }
                found = tool.name();
            }
        }
        return found;
    }

    /**
     * Whether {@code args} fit {@code tool}'s schema as written, with nothing it does not declare: a key beyond its
     * {@code properties} counts against it unless {@code additionalProperties} allows more, and so does a value the
     * schema accepts only by coercing it (a number where a string belongs).
     */
    private static boolean fits(ToolSpec tool, ObjectNode args) {
        JsonNode props = tool.parameters().path("properties");
        JsonNode more = tool.parameters().get("additionalProperties");
        boolean extra = more != null && (more.isObject() || more.asBoolean(false));
        for (Iterator<String> keys = args.fieldNames(); keys.hasNext() && !extra; ) {
            if (!props.has(keys.next())) {
                return false;
            }
        }
        SchemaArguments.Checked checked = new SchemaArguments(tool.parameters()).check(args);
        if (!checked.valid()) {
            return false;
        }
        for (Iterator<Map.Entry<String, JsonNode>> given = args.fields(); given.hasNext(); ) {
            Map.Entry<String, JsonNode> e = given.next();
            if (!e.getValue().equals(checked.arguments().get(e.getKey()))) {
                return false; // fitted only by coercing the value to another type
            }
        }
        return true;
    }

    /**
     * Whether a call id is one a client wrote in the conversation's history and the model copied ({@code call_3},
     * {@code toolu_01…}, a UUID): one word of letters, digits, {@code _} and {@code -}, without {@code functions.} or a
     * {@code :INDEX}, so it names no tool.
     */
    private static boolean clientId(String id) {
        if (id.isEmpty() || id.startsWith("functions.") || id.length() > 128) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!(c < 128 && Character.isLetterOrDigit(c)) && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** Whether a call id is a bare counter ({@code 0}, {@code 1}) without the tool's name. */
    private static boolean isCounter(String id) {
        if (id.isEmpty()) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            if (id.charAt(i) < '0' || id.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
