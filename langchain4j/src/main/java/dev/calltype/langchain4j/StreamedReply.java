package dev.calltype.langchain4j;

import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.agent.ReplyRepair;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialToolCall;
import java.util.List;

/**
 * One streamed reply as the repairing streaming model reads it, whichever way LangChain4j streams it (a
 * {@code StreamingChatResponseHandler}, or a {@code Flow.Publisher} of events on newer cores): the text through
 * Calltype's streaming reader, native call chunks merged by index, and at the end the reply repaired by
 * {@link RequestRepair#step(ReplyRepair.Repaired, ChatRequest, ChatResponse, int)} with the ending the finish reason
 * gives.
 */
final class StreamedReply {

    /**
     * The end of a reply: the text the end settles, then either the request that asks the model again, or the calls
     * to hand out and the response.
     *
     * @param tail the text and reasoning events the end of the text settles, for the user
     * @param again the correction round's request, or {@code null}
     * @param calls the calls to run, in order (empty when asking again)
     * @param response the response for the caller, or {@code null} when asking again
     */
    record End(List<StreamEvent> tail, ChatRequest again, List<ToolExecutionRequest> calls, ChatResponse response) {
    }

    private final ChatRequest request;
    private final int corrections;
    /** The one reader of the reply: its text, and its native call chunks merged by index. */
    private final ReplyRepair.Streaming text;

    StreamedReply(ReplyRepair repair, ChatRequest request, int corrections) {
        this.request = request;
        this.corrections = corrections;
        this.text = repair.streaming();
    }

    /** The request this reply answers. */
    ChatRequest request() {
        return request;
    }

    /** The correction round this reply answers: 0 for the caller's own request. */
    int corrections() {
        return corrections;
    }

    /** A text delta: the text and reasoning it settles, without call markup. */
    List<StreamEvent> text(String delta) {
        return text.feed(delta);
    }

    /** A native call chunk, merged with the others of its index. */
    void chunk(PartialToolCall c) {
        text.chunk(c.index(), c.id(), c.name(), c.partialArguments());
    }

    /**
     * The complete reply (a response without a message is handed back as it is).
     *
     * @param response the response LangChain4j completed with
     * @return what the reply comes to
     */
    End complete(ChatResponse response) {
        AiMessage answer = response == null ? null : response.aiMessage();
        if (answer == null) {
            return new End(List.of(), null, List.of(), response);
        }
        List<StreamEvent> tail = text.finish(RequestRepair.ending(response));
        // the chunks as merged here when the server sent any, else the calls as the model put them together
        ReplyRepair.Repaired r = text.hasChunks() ? text.result(RequestRepair.ending(response))
                : text.result(RequestRepair.calls(answer), RequestRepair.ending(response));
        RequestRepair.Step step = RequestRepair.step(r, request, response, corrections);
        if (step.again() != null) {
            return new End(tail, step.again(), List.of(), null);
        }
        ChatResponse out = step.response();
        if (out == response && text.hasChunks()) {
            // the calls as merged here, which the provider's own message may hold differently
            out = response.toBuilder().aiMessage(RequestRepair.message(answer, r)).build();
        }
        AiMessage message = out.aiMessage();
        return new End(tail, null, message.hasToolExecutionRequests() ? message.toolExecutionRequests() : List.of(),
                out);
    }
}
