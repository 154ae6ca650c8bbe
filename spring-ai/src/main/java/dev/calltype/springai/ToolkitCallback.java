package dev.calltype.springai;

import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One tool of a Calltype toolkit as a Spring AI {@link ToolCallback}: its definition carries the generated
 * schema as it is, and {@link #call} runs the toolkit's native dispatch ({@link Toolkit#dispatchNative}: a
 * plain argument object read straight into the parameters by a generated toolkit, any other text read leniently as
 * {@link ToolCallExtractor#readNativeCall} reads it, the same answer either way), answering every failure
 * (unreadable or invalid arguments, an unknown tool, a tool that throws) with the text written for the model. It never throws for what
 * a model sends; Spring AI's tool responses have no error flag, so the text says what went wrong.
 */
final class ToolkitCallback implements ToolCallback {

    private final ToolDefinition definition;
    private final Toolkit toolkit;

    ToolkitCallback(ToolDefinition definition, Toolkit toolkit) {
        this.definition = definition;
        this.toolkit = toolkit;
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
        return toolkit.dispatchNative(definition.name(), toolInput, null);
    }

    @Override
    public String toString() {
        return "ToolkitCallback[" + definition.name() + "]";
    }
}
