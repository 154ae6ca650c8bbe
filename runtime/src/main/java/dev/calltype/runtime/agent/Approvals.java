package dev.calltype.runtime.agent;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.Objects;
import java.util.Optional;

/**
 * The decision on a call to a tool that needs confirmation ({@link ToolSpec#confirm()}), worded once for
 * {@link ToolLoop} and for the framework adapters that run Calltype tools (LangChain4j, Spring AI): without an
 * approver the call is declined, an approver's {@code false} or exception declines it, and the model is told why.
 */
public final class Approvals {

    /** How every refusal's message begins. */
    public static final String DECLINED = "the user declined to run ";

    private Approvals() {
    }

    /**
     * Why a call may not run, or empty when it may: a tool that needs no confirmation always may.
     *
     * @param approver decides on calls to tools that need confirmation; {@code null} when none can be asked, and then
     *     every such call is declined
     * @param call the call, under the tool's own name
     * @param tool the tool it calls
     * @return the message for the model when the call is declined, else empty
     */
    public static Optional<String> refusal(ToolLoop.Approver approver, ToolCall call, ToolSpec tool) {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(tool, "tool");
        if (!tool.confirm()) {
            return Optional.empty();
        }
        if (approver == null) {
            return Optional.of(DECLINED + tool.name() + ": it needs the user's approval and none"
                    + " can be asked for here; do not call it again, answer without it");
        }
        try {
            if (approver.approve(call, tool)) {
                return Optional.empty();
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            String why = ErrorTexts.failureMessage(e);
            return Optional.of(DECLINED + tool.name() + " (approval could not be asked"
                    + (why == null ? "" : ": " + why) + "); do not call it again unless the user asks");
        }
        return Optional.of(DECLINED + tool.name() + "; do not call it again unless the user asks");
    }

    /**
     * Runs one native call (a name and an argument text, as a framework hands them to a tool) through the toolkit, as
     * the framework adapters do: a call to a tool that needs confirmation goes to the approver first and is declined
     * with the {@link #refusal} message unless it says yes; any other call goes straight to the toolkit's native
     * dispatch ({@link Toolkit#dispatchNative}: arguments read leniently, coerced against the schema, every failure a
     * result for the model).
     *
     * @param toolkit the toolkit that has the tool
     * @param approver decides on calls to tools that need confirmation; {@code null} declines them all
     * @param name the tool name as the model wrote it
     * @param arguments the argument text as sent; {@code null} for none
     * @param id the call's id, or {@code null}
     * @return the tool's result, or a failure saying what went wrong or why the call was declined
     */
    public static ToolResult dispatch(Toolkit toolkit, ToolLoop.Approver approver, String name,
                                      CharSequence arguments, String id) {
        CharSequence text = arguments == null ? "" : arguments;
        ToolSpec tool = name == null ? null : toolkit.resolve(name).orElse(null);
        if (tool == null || !tool.confirm()) {
            return toolkit.dispatchNative(name, text, id);
        }
        Extraction read = toolkit.extractor().readNativeCall(tool.name(), text, id);
        if (!read.hasCalls()) {
            return ToolResult.failure(tool.name(), id, read.correctionPrompt().orElseThrow());
        }
        ToolCall call = read.calls().get(0);
        Optional<String> refusal = refusal(approver, call, tool);
        return refusal.isPresent() ? ToolResult.failure(tool.name(), id, refusal.get()) : toolkit.dispatch(call);
    }
}
