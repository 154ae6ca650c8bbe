package dev.calltype.langchain4j;

import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.Approver;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.agent.Approvals;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.exception.ToolArgumentsException;
import dev.langchain4j.exception.ToolExecutionException;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;

/**
 * Runs LangChain4j's tool execution requests through a Calltype toolkit's native dispatch
 * ({@link Toolkit#dispatchNative}, through {@link Approvals#dispatch}): a plain argument object read straight into the parameters by a generated
 * toolkit, any other text read leniently as {@link ToolCallExtractor#readNativeCall} reads it, the same answer either
 * way; values coerced against the schema. A call to a tool that needs confirmation runs only when the approver says
 * yes ({@link Approvals}); without an approver it is declined, and the model is told why.
 *
 * <p>Failures reach LangChain4j's error path, as its own tools' failures do, so that the handlers set with
 * {@code AiServices.builder(…).toolArgumentsErrorHandler(…)} and {@code toolExecutionErrorHandler(…)} are asked:
 * arguments that cannot be read or do not fit the tool throw a {@link ToolArgumentsException}, a tool that fails a
 * {@link ToolExecutionException}, each with the text written for the model as its message. A declined call is a
 * result flagged {@link ToolExecutionResult#isError()}.
 */
final class ToolkitExecutor implements ToolExecutor {

    private final Toolkit toolkit;
    private final Approver approver;

    ToolkitExecutor(Toolkit toolkit, Approver approver) {
        this.toolkit = toolkit;
        this.approver = approver;
    }

    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
        return run(request).content();
    }

    @Override
    public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
        ToolResult result = run(request);
        if (result.isError() && !declined(result)) {
            if (failed(result)) {
                throw new ToolExecutionException(result.content());
            }
            throw new ToolArgumentsException(result.content());
        }
        return ToolExecutionResult.builder()
                .isError(result.isError())
                .result(result.isError() ? result.content() : result.value())
                .resultText(result.content())
                .build();
    }

    /** The call's result: declined, or run as the toolkit's native dispatch runs it. */
    ToolResult run(ToolExecutionRequest request) {
        return Approvals.dispatch(toolkit, approver, request.name(), request.arguments(), request.id());
    }

    private static boolean declined(ToolResult result) {
        return result.content().startsWith(Approvals.DECLINED);
    }

    /** Whether the failure is the tool's own (it threw), not its arguments'. */
    private static boolean failed(ToolResult result) {
        return result.content().startsWith("Tool " + result.toolName() + " failed");
    }
}
