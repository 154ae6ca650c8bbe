package dev.calltype.langchain4j;

import dev.calltype.runtime.Ending;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ReplyRepair;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayList;
import java.util.List;

/**
 * What the repairing decorators share: the repair for the tools a request offers (made once per distinct list and
 * kept while requests offer the same), and the LangChain4j messages of a repaired reply and of a correction round.
 */
final class RequestRepair {

    /** How many times in a row the model is asked to correct calls that cannot be run before they are dropped. */
    static final int MAX_CORRECTIONS = 2;

    private List<ToolSpecification> lastSpecs;
    private ReplyRepair last;

    /** The repair for the request's tools, or {@code null} when it offers none. */
    synchronized ReplyRepair forRequest(ChatRequest request) {
        List<ToolSpecification> specs = request.toolSpecifications();
        if (specs == null || specs.isEmpty()) {
            return null;
        }
        if (specs != lastSpecs && !specs.equals(lastSpecs)) {
            List<ToolSpec> tools = new ArrayList<>(specs.size());
            for (ToolSpecification s : specs) {
                tools.add(new ToolSpec(s.name(), s.description(), SchemaElements.json(s.parameters()), List.of()));
            }
            last = new ReplyRepair(tools);
        }
        lastSpecs = specs;
        return last;
    }

    /**
     * Whether a caller gave options of its own (listener attributes); when it gave none the wrapped model is called
     * without them, so that a model that implements only {@code chat(ChatRequest)} keeps working.
     */
    static boolean given(ChatRequestOptions options) {
        return options != null && !ChatRequestOptions.EMPTY.equals(options);
    }

    /** How the reply ended, from LangChain4j's finish reason ({@code LENGTH}, {@code STOP}, …). */
    static Ending ending(ChatResponse response) {
        FinishReason reason = response.finishReason();
        return reason == null ? Ending.UNKNOWN : Ending.of(reason.name());
    }

    /**
     * What one complete reply comes to: the response to hand back ({@code again} is {@code null}), or the request that
     * asks the model again ({@code response} is {@code null}).
     *
     * @param response the response for the caller, repaired when anything changed
     * @param again the correction round's request
     */
    record Step(ChatResponse response, ChatRequest again) {
    }

    /**
     * Decides what a complete reply to {@code current} comes to, which is the only place a complete reply is
     * repaired: calls in the text read, native ones repaired, the last call of a reply cut at the token limit refused,
     * and the model asked again while calls cannot run and fewer than {@link #MAX_CORRECTIONS} rounds have asked.
     */
    static Step step(ReplyRepair.Repaired r, ChatRequest current, ChatResponse response, int corrections) {
        AiMessage answer = response.aiMessage();
        if (r.needsCorrection() && corrections < MAX_CORRECTIONS) {
            return new Step(null, correction(current, answer, r));
        }
        return new Step(r.changed() ? response.toBuilder().aiMessage(message(answer, r)).build() : response, null);
    }

    /** {@link #step(ReplyRepair.Repaired, ChatRequest, ChatResponse, int)} for a reply that came whole. */
    static Step step(ReplyRepair repair, ChatRequest current, ChatResponse response, int corrections) {
        AiMessage answer = response == null ? null : response.aiMessage();
        if (answer == null) {
            return new Step(response, null);
        }
        return step(repair.repair(answer.text(), calls(answer), ending(response)), current, response, corrections);
    }

    /** The native calls of a reply, as sent. */
    static List<NativeTools.Call> calls(AiMessage message) {
        if (!message.hasToolExecutionRequests()) {
            return List.of();
        }
        List<NativeTools.Call> calls = new ArrayList<>(message.toolExecutionRequests().size());
        for (ToolExecutionRequest r : message.toolExecutionRequests()) {
            calls.add(new NativeTools.Call(r.name(), r.arguments(), r.id()));
        }
        return calls;
    }

    /** The reply as the framework gets it: the calls to run (the rejected ones left out), text, reasoning apart. */
    static AiMessage message(AiMessage original, ReplyRepair.Repaired r) {
        List<ToolExecutionRequest> requests = requests(r.calls());
        String thinking = join(original.thinking(), r.reasoning());
        // everything else the message holds (attributes, generated audio) stays as the provider gave it
        return original.toBuilder()
                .text(r.text().isEmpty() && !requests.isEmpty() ? null : r.text())
                .thinking(thinking.isEmpty() ? null : thinking)
                .toolExecutionRequests(requests)
                .build();
    }

    /**
     * The request that asks the model again: the conversation so far, the reply with every call it made, and an
     * answer to each (what is wrong with a rejected one, that a good one was not run), then the correction for calls
     * in the text that could not be read.
     */
    static ChatRequest correction(ChatRequest request, AiMessage original, ReplyRepair.Repaired r) {
        List<ChatMessage> messages = new ArrayList<>(request.messages());
        List<ToolExecutionRequest> all = requests(r.calls());
        List<ToolExecutionResultMessage> answers = new ArrayList<>();
        for (ToolExecutionRequest q : all) {
            answers.add(result(q.id(), q.name(), ReplyRepair.NOT_RUN));
        }
        for (ReplyRepair.Rejected x : r.rejected()) {
            NativeTools.Call c = x.call();
            all.add(ToolExecutionRequest.builder().id(c.id()).name(c.name() == null ? "" : c.name())
                    .arguments(c.arguments() == null ? "" : c.arguments()).build());
            answers.add(result(c.id(), c.name() == null ? "" : c.name(), x.message()));
        }
        String text = r.text().isEmpty() ? null : r.text();
        if (all.isEmpty()) {
            messages.add(AiMessage.from(original.text() == null ? "" : original.text()));
        } else {
            messages.add(AiMessage.builder().text(text).toolExecutionRequests(all).build());
            messages.addAll(answers);
        }
        if (r.correction() != null) {
            messages.add(UserMessage.from(r.correction()));
        }
        return request.toBuilder().messages(messages).build();
    }

    private static ToolExecutionResultMessage result(String id, String name, String text) {
        return ToolExecutionResultMessage.builder().id(id).toolName(name).text(text).isError(true).build();
    }

    static List<ToolExecutionRequest> requests(List<ToolCall> calls) {
        List<ToolExecutionRequest> out = new ArrayList<>(calls.size());
        for (ToolCall c : calls) {
            out.add(ToolExecutionRequest.builder().id(c.id()).name(c.name()).arguments(c.arguments().toString())
                    .build());
        }
        return out;
    }

    private static String join(String a, String b) {
        if (a == null || a.isEmpty()) {
            return b;
        }
        return b.isEmpty() ? a : a + b;
    }
}
