package dev.calltype.langchain4j;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ReplyListener;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A Calltype {@link ModelClient} over any LangChain4j chat model, so that {@code ToolLoop} runs on every provider
 * LangChain4j supports.
 *
 * <ul>
 *   <li>Prompt mode ({@code ToolLoop.Mode.PROMPT}): no tools are offered natively; the system message carries
 *       the toolkit's format instructions and the loop extracts calls from the reply's text. This works with
 *       models and servers that have no tool-calling field at all.</li>
 *   <li>Native mode: the tools go to the provider as {@link ToolSpecification}s (the generated schemas, see
 *       {@link LangChain4jTools#toolSpecification}); the reply's tool execution requests come back as calls,
 *       their arguments read leniently; a request whose arguments cannot be read safely comes back as a
 *       rejected call with a message for the model.</li>
 *   <li>Typed answers ({@code Answers.ask}, {@link LangChain4jAnswers#ask}): a model that declares
 *       {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA} is asked with the answer's schema as the request's
 *       {@link LangChain4jAnswers#responseFormat response format}; any other gets the answer's prompt instructions as
 *       a system message. The request decides, so a decorator that hands it on keeps the response format.</li>
 * </ul>
 *
 * <p>Tool results go back as {@link ToolExecutionResultMessage}s with {@code isError} set for failures (arguments that
 * could not be read or did not fit, an unknown tool, a tool that failed, a declined call).
 */
public final class LangChain4jChatModel implements ModelClient {

    private final dev.langchain4j.model.chat.ChatModel model;
    /** The tools' specifications, kept while the loop offers the same tools round after round. */
    private final NativeTools<ToolSpecification> offered = new NativeTools<>(LangChain4jTools::toolSpecification);

    /**
     * A model over a LangChain4j chat model.
     *
     * @param model the LangChain4j model to send the conversation to (OpenAI, Ollama, …)
     * @throws NullPointerException when {@code model} is {@code null}
     */
    public LangChain4jChatModel(dev.langchain4j.model.chat.ChatModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * Sends the request through the LangChain4j model (which does not stream here: the whole text reaches the
     * listener at once).
     */
    @Override
    public ModelReply send(ModelRequest request, ReplyListener listener) {
        List<ToolSpec> tools = request.tools();
        NativeTools.Offer<ToolSpecification> offer = offered.offer(tools);
        boolean schema = request.answer() != null
                && model.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        ChatRequest.Builder chat = ChatRequest.builder()
                .messages(messages(schema ? request.messages() : request.promptMessages()));
        if (schema) {
            chat.responseFormat(LangChain4jAnswers.responseFormat(request.answer()));
        }
        if (!tools.isEmpty()) {
            chat.toolSpecifications(offer.definitions());
        }
        ChatResponse response = model.chat(chat.build());
        AiMessage answer = response == null ? null : response.aiMessage();
        if (answer == null) {
            throw new IllegalStateException("the LangChain4j model returned no message");
        }
        if (answer.text() != null && !answer.text().isEmpty()) {
            listener.onRawText(answer.text());
        }
        if (!answer.hasToolExecutionRequests()) {
            return ModelReply.text(answer.text()).withMetadata(metadata(response));
        }
        List<NativeTools.Call> calls = new ArrayList<>();
        for (ToolExecutionRequest r : answer.toolExecutionRequests()) {
            calls.add(new NativeTools.Call(r.name(), r.arguments(), r.id()));
        }
        return offer.reply(answer.text(), calls).withMetadata(metadata(response));
    }

    /**
     * The model LangChain4j's default request parameters name.
     *
     * @return the model name, or {@code null} when the model's parameters name none
     */
    @Override
    public String modelName() {
        try {
            ChatRequestParameters p = model.defaultRequestParameters();
            return p == null ? null : p.modelName();
        } catch (RuntimeException e) {
            return null; // a model that does not support default parameters
        }
    }

    /** The model, finish reason and token usage LangChain4j's response carries (timings are the loop's). */
    static ReplyMetadata metadata(ChatResponse response) {
        TokenUsage u = response.tokenUsage();
        dev.calltype.runtime.agent.TokenUsage usage = u == null || u.inputTokenCount() == null
                && u.outputTokenCount() == null ? null : new dev.calltype.runtime.agent.TokenUsage(
                count(u.inputTokenCount()), count(u.outputTokenCount()));
        return new ReplyMetadata(response.modelName(), finishReason(response.finishReason()), usage, null, null);
    }

    private static long count(Integer n) {
        return n == null || n < 0 ? 0 : n;
    }

    /** LangChain4j's finish reason in the words of the Chat Completions API ({@code stop}, {@code tool_calls}, …). */
    static String finishReason(FinishReason reason) {
        if (reason == null) {
            return null;
        }
        return switch (reason) {
            case TOOL_EXECUTION -> "tool_calls";
            default -> reason.name().toLowerCase(Locale.ROOT);
        };
    }

    private static List<dev.langchain4j.data.message.ChatMessage> messages(List<ChatMessage> messages) {
        List<dev.langchain4j.data.message.ChatMessage> out = new ArrayList<>(messages.size());
        for (ChatMessage m : messages) {
            switch (m.role()) {
                case SYSTEM -> out.add(SystemMessage.from(m.content()));
                case USER -> out.add(UserMessage.from(m.content()));
                case ASSISTANT -> out.add(assistant(m));
                case TOOL -> out.add(ToolExecutionResultMessage.builder().id(m.toolCallId()).toolName(m.name())
                        .text(m.content()).isError(m.error()).build());
            }
        }
        return out;
    }

    private static AiMessage assistant(ChatMessage m) {
        if (m.toolCalls().isEmpty()) {
            return AiMessage.from(m.content());
        }
        List<ToolExecutionRequest> requests = new ArrayList<>();
        for (ToolCall call : m.toolCalls()) {
            requests.add(ToolExecutionRequest.builder()
                    .id(call.id())
                    .name(call.name())
                    .arguments(call.arguments().toString())
                    .build());
        }
        return m.content().isEmpty() ? AiMessage.from(requests) : AiMessage.from(m.content(), requests);
    }
}
