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
 * ReAct: {@code Action: NAME} on its own line, then {@code Action Input: {json}} (LangChain's and LlamaIndex's ReAct
 * agents, and the models prompted or trained with them). Both lines start a line; the name is one word (a tool name,
 * dotted or dashed), so a sentence after {@code Action:} stays prose. The input is the arguments object, in a
 * Markdown fence or not; a plain text input is the value of the tool's only parameter when the known tool has
 * exactly one (typed by its schema), else an error that asks for JSON. {@code Thought:} and {@code Observation:}
 * lines stay in the text. Command R's {@code Action: ```json} shares the marker ({@link CommandR}).
 */
public final class React implements Family {

    static final String MARKER = "Action:";
    private static final String INPUT = "Action Input:";
    /** The longest name read; a longer first line is prose. */
    private static final int MAX_NAME = 128;
    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.REACT).fencesAllowed()
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(MARKER, React::action);
    }

    /** {@code Action:} at {@code at}: a call when a one-word name and, on the next line, its input follow. */
    private static Verdict action(CharSequence buf, Recognizer.At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!at.lineStart() || !cfg.on(WireFormat.REACT)) {
            return Verdict.NO_MATCH;
        }
        int i = skipSpaces(buf, at.markerEnd(), limit);
        int j = i;
        while (j < limit && j - i <= MAX_NAME && (Chars.isIdentPart(buf.charAt(j)) || buf.charAt(j) == '-'
                || buf.charAt(j) == '.')) {
            j++;
        }
        if (j >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        int eol = skipSpaces(buf, j, limit);
        if (j == i || j - i > MAX_NAME || eol < limit && buf.charAt(eol) != '\n' && buf.charAt(eol) != '\r') {
            return Verdict.NO_MATCH; // not one word on the line: prose
        }
        int k = Chars.skipBlanks(buf, eol, limit);
        int r = k < limit ? Chars.startsWith(buf, k, limit, INPUT) : Chars.PARTIAL;
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (r != Chars.FULL || k == eol) {
            return Verdict.NO_MATCH; // an action without its input on the next line is prose
        }
        String name = buf.subSequence(i, j).toString();
        int v = skipSpaces(buf, k + INPUT.length(), limit);
        if (v >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        char c = v < limit ? buf.charAt(v) : '\n';
        if (c == '{' || c == '[' || c == '`') {
            return ArgumentsAfterName.read(buf, cfg, ARGS, name, null, at.pos(), v, ArgumentsAfterName.ALONE, limit,
                    atEnd);
        }
        return plainInput(buf, cfg, name, at.pos(), v, limit, atEnd);
    }

    /** A plain text input: the rest of its line, the value of the tool's only parameter. */
    private static Verdict plainInput(CharSequence buf, Config cfg, String name, int start, int from, int limit,
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
                    ErrorTexts.invalid("the Action Input of " + Chars.quoted(shown)
                            + " must be a JSON object of its arguments"), shown, WireFormat.REACT, start, end)));
        }
        RawArguments args = new RawArguments(name, cfg);
        args.put(only, raw);
        return Verdict.matched(end, List.of(args.call(WireFormat.REACT, start, end)));
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

    private static int skipSpaces(CharSequence buf, int i, int limit) {
        while (i < limit && (buf.charAt(i) == ' ' || buf.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }
}
