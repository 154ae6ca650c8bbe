package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.CallSection;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Continuation;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.ArrayList;
import java.util.List;
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
        if (isCounter(name) && cfg.tools.specs().size() == 1) {
            name = cfg.tools.specs().get(0).name(); // a bare counter id: the only tool there is
        }
        Verdict read = ArgumentsAfterName.read(buf, cfg, ARGS, name, header, itemStart, argsAt, follow, limit, atEnd);
        return isCounter(header) || wellFormed(header) ? read : refused(read, header);
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
