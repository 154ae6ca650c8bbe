package dev.calltype.runtime.internal.dispatch;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every toolkit's dispatch shares, hand-written (the API's toolkits, the tool loop) or generated (through
 * {@code support}): running an extraction's calls and errors in text order, the slow path of a native call, and the
 * guard around another toolkit's dispatch.
 */
public final class Dispatching {

    private Dispatching() {
    }

    /**
     * Dispatches every call of an extraction and turns every extraction error into a failure, in the
     * order they appear in the text. The first failure carries the extraction's correction prompt,
     * which covers every error; the others carry their own error's message, so a client that sends one
     * message per result sends the prompt once. A call with too many positional arguments also gets
     * the tool's signature.
     *
     * Every call goes through the one approval rule ({@link Approval#run}): bound once, a call to a tool that needs
     * confirmation declined with a message that says why unless {@code approver} says yes.
     *
     * @param toolkit what the approval rule asks of the toolkit ({@code Bindings.of(toolkit)})
     * @param signatures each tool's signature by name ({@code null} for none), or {@code null} when the toolkit has
     *     none to give
     * @param approver decides on calls to tools that need confirmation; {@code null} declines them all
     */
    public static List<ToolResult> handle(Approval.Tools toolkit, Extraction extraction,
                                          Function<String, String> signatures, Approver approver) {
        List<ToolResult> results = new ArrayList<>();
        List<ToolCall> calls = extraction.calls();
        List<ExtractionError> errors = extraction.errors();
        String prompt = extraction.correctionPrompt().orElse("");
        int c = 0;
        int e = 0;
        while (c < calls.size() || e < errors.size()) {
            boolean takeCall = e >= errors.size() || (c < calls.size() && calls.get(c).start() <= errors.get(e).start());
            if (takeCall) {
                results.add(Approval.run(toolkit, approver, calls.get(c++)));
            } else {
                ExtractionError error = errors.get(e++);
                String text = prompt.isEmpty() ? error.message() : prompt;
                prompt = "";
                results.add(ToolResult.failure(error.toolName(), null, withSignature(text, error, signatures)));
            }
        }
        return results;
    }

    /**
     * {@code message} with the tool's signature appended when the error is one of too many positional arguments
     * and the message does not show it yet.
     *
     * @param signatures each tool's signature by name, or {@code null} when there are none
     */
    public static String withSignature(String message, ExtractionError error, Function<String, String> signatures) {
        if (signatures == null || error.kind() != ExtractionError.Kind.TOO_MANY_POSITIONAL
                || error.toolName() == null) {
            return message;
        }
        String signature = signatures.apply(error.toolName());
        if (signature == null || message.contains(signature)) {
            return message;
        }
        return message + "\nSignature: " + signature;
    }

    /**
     * The slow path of every native dispatch: the call {@code extractor.readNativeCall} reads from the text, run by
     * {@code dispatch}; or, when the text cannot be read, the failure with the extractor's correction prompt.
     */
    public static ToolResult readNative(ToolCallExtractor extractor, String name, CharSequence arguments, String id,
                                        Function<ToolCall, ToolResult> dispatch) {
        Extraction read = extractor.readNativeCall(name, arguments, id);
        return read.hasCalls() ? dispatch.apply(read.calls().get(0))
                : ToolResult.failure(name, id, read.correctionPrompt().orElseThrow());
    }

    /**
     * The one guard around another toolkit's dispatch (a combined toolkit's part, by its {@code dispatch} or its
     * {@code dispatchNative}): its result, or a failure in the wording of {@link ErrorTexts#toolFailed} when it breaks
     * its promise and throws or returns {@code null}.
     *
     * @param name the tool name of the call it runs
     * @param id the call's id
     * @param dispatch runs the call on the other toolkit
     */
    public static ToolResult guarded(String name, String id, Supplier<ToolResult> dispatch) {
        try {
            ToolResult result = dispatch.get();
            return result != null ? result : ToolResult.failure(name, id, ErrorTexts.toolReturnedNothing(name));
        } catch (RuntimeException | StackOverflowError | AssertionError | LinkageError e) {
            return ToolResult.thrown(name, id, e);
        }
    }
}
