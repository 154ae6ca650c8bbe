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
 * <p>It asks a toolkit through {@link Tools}, not by naming the API's {@code Toolkit}: {@code Toolkit.handle} uses
 * this rule, and the engine does not use the API type that uses it.
 */
public final class Approval {

    /**
     * What the rule asks of a toolkit: its {@code bind}, {@code tools} and {@code extractor} ({@code
     * Bindings.of(toolkit)} for a toolkit).
     *
     * @param bind the tool a name means, bound once, or {@code null} for none
     * @param tools every tool, for the answer to a name that means none
     * @param extractor reads a native call's arguments
     */
    public record Tools(Function<String, Bound> bind, Supplier<List<ToolSpec>> tools,
                        Supplier<ToolCallExtractor> extractor) {
    }

    /**
     * A tool bound once: the tool as bound and what runs a call on exactly that tool ({@code BoundTool}'s).
     *
     * @param tool the tool
     * @param runner runs a call on it
     */
    public record Bound(ToolSpec tool, Function<ToolCall, ToolResult> runner) {
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
     * @param toolkit the toolkit the call is for
     * @param approver decides on calls to tools that need confirmation; {@code null} declines them all
     * @param call the call as the model wrote it (its name in any spelling the one rule reads)
     */
    public static ToolResult run(Tools toolkit, Approver approver, ToolCall call) {
        Bound bound = toolkit.bind().apply(call.name());
        if (bound == null) {
            return unknown(toolkit.tools().get(), call.name(), call.id());
        }
        ToolSpec tool = bound.tool();
        ToolCall named = tool.name().equals(call.name()) ? call : call.withName(tool.name());
        String refusal = refusal(approver, named, tool);
        return refusal != null ? ToolResult.failure(tool.name(), call.id(), refusal) : bound.runner().apply(named);
    }

    /**
     * A native call (a name and an argument text, as a framework hands them to a tool), bound, read, decided on and
     * run as {@link #run} runs a call: the arguments read by the toolkit's extractor under the bound tool's own name
     * (leniently; a call the text cuts off is a failure with the correction prompt, never run).
     *
     * @param arguments the argument text as sent; {@code null} for none
     */
    public static ToolResult runNative(Tools toolkit, Approver approver, String name, CharSequence arguments,
                                       String id) {
        Bound bound = name == null ? null : toolkit.bind().apply(name);
        if (bound == null) {
            return unknown(toolkit.tools().get(), name, id);
        }
        ToolSpec tool = bound.tool();
        Extraction read = toolkit.extractor().get().readNativeCall(tool.name(), arguments == null ? "" : arguments, id);
        if (!read.hasCalls()) {
            return ToolResult.failure(tool.name(), id, read.correctionPrompt().orElseThrow());
        }
        ToolCall call = read.calls().get(0);
        String refusal = refusal(approver, call, tool);
        return refusal != null ? ToolResult.failure(tool.name(), id, refusal) : bound.runner().apply(call);
    }

    /** The answer to a name that binds to no tool of the toolkit: never dispatched, so never run by another name. */
    public static ToolResult unknown(List<ToolSpec> tools, String name, String id) {
        return ToolResult.failure(name, id, ErrorTexts.unknownTool(name == null ? "" : name, tools));
    }
}
