package dev.calltype.springai;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ReplyListener;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.EmptyUsage;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A Calltype {@link ModelClient} over any Spring AI chat model, so that {@code ToolLoop} runs on every provider
 * Spring AI supports.
 *
 * <ul>
 *   <li>Prompt mode ({@code ToolLoop.Mode.PROMPT}): no tools are offered natively; the system message carries
 *       the toolkit's format instructions and the loop extracts calls from the reply's text. This works with
 *       models and servers that have no tool-calling field at all.</li>
 *   <li>Native mode: the tools go to the provider as {@link ToolDefinition}s with the generated schemas, and the
 *       calls come back to the loop (on Spring AI 1.1 with the model's own tool execution turned off,
 *       {@code internalToolExecutionEnabled(false)}; Spring AI 2 models never run tools themselves); their arguments are read leniently, and a call whose arguments cannot be read
 *       safely comes back as a rejected call with a message for the model.</li>
 *   <li>Typed answers ({@code Answers.ask}): the answer's prompt instructions go first as a system message; for a
 *       provider's native structured output use {@link AnswerConverter} with {@code ChatClient}.</li>
 * </ul>
 */
public final class SpringAiChatModel implements ModelClient {

    private final org.springframework.ai.chat.model.ChatModel model;
    /** The tools as definition-only callbacks, kept while the loop offers the same tools round after round. */
    private final NativeTools<ToolCallback> offered =
            new NativeTools<>(tool -> new OfferedTool(SpringAiTools.toolDefinition(tool)));

    /**
     * A model over a Spring AI chat model.
     *
     * @param model the Spring AI model to send the conversation to (OpenAI, Ollama, …)
     * @throws NullPointerException when {@code model} is {@code null}
     */
    public SpringAiChatModel(org.springframework.ai.chat.model.ChatModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * Sends the request through the Spring AI model (which does not stream here: the whole text reaches the listener
     * at once).
     */
    @Override
    public ModelReply send(ModelRequest request, ReplyListener listener) {
        List<ChatMessage> messages = request.promptMessages();
        List<ToolSpec> tools = request.tools();
        NativeTools.Offer<ToolCallback> offer = offered.offer(tools);
        Prompt prompt = tools.isEmpty() ? new Prompt(messages(messages))
                : new Prompt(messages(messages), SpringAiLine.nativeTools(offer.definitions()));
        ChatResponse response = model.call(prompt);
        AssistantMessage answer = response == null || response.getResult() == null ? null
                : response.getResult().getOutput();
        if (answer == null) {
            throw new IllegalStateException("the Spring AI model returned no message");
        }
        if (answer.getText() != null && !answer.getText().isEmpty()) {
            listener.onRawText(answer.getText());
        }
        if (!answer.hasToolCalls()) {
            return ModelReply.text(answer.getText()).withMetadata(metadata(response));
        }
        List<NativeTools.Call> calls = new ArrayList<>();
        for (AssistantMessage.ToolCall c : answer.getToolCalls()) {
            calls.add(new NativeTools.Call(c.name(), c.arguments(), c.id()));
        }
        return offer.reply(answer.getText(), calls).withMetadata(metadata(response));
    }

    /**
     * The model the chat model's default options name.
     *
     * @return the model name, or {@code null} when its options name none
     */
    @Override
    public String modelName() {
        ChatOptions options = SpringAiLine.options(model);
        return options == null ? null : options.getModel();
    }

    /**
     * The model, finish reason and token usage Spring AI's response carries (timings are the loop's); Spring AI's
     * {@link EmptyUsage} is no usage.
     */
    static ReplyMetadata metadata(ChatResponse response) {
        ChatResponseMetadata m = response.getMetadata();
        Usage u = m == null ? null : m.getUsage();
        TokenUsage usage = u == null || u instanceof EmptyUsage
                || u.getPromptTokens() == null && u.getCompletionTokens() == null ? null
                : new TokenUsage(count(u.getPromptTokens()), count(u.getCompletionTokens()));
        String finish = RepairingChatModel.finishReason(response);
        String model = m == null || m.getModel() == null || m.getModel().isEmpty() ? null : m.getModel();
        return new ReplyMetadata(model, finish == null ? null : finish.toLowerCase(Locale.ROOT),
                usage, null, null);
    }

    private static long count(Integer n) {
        return n == null || n < 0 ? 0 : n;
    }

    /** Calltype's messages as Spring AI's; the answers to one round's native calls become one tool response message. */
    private static List<Message> messages(List<ChatMessage> messages) {
        List<Message> out = new ArrayList<>(messages.size());
        List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>();
        for (ChatMessage m : messages) {
            if (m.role() == ChatMessage.Role.TOOL) {
                responses.add(new ToolResponseMessage.ToolResponse(m.toolCallId(), m.name(), m.content()));
                continue;
            }
            flush(responses, out);
            switch (m.role()) {
                case SYSTEM -> out.add(new SystemMessage(m.content()));
                case USER -> out.add(new UserMessage(m.content()));
                case ASSISTANT -> out.add(assistant(m));
                default -> throw new AssertionError(m.role());
            }
        }
        flush(responses, out);
        return out;
    }

    private static void flush(List<ToolResponseMessage.ToolResponse> responses, List<Message> out) {
        if (!responses.isEmpty()) {
            out.add(ToolResponseMessage.builder().responses(List.copyOf(responses)).build());
            responses.clear();
        }
    }

    private static AssistantMessage assistant(ChatMessage m) {
        if (m.toolCalls().isEmpty()) {
            return new AssistantMessage(m.content());
        }
        List<AssistantMessage.ToolCall> calls = new ArrayList<>();
        for (ToolCall call : m.toolCalls()) {
            calls.add(new AssistantMessage.ToolCall(call.id(), "function", call.name(), call.arguments().toString()));
        }
        return AssistantMessage.builder().content(m.content()).toolCalls(calls).build();
    }

    /**
     * A tool offered to the provider whose calls come back to the loop: Spring AI's options take tools as
     * callbacks, and the model never calls them (on 1.1 internal tool execution is off).
     */
    private record OfferedTool(ToolDefinition definition) implements ToolCallback {
        @Override
        public ToolDefinition getToolDefinition() {
            return definition;
        }

        @Override
        public String call(String toolInput) {
            throw new IllegalStateException("tool " + definition.name() + " is run by Calltype's ToolLoop, not by"
                    + " Spring AI");
        }
    }
}
