package dev.calltype.springai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ReplyRepair;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.definition.ToolDefinition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@link SpringAiTools#repairing(ChatModel)}: the model's replies with calls written as text and broken calls
 * repaired. On Spring AI 1.1, whose models run tools themselves, internal tool execution runs here, through the
 * framework's own {@link ToolCallingManager}, on the repaired calls; on Spring AI 2, where {@code ChatClient}'s
 * tool-calling advisor runs them, the repaired calls go back in the response. {@link SpringAiLine} holds what differs
 * between the two lines, including the options method each line's {@code ChatClient} reads.
 */
abstract class RepairingChatModel implements ChatModel {

    /** The metadata key Spring AI's providers give a reply's reasoning under. */
    static final String REASONING = "reasoningContent";
    /** How many times in a row the model is asked to correct calls that cannot be run before they are dropped. */
    private static final int MAX_CORRECTIONS = 2;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChatModel model;
    private final ToolCallingManager manager;
    private final int maxRounds;
    private List<ToolDefinition> lastDefinitions;
    private ReplyRepair last;

    RepairingChatModel(ChatModel model, ToolCallingManager manager, int maxRounds) {
        this.model = model;
        this.manager = manager;
        this.maxRounds = maxRounds;
    }

    /** The failure of a model that still calls tools after {@code maxRounds} rounds of them. */
    private IllegalStateException stillCalling() {
        return new IllegalStateException("the model was still calling tools after " + maxRounds + " rounds of tool"
                + " calls (SpringAiTools.repairing maxRounds); its last calls were not run");
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        ReplyRepair repair = repairFor(prompt.getOptions());
        if (repair == null) {
            return model.call(prompt);
        }
        boolean internal = SpringAiLine.runsTools(prompt.getOptions());
        Prompt current = prompt;
        int corrections = 0;
        int rounds = 0;
        while (true) {
            ChatResponse response = model.call(SpringAiLine.external(current));
            AssistantMessage answer = output(response);
            if (answer == null) {
                return response;
            }
            ReplyRepair.Repaired r = repair.repair(answer.getText(), calls(answer), ending(response));
            if (r.needsCorrection() && corrections < MAX_CORRECTIONS) {
                corrections++;
                current = correction(current, answer, r);
                continue;
            }
            corrections = 0;
            ChatResponse fixed = r.changed() ? response(response, answer, r) : response;
            if (!internal || !fixed.hasToolCalls()) {
                return fixed;
            }
            if (++rounds > maxRounds) {
                throw stillCalling();
            }
            ToolExecutionResult ran = manager.executeToolCalls(current, fixed);
            if (ran.returnDirect()) {
                return ChatResponse.builder().from(fixed).generations(ToolExecutionResult.buildGenerations(ran))
                        .build();
            }
            current = new Prompt(ran.conversationHistory(), current.getOptions());
        }
    }

    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
        ReplyRepair repair = repairFor(prompt.getOptions());
        if (repair == null) {
            return model.stream(prompt);
        }
        return stream(repair, prompt, 0, 0);
    }

    private Flux<ChatResponse> stream(ReplyRepair repair, Prompt prompt, int corrections, int rounds) {
        return Flux.defer(() -> {
            ReplyRepair.Streaming text = repair.streaming(); // the one reader: text and native chunks
            ChatResponse[] lastChunk = new ChatResponse[1];
            String[] finishReason = new String[1];
            Flux<ChatResponse> visible = model.stream(SpringAiLine.external(prompt)).concatMap(chunk -> {
                lastChunk[0] = chunk;
                String reason = finishReason(chunk);
                if (reason != null) {
                    finishReason[0] = reason;                // the last chunk(s) carry it
                }
                AssistantMessage out = output(chunk);
                if (out == null) {
                    return Flux.just(chunk);
                }
                if (out.getToolCalls() != null) {
                    for (AssistantMessage.ToolCall c : out.getToolCalls()) {
                        text.chunk(null, c.id(), c.name(), c.arguments());
                    }
                }
                List<StreamEvent> events = out.getText() == null ? List.of() : text.feed(out.getText());
                return Flux.fromIterable(chunks(chunk, events));
            });
            Flux<ChatResponse> end = Flux.defer(() -> {
                Ending ending = Ending.of(finishReason[0]);
                List<StreamEvent> events = text.finish(ending);
                ReplyRepair.Repaired r = text.result(ending);
                List<ChatResponse> rest = chunks(lastChunk[0], events);
                AssistantMessage answer = AssistantMessage.builder().content(r.text()).build();
                if (r.needsCorrection() && corrections < MAX_CORRECTIONS) {
                    return Flux.fromIterable(rest).concatWith(stream(repair, correction(prompt, answer, r),
                            corrections + 1, rounds));
                }
                if (r.calls().isEmpty()) {
                    return Flux.fromIterable(rest);
                }
                ChatResponse withCalls = new ChatResponse(List.of(new Generation(message("", r))),
                        lastChunk[0] == null ? null : lastChunk[0].getMetadata());
                if (!SpringAiLine.runsTools(prompt.getOptions())) {
                    return Flux.fromIterable(rest).concatWith(Flux.just(withCalls));
                }
                if (rounds >= maxRounds) {
                    return Flux.fromIterable(rest).concatWith(Flux.error(stillCalling()));
                }
                ChatResponse whole = new ChatResponse(List.of(new Generation(message(r.text(), r))),
                        withCalls.getMetadata());
                return Flux.fromIterable(rest).concatWith(Mono.fromCallable(() -> manager.executeToolCalls(prompt,
                                whole))
                        .subscribeOn(Schedulers.boundedElastic())
                        .flatMapMany(ran -> ran.returnDirect()
                                ? Flux.just(ChatResponse.builder().from(whole)
                                        .generations(ToolExecutionResult.buildGenerations(ran)).build())
                                : stream(repair, new Prompt(ran.conversationHistory(), prompt.getOptions()), 0,
                                        rounds + 1)));
            });
            return visible.concatWith(end);
        });
    }

    /** The chunks the user gets for a delta's events: its text without markup, reasoning in the metadata. */
    private static List<ChatResponse> chunks(ChatResponse chunk, List<StreamEvent> events) {
        List<ChatResponse> out = new ArrayList<>(events.size());
        for (StreamEvent e : events) {
            AssistantMessage m;
            if (e instanceof StreamEvent.TextDelta t) {
                m = new AssistantMessage(t.text());
            } else if (e instanceof StreamEvent.ReasoningDelta r) {
                m = AssistantMessage.builder().content("").properties(Map.of(REASONING, r.text())).build();
            } else {
                continue;
            }
            out.add(new ChatResponse(List.of(new Generation(m)), chunk == null ? null : chunk.getMetadata()));
        }
        return out;
    }

    /** The repair for the tools the options offer (callbacks and names resolved), or {@code null} for none. */
    private synchronized ReplyRepair repairFor(ChatOptions options) {
        if (!(options instanceof ToolCallingChatOptions tools) || !SpringAiLine.offersTools(tools)) {
            return null;
        }
        List<ToolDefinition> definitions;
        try {
            definitions = manager.resolveToolDefinitions(tools);
        } catch (RuntimeException e) {                      // a name no resolver knows: the callbacks alone
            definitions = tools.getToolCallbacks().stream().map(c -> c.getToolDefinition()).toList();
        }
        if (definitions.isEmpty()) {
            return null;
        }
        if (!definitions.equals(lastDefinitions)) {
            List<ToolSpec> specs = new ArrayList<>(definitions.size());
            for (ToolDefinition d : definitions) {
                specs.add(new ToolSpec(d.name(), d.description(), schema(d.inputSchema()), List.of()));
            }
            last = new ReplyRepair(specs);
            lastDefinitions = definitions;
        }
        return last;
    }

    private static ObjectNode schema(String json) {
        try {
            JsonNode node = json == null ? null : JSON.readTree(json);
            if (node instanceof ObjectNode o) {
                return o;
            }
        } catch (Exception e) {
            // a schema that is not JSON: any arguments
        }
        ObjectNode any = JsonNodeFactory.instance.objectNode().put("type", "object");
        any.putObject("properties");
        return any;
    }

    /**
     * How the reply ended, from the finish reason Spring AI's provider reports on the first generation: at the token
     * limit the reply's last call is refused, native or written in the text ({@link Ending}).
     */
    static Ending ending(ChatResponse response) {
        return Ending.of(finishReason(response));
    }

    /** The finish reason the response's first generation carries, or {@code null} for none. */
    static String finishReason(ChatResponse response) {
        if (response == null || response.getResult() == null || response.getResult().getMetadata() == null) {
            return null;
        }
        String reason = response.getResult().getMetadata().getFinishReason();
        return reason == null || reason.isBlank() ? null : reason;
    }

    private static AssistantMessage output(ChatResponse response) {
        return response == null || response.getResult() == null ? null : response.getResult().getOutput();
    }

    private static List<NativeTools.Call> calls(AssistantMessage message) {
        if (!message.hasToolCalls()) {
            return List.of();
        }
        List<NativeTools.Call> calls = new ArrayList<>();
        for (AssistantMessage.ToolCall c : message.getToolCalls()) {
            calls.add(new NativeTools.Call(c.name(), c.arguments(), c.id()));
        }
        return calls;
    }

    /** The response with the repaired reply in place of the first generation's. */
    private static ChatResponse response(ChatResponse response, AssistantMessage answer, ReplyRepair.Repaired r) {
        Map<String, Object> properties = new HashMap<>(answer.getMetadata());
        if (!r.reasoning().isEmpty()) {
            Object before = properties.get(REASONING);
            properties.put(REASONING, before instanceof String s && !s.isEmpty() ? s + r.reasoning() : r.reasoning());
        }
        AssistantMessage repaired = AssistantMessage.builder().content(r.text()).properties(properties)
                .toolCalls(toolCalls(r.calls())).media(answer.getMedia()).build();
        List<Generation> generations = new ArrayList<>(response.getResults());
        generations.set(0, new Generation(repaired, response.getResult().getMetadata()));
        return ChatResponse.builder().from(response).generations(generations).build();
    }

    private static AssistantMessage message(String text, ReplyRepair.Repaired r) {
        return AssistantMessage.builder().content(text).toolCalls(toolCalls(r.calls())).build();
    }

    private static List<AssistantMessage.ToolCall> toolCalls(List<ToolCall> calls) {
        List<AssistantMessage.ToolCall> out = new ArrayList<>(calls.size());
        for (ToolCall c : calls) {
            out.add(new AssistantMessage.ToolCall(c.id(), "function", c.name(), c.arguments().toString()));
        }
        return out;
    }

    /**
     * The prompt that asks the model again: the conversation so far, the reply with every call it made, an answer to
     * each (what is wrong with a rejected one, that a good one was not run), then the correction for calls in the text
     * that could not be read.
     */
    private static Prompt correction(Prompt prompt, AssistantMessage answer, ReplyRepair.Repaired r) {
        List<Message> messages = new ArrayList<>(prompt.getInstructions());
        List<AssistantMessage.ToolCall> all = new ArrayList<>(toolCalls(r.calls()));
        List<ToolResponseMessage.ToolResponse> answers = new ArrayList<>();
        for (AssistantMessage.ToolCall c : all) {
            answers.add(new ToolResponseMessage.ToolResponse(c.id(), c.name(), ReplyRepair.NOT_RUN));
        }
        for (ReplyRepair.Rejected x : r.rejected()) {
            String name = x.call().name() == null ? "" : x.call().name();
            all.add(new AssistantMessage.ToolCall(x.call().id(), "function", name,
                    x.call().arguments() == null ? "" : x.call().arguments()));
            answers.add(new ToolResponseMessage.ToolResponse(x.call().id(), name, x.message()));
        }
        if (all.isEmpty()) {
            messages.add(new AssistantMessage(answer.getText() == null ? "" : answer.getText()));
        } else {
            messages.add(AssistantMessage.builder().content(r.text()).toolCalls(all).build());
            messages.add(ToolResponseMessage.builder().responses(answers).build());
        }
        if (r.correction() != null) {
            messages.add(new UserMessage(r.correction()));
        }
        return new Prompt(messages, prompt.getOptions());
    }

    /**
     * The model's options (each line's {@code ChatClient} reads them through its own method, see {@link SpringAiLine});
     * when they cannot carry tools (a model without native tool calling), the same settings as tool-calling options,
     * so that {@code ChatClient} hands this decorator the tools and the calls the model writes as text can run.
     */
    static ChatOptions toolOptions(ChatOptions options) {
        if (options == null || options instanceof ToolCallingChatOptions) {
            return options;
        }
        return ToolCallingChatOptions.builder().model(options.getModel())
                .frequencyPenalty(options.getFrequencyPenalty()).maxTokens(options.getMaxTokens())
                .presencePenalty(options.getPresencePenalty()).stopSequences(options.getStopSequences())
                .temperature(options.getTemperature()).topK(options.getTopK()).topP(options.getTopP()).build();
    }

    /** The model this one repairs. */
    final ChatModel delegate() {
        return model;
    }

    @Override
    public String toString() {
        return "Repairing[" + model + "]";
    }
}
