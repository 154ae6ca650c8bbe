package dev.calltype.springai;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.agent.Approvals;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One tool of a Calltype toolkit as a Spring AI {@link ToolCallback}: its definition carries the generated
 * schema as it is, and {@link #call} runs the toolkit's native dispatch ({@link Toolkit#dispatchNative}, through {@link Approvals#dispatch}: a
 * plain argument object read straight into the parameters by a generated toolkit, any other text read leniently as
 * {@link ToolCallExtractor#readNativeCall} reads it, the same answer either way), answering every failure
 * (unreadable or invalid arguments, an unknown tool, a tool that throws) with the text written for the model. It never throws for what
 * a model sends; Spring AI's tool responses have no error flag, so the text says what went wrong. A call to a tool that
 * needs confirmation runs only when the approver says yes ({@link Approvals}); without one it is declined with a
 * text that says why.
 */
final class ToolkitCallback implements ToolCallback {

    private final ToolDefinition definition;
    private final Toolkit toolkit;
    private final Approver approver;
    /** Whether the definition is the toolkit's tool; when not, calls are answered and never run. */
    private final boolean runs;

    ToolkitCallback(ToolDefinition definition, Toolkit toolkit, Approver approver) {
        this(definition, toolkit, approver, true);
    }

    private ToolkitCallback(ToolDefinition definition, Toolkit toolkit, Approver approver, boolean runs) {
        this.definition = definition;
        this.toolkit = toolkit;
        this.approver = approver;
        this.runs = runs;
    }

    /**
     * A callback for a name that is none of the toolkit's tools as written: every call is answered with the
     * toolkit's message for an unknown name ({@link Approvals#notOffered}) and never run, so that a made-up name
     * ({@code functions.delete_note}) never reaches a tool nobody offered or approved.
     */
    static ToolkitCallback notOffered(String name, Toolkit toolkit) {
        return new ToolkitCallback(ToolDefinition.builder().name(name).description(name)
                .inputSchema("{\"type\":\"object\",\"properties\":{}}").build(), toolkit, null, false);
    }

    @Override
    public ToolDefinition getToolDefinition() {
        return definition;
    }

    @Override
    public String call(String toolInput) {
        return run(toolInput).content();
    }

    @Override
    public String call(String toolInput, ToolContext toolContext) {
        return call(toolInput);
    }

    ToolResult run(String toolInput) {
        return runs ? Approvals.dispatch(toolkit, approver, definition.name(), toolInput, null)
                : Approvals.notOffered(toolkit, definition.name(), null);
    }

    @Override
    public String toString() {
        return "ToolkitCallback[" + definition.name() + "]";
    }
}
