package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.Iterator;
import java.util.List;

/**
 * A call written as two labelled lines: the tool's name after one label, then on the next line its input after
 * another. ReAct ({@code Action: NAME} ⏎ {@code Action Input: {json}}: LangChain's and LlamaIndex's ReAct agents, and
 * the models prompted or trained with them) and Qwen-Agent's function calling ({@code ✿FUNCTION✿: NAME} ⏎
 * {@code ✿ARGS✿: {json}}). Both lines start a line; the name is one word (a tool name, dotted or dashed), so a
 * sentence after the label stays prose. The input is the arguments object, in a Markdown fence or not; a plain text
 * input is the value of the tool's only parameter when the known tool has exactly one (typed by its schema), else an
 * error that asks for JSON. The lines around ({@code Thought:}, {@code Observation:}, {@code ✿RESULT✿:}) stay in the
 * text. Command R's {@code Action: ```json} shares ReAct's label ({@link CommandR}).
 */
public final class React implements Family {

    /** The longest name read; a longer first line is prose. */
    private static final int MAX_NAME = 128;

    private final WireFormat format;
    private final String marker;
    private final String input;
    private final ArgumentsAfterName.Spec args;

    /** ReAct's {@code Action:} and {@code Action Input:}. */
    public React() {
        this(WireFormat.REACT, "Action:", "Action Input:");
    }

    private React(WireFormat format, String marker, String input) {
        this.format = format;
        this.marker = marker;
        this.input = input;
        this.args = ArgumentsAfterName.after(format).fencesAllowed().build();
    }

    /** Qwen-Agent's {@code ✿FUNCTION✿:} and {@code ✿ARGS✿:}. */
    static React qwenAgent() {
        return new React(WireFormat.QWEN_AGENT, "\u273FFUNCTION\u273F:", "\u273FARGS\u273F:");
    }

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(marker, this::action);
    }

    /** The label at {@code at}: a call when a one-word name and, on the next line, its input follow. */
    private Verdict action(CharSequence buf, Recognizer.At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!at.lineStart() || !cfg.on(format)) {
            return Verdict.NO_MATCH;
        }
        int i = Chars.skipInlineBlanks(buf, at.markerEnd(), limit);
        int j = i;
        while (j < limit && j - i <= MAX_NAME && (Chars.isIdentPart(buf.charAt(j)) || buf.charAt(j) == '-'
                || buf.charAt(j) == '.')) {
            j++;
        }
        if (j >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        int eol = Chars.skipInlineBlanks(buf, j, limit);
        if (j == i || j - i > MAX_NAME || eol < limit && buf.charAt(eol) != '\n' && buf.charAt(eol) != '\r') {
            return Verdict.NO_MATCH; // not one word on the line: prose
        }
        int k = Chars.skipBlanks(buf, eol, limit);
        int r = k < limit ? Chars.startsWith(buf, k, limit, input) : Chars.PARTIAL;
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (r != Chars.FULL || k == eol) {
            return Verdict.NO_MATCH; // an action without its input on the next line is prose
        }
        String name = buf.subSequence(i, j).toString();
        int v = Chars.skipInlineBlanks(buf, k + input.length(), limit);
        if (v >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        char c = v < limit ? buf.charAt(v) : '\n';
        if (c == '{' || c == '[' || c == '`') {
            return ArgumentsAfterName.read(buf, cfg, args, name, null, at.pos(), v, ArgumentsAfterName.ALONE, limit,
                    atEnd);
        }
        return plainInput(buf, cfg, name, at.pos(), v, limit, atEnd);
    }

    /** A plain text input: the rest of its line, the value of the tool's only parameter. */
    private Verdict plainInput(CharSequence buf, Config cfg, String name, int start, int from, int limit,
                               boolean atEnd) {
        int end = from;
        while (end < limit && buf.charAt(end) != '\n') {
            end++;
        }
        if (end >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.text(from, "\n"));
        }
        String raw = Chars.trimmed(buf, from, end);
        String only = onlyParameter(cfg, name);
        if (only == null || raw.isEmpty()) {
            String shown = cfg.tools.display(name);
            return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                    ErrorTexts.invalid("the input of " + Chars.quoted(shown) + " after " + input
                            + " must be a JSON object of its arguments"), shown, format, start, end)));
        }
        RawArguments values = new RawArguments(name, cfg);
        values.put(only, raw);
        return Verdict.matched(end, List.of(values.call(format, start, end)));
    }

    /** The known tool's one parameter, or {@code null} when the tool is not known or has another number of them. */
    private static String onlyParameter(Config cfg, String name) {
        KnownTools.Found found = cfg.tools.find(name);
        ToolSpec tool = found == null ? null : found.spec();
        if (tool == null) {
            return null;
        }
        Iterator<String> names = tool.parameters().path("properties").fieldNames();
        String first = names.hasNext() ? names.next() : null;
        return first != null && !names.hasNext() ? first : null;
    }
}
