package dev.calltype.langchain4j;

import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;

/**
 * Runs LangChain4j's tool execution requests through a Calltype toolkit's native dispatch
 * ({@link Toolkit#dispatchNative}): a plain argument object read straight into the parameters by a generated
 * toolkit, any other text read leniently as {@link ToolCallExtractor#readNativeCall} reads it, the same answer either
 * way; values coerced against the schema, and every failure (unreadable or invalid arguments, a tool that throws)
 * answered with the text written for the model, flagged {@link ToolExecutionResult#isError()}. It never throws
 * for what a model sends.
 */
final class ToolkitExecutor implements ToolExecutor {

    private final Toolkit toolkit;

    ToolkitExecutor(Toolkit toolkit) {
        this.toolkit = toolkit;
    }

    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
        return run(request).content();
    }

    @Override
    public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
        ToolResult result = run(request);
        return ToolExecutionResult.builder()
                .isError(result.isError())
                .result(result.isError() ? result.content() : result.value())
                .resultText(result.content())
                .build();
    }

    ToolResult run(ToolExecutionRequest request) {
        return toolkit.dispatchNative(request.name(), request.arguments(), request.id());
    }
}
