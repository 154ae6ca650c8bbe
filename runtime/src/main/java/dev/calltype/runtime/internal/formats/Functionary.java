package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/**
 * Functionary v3.2: each message starts with {@code >>>} and a recipient on its own line, {@code >>>NAME\n{…}} for a
 * call and {@code >>>all\n} for prose (the header hidden, the prose shown). The chat template writes the first {@code >>>} into the prompt,
 * so a response may begin with {@code NAME\n{…}}: read as a call only when NAME is one of the known tools and a JSON
 * object follows on the next line (without known tools that first line is indistinguishable from prose).
 */
public final class Functionary implements Family {

    public static final String MARKER = ">>>";
    private static final int MAX_NAME = 128;
    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.FUNCTIONARY_V32)
            .nextCallAt(MARKER).build();

    /** The first call of a response whose {@code >>>} the prompt holds. */
    public static final Recognizer AT_START = (buf, at, limit, atEnd) -> at.pos() == 0
            ? call(buf, at.cfg(), 0, 0, true, limit, atEnd) : Verdict.NO_MATCH;

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(MARKER, (buf, at, limit, atEnd) -> call(buf, at.cfg(), at.pos(), at.markerEnd(), false, limit, atEnd));
    }

    /** Whether a response starting with {@code c} may start with a call whose {@code >>>} the prompt holds. */
    public static boolean mayStartResponse(Config cfg, char c) {
        return cfg.on(WireFormat.FUNCTIONARY_V32) && !cfg.tools.isEmpty() && Chars.isIdentStart(c);
    }

    /**
     * The parameter a {@code >>>python} message's raw code fills: the one string parameter of a known tool named
     * {@code python} whose schema has no other; {@code null} for any other tool.
     */
    private static String codeParameter(Config cfg, String name) {
        if (!name.equals("python")) {
            return null;
        }
        ObjectNode props = cfg.tools.find(name).spec().parameters().path("properties") instanceof ObjectNode o ? o : null;
        if (props == null || props.size() != 1) {
            return null;
        }
        Map.Entry<String, JsonNode> only = props.fields().next();
        return only.getValue().path("type").asText().equals("string") ? only.getKey() : null;
    }

    /**
     * {@code >>>python\n} then raw code, as Functionary v3.2 writes for its code interpreter: the text up to the next
     * {@code >>>} (or the end) is the one string parameter's value.
     */
    private static Verdict rawCode(CharSequence buf, Config cfg, int start, int from, String name, String param,
                                   int limit, boolean atEnd) {
        int x = Chars.indexOf(buf, MARKER, from, limit);
        if (x < 0 && !atEnd) {
            return Verdict.needMore(RetryWhen.text(from, MARKER),
                    (b, l, e) -> rawCode(b, cfg, start, from, name, param, l, e));
        }
        int end = x < 0 ? limit : x;
        String code = buf.subSequence(from, end).toString().strip();
        if (code.isEmpty()) {
            return Verdict.NO_MATCH;
        }
        RawArguments args = new RawArguments(name, cfg);
        args.put(param, code);
        return Verdict.matched(end, List.of(args.call(WireFormat.FUNCTIONARY_V32, start, end)));
    }

    private static Verdict call(CharSequence buf, Config cfg, int start, int nameAt, boolean knownOnly, int limit,
                                boolean atEnd) {
        if (!cfg.on(WireFormat.FUNCTIONARY_V32)) {
            return Verdict.NO_MATCH;
        }
        int bound = Math.min(limit, nameAt + MAX_NAME);
        int e = nameAt;
        while (e < bound && Chars.isNameChar(buf.charAt(e))) {
            e++;
        }
        int nl = e < limit && buf.charAt(e) == '\r' ? e + 1 : e;
        if (nl >= limit) {
            return atEnd || limit >= nameAt + MAX_NAME ? Verdict.NO_MATCH : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (e == nameAt || buf.charAt(nl) != '\n') {
            return Verdict.NO_MATCH;
        }
        String name = buf.subSequence(nameAt, e).toString();
        if (name.equals("all")) {
            // a message to the user: its header is markup, hidden; the prose after it is the answer
            return knownOnly ? Verdict.NO_MATCH : Verdict.matched(nl + 1, List.of(Finding.reasoning(start, nl + 1)));
        }
        boolean known = cfg.tools.find(name) != null;
        if (knownOnly && !known) {
            return Verdict.NO_MATCH;
        }
        int i = Chars.skipBlanks(buf, nl + 1, limit);
        if (i >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if ((i >= limit || buf.charAt(i) != '{') && !(known && !knownOnly)) {
            return Verdict.NO_MATCH; // a name line and prose: only a known tool's name makes it a call attempt
        }
        String code = known && !knownOnly && (i >= limit || buf.charAt(i) != '{') ? codeParameter(cfg, name) : null;
        if (code != null) {
            return rawCode(buf, cfg, start, nl + 1, name, code, limit, atEnd);
        }
        return ArgumentsAfterName.read(buf, cfg, ARGS, name, null, start, nl + 1, ArgumentsAfterName.ALONE, limit, atEnd);
    }
}
