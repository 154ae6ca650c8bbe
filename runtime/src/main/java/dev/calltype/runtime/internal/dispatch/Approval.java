package dev.calltype.runtime.internal.dispatch;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one approval rule, for every door that takes a call from a model ({@code Toolkit.handle}, {@code ToolLoop},
 * the framework adapters): the call's name is bound once ({@code Toolkit.bind}, by the rule every toolkit dispatches
 * by), the decision is made on the bound tool, and the call runs through that binding or not at all. A name that
 * binds to no tool is answered as unknown and never dispatched by name; a tool that needs confirmation runs only
 * when the approver says yes to exactly that call; without an approver it is declined, and the model is told why.
 *
 * <p>The door hands the rule its toolkit as functions ({@link Door}), so that the engine names no toolkit.
 */
public final class Approval {

    /**
     * A name bound to the tool it means, as the rule decides on it and runs it: the API's {@code BoundTool}, run
     * through the door's toolkit.
     *
     * @param tool the bound tool, what the approver is shown
     * @param run runs a call on exactly that tool, or answers that it changed
     */
    public record Binding(ToolSpec tool, Function<ToolCall, ToolResult> run) {
    }

    /**
     * The toolkit a door runs a model's calls on, as the rule uses it.
     *
     * @param bind the binding of a name, or {@code null} when it means no tool
     * @param tools the tools as they are now, for the message about a name that means none
     * @param extractor the toolkit's extractor, which reads a native call's argument text
     */
    public record Door(Function<String, Binding> bind, Supplier<List<ToolSpec>> tools,
                       Supplier<ToolCallExtractor> extractor) {
    }

    /** How every refusal's message begins. */
    public static final String DECLINED = "the user declined to run ";

    private Approval() {
    }

    /**
     * Why a call may not run, or {@code null} when it may: a tool that needs no confirmation always may.
     *
     * @param approver decides on calls to tools that need confirmation; {@code null} declines them all
     * @param call the call, under the tool's own name
     * @param tool the tool it calls, as bound
     */
    public static String refusal(Approver approver, ToolCall call, ToolSpec tool) {
        if (!tool.confirm()) {
            return null;
        }
        if (approver == null) {
            return DECLINED + tool.name() + ": it needs the user's approval and none"
                    + " can be asked for here; do not call it again, answer without it";
        }
        try {
            if (approver.approve(call, tool)) {
                return null;
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            String why = ErrorTexts.failureMessage(e);
            return DECLINED + tool.name() + " (approval could not be asked"
                    + (why == null ? "" : ": " + why) + "); do not call it again unless the user asks";
        }
        return DECLINED + tool.name() + "; do not call it again unless the user asks";
    }

    /**
     * A call a model made, bound, decided on and run: the failure for a name that means no tool, the refusal when
     * the bound tool needs confirmation and the approver does not say yes, else the bound tool's result.
     *
     * @param door the toolkit the call is for
     * @param approver decides on calls to tools that need confirmation; {@code null} declines them all
     * @param call the call as the model wrote it (its name in any spelling the one rule reads)
     */
    public static ToolResult run(Door door, Approver approver, ToolCall call) {
        Binding bound = door.bind().apply(call.name());
        if (bound == null) {
            return unknown(door.tools().get(), call.name(), call.id());
        }
        ToolSpec tool = bound.tool();
        ToolCall named = tool.name().equals(call.name()) ? call : call.withName(tool.name());
        String refusal = refusal(approver, named, tool);
        return refusal != null ? ToolResult.failure(tool.name(), call.id(), refusal) : bound.run().apply(named);
    }

    /**
     * A native call (a name and an argument text, as a framework hands them to a tool), bound, read, decided on and
     * run as {@link #run} runs a call: the arguments read by the toolkit's extractor under the bound tool's own name
     * (leniently; a call the text cuts off is a failure with the correction prompt, never run).
     *
     * @param arguments the argument text as sent; {@code null} for none
     */
    public static ToolResult runNative(Door door, Approver approver, String name, CharSequence arguments,
                                       String id) {
        Binding bound = name == null ? null : door.bind().apply(name);
        if (bound == null) {
            return unknown(door.tools().get(), name, id);
        }
        ToolSpec tool = bound.tool();
        Extraction read = door.extractor().get().readNativeCall(tool.name(), arguments == null ? "" : arguments, id);
        if (!read.hasCalls()) {
            return ToolResult.failure(tool.name(), id, read.correctionPrompt().orElseThrow());
        }
        ToolCall call = read.calls().get(0);
        String refusal = refusal(approver, call, tool);
        return refusal != null ? ToolResult.failure(tool.name(), id, refusal) : bound.run().apply(call);
    }

    /**
     * The answer to a name that binds to no tool of the toolkit: never dispatched, so never run by another name.
     *
     * @param tools the toolkit's tools as they are now, which the message names
     */
    public static ToolResult unknown(List<ToolSpec> tools, String name, String id) {
        return ToolResult.failure(name, id, ErrorTexts.unknownTool(name == null ? "" : name, tools));
    }
}
