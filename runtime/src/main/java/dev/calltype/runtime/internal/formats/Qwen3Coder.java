package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;

/**
 * Qwen3-Coder: {@code <tool_call><function=NAME><parameter=K>V</parameter></function></tool_call>}, values raw text
 * typed by the tool's schema. It has no marker of its own: {@link ToolCallTag} reads it inside {@code <tool_call>}
 * and {@code <seed:tool_call>}, and {@link Llama3}'s {@code <function=} reads it without the wrapper ({@link #BARE}).
 */
public final class Qwen3Coder {

    /** Invocations standing alone. */
    public static final XmlInvokes.Spec INVOCATIONS = XmlInvokes.of(WireFormat.QWEN3_CODER)
            .invocation("<function=", "</function>")
            .parameter("<parameter=", "</parameter>")
            .build();

    /**
     * Invocations written without their {@code <tool_call>} wrapper (Qwen3-Coder at times, MiMo V2.6 as a rule): a
     * call only as a whole, prose around a {@code <function=…>} tag keeping it prose; a {@code </tool_call>} left
     * after one is hidden with it.
     */
    public static final XmlInvokes.Spec BARE = INVOCATIONS.bare("</tool_call>");

    private Qwen3Coder() {
    }

    /** Invocations in the section between {@code open} and {@code close}. */
    public static XmlInvokes inSection(String open, String close) {
        return new XmlInvokes(INVOCATIONS.inSection(open, close));
    }
}
