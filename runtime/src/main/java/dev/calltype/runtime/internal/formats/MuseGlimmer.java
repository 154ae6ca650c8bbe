package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.List;

/**
 * Muse Glimmer ATEM: {@code <atem:function_calls><atem:invoke name="N"><atem:parameter name="K">V</atem:parameter>…},
 * inside Harmony-like messages addressed by recipient: {@code [<|start|>assistant] to=self<|message|>…<|eom|>} is
 * reasoning, {@code to=user<|message|>} opens the answer (shown; call markup in it is text, not a call, as the
 * engines scope calls to the message's recipient), {@code to=NAME<|message|><atem:function_calls>…} the calls.
 * The headers are markup, hidden; the first one follows the prompt's {@code <|start|>assistant}
 * ({@link ResponseStart}).
 */
public final class MuseGlimmer implements Family {

    private static final String SECTION = "<atem:function_calls>";
    private static final String END_OF_MESSAGE = "<|eom|>";
    private static final String NEXT_MESSAGE = "<|start|>";
    /** The next message of the response, which also ends a {@code to=self} message left without its end. */
    static final String NEXT_ASSISTANT = "<|start|>assistant";
    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.ATEM)
            .section(SECTION, "</atem:function_calls>")
            .invokeTags("<atem:", "</atem:")
            .build();

    /** What may stand right before a block that runs: the end of its message's header, or an earlier message. */
    private static final String[] MESSAGE_STARTS = {"<|message|>", END_OF_MESSAGE, NEXT_ASSISTANT, "</think>"};

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes calls = new XmlInvokes(SPEC);
        markers.add(SECTION, (buf, at, limit, atEnd) -> opensMessage(buf, at.pos())
                ? calls.match(buf, at, limit, atEnd) : Verdict.NO_MATCH);
    }

    /**
     * Whether the block at {@code pos} opens its message: only blanks stand between it and the start of the response
     * or a message boundary. A block after prose in the same message is text, as the engines read it: the model
     * is showing the markup, not calling.
     */
    static boolean opensMessage(CharSequence buf, int pos) {
        int j = pos;
        while (j > 0 && Chars.isBlank(buf.charAt(j - 1))) {
            j--;
        }
        if (j == 0) {
            return true;
        }
        for (String s : MESSAGE_STARTS) {
            if (j >= s.length() && Chars.startsWith(buf, j - s.length(), j, s) == Chars.FULL) {
                return true;
            }
        }
        return false;
    }

    /**
     * A message header {@code [pos, bodyStart)} addressed to {@code recipient}, read as Muse Glimmer's, or
     * {@code null} when it is not one of its headers (a Harmony call, with JSON arguments).
     */
    static Verdict header(CharSequence buf, String recipient, int pos, int bodyStart, int limit, boolean atEnd) {
        List<Finding> hidden = List.of(Finding.reasoning(pos, bodyStart));
        if (recipient.equals("self")) {
            return Verdict.reasoning(bodyStart, hidden, END_OF_MESSAGE);
        }
        if (recipient.equals("user")) {
            // the answer: call markup in it is shown to the user, not run (a tool's message has its own header)
            return Verdict.answer(bodyStart, hidden, NEXT_MESSAGE);
        }
        int i = Chars.skipBlanks(buf, bodyStart, limit);
        int r = i < limit ? Chars.startsWith(buf, i, limit, SECTION) : Chars.PARTIAL;
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        return r == Chars.FULL ? Verdict.matched(bodyStart, hidden) : null;
    }
}
