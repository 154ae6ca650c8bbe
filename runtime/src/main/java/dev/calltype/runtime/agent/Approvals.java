package dev.calltype.runtime.agent;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.internal.dispatch.Approval;
import dev.calltype.runtime.internal.dispatch.Bindings;

import java.util.Objects;
import java.util.Optional;

/**
 * The approval rule for the framework adapters that run Calltype tools (LangChain4j, Spring AI), the same rule
 * {@link ToolLoop} and {@link Toolkit#handle(String, Approver)} follow: a call's name is bound once to the tool it
 * means (by the rule every toolkit dispatches by), the decision is made on that tool, and the call runs through that
 * binding or not at all; a call to a tool that needs confirmation runs only when the approver says yes, without an
 * approver it is declined, and the model is told why.
 */
public final class Approvals {

    /** How every refusal's message begins. */
    public static final String DECLINED = Approval.DECLINED;

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
    public static Optional<String> refusal(Approver approver, ToolCall call, ToolSpec tool) {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(tool, "tool");
        return Optional.ofNullable(Approval.refusal(approver, call, tool));
    }

    /**
     * Runs one native call (a name and an argument text, as a framework hands them to a tool) through the toolkit:
     * the name bound once ({@link Toolkit#bind}; a name that means no tool is answered as unknown and never
     * dispatched), the arguments read leniently under the bound tool's name ({@code ToolCallExtractor.readNativeCall}:
     * a cut-off call is answered, never run), a call to a tool that needs confirmation put to the approver and
     * declined with the {@link #refusal} message unless it says yes, and the call run on the bound tool.
     *
     * @param toolkit the toolkit that has the tool
     * @param approver decides on calls to tools that need confirmation; {@code null} declines them all
     * @param name the tool name as the model wrote it
     * @param arguments the argument text as sent; {@code null} for none
     * @param id the call's id, or {@code null}
     * @return the tool's result, or a failure saying what went wrong or why the call was declined
     */
    public static ToolResult dispatch(Toolkit toolkit, Approver approver, String name,
                                      CharSequence arguments, String id) {
        return Approval.runNative(Bindings.of(Objects.requireNonNull(toolkit, "toolkit")), approver, name, arguments, id);
    }

    /**
     * The answer to a call of a name the framework could not find among the tools it offered (a made-up or
     * misspelt name, {@code functions.delete_note}): never run, since the offer is the framework's and not known
     * here, but answered with the toolkit's message (the name, the tool it probably means, the tools there are), so
     * the model can call the tool again by its name, through the door that offers it.
     *
     * @param toolkit the toolkit whose tools are named in the message
     * @param name the name as the model wrote it
     * @param id the call's id, or {@code null}
     * @return a failure for the model
     */
    public static ToolResult notOffered(Toolkit toolkit, String name, String id) {
        return Approval.unknown(Objects.requireNonNull(toolkit, "toolkit").tools(), name, id);
    }
}
