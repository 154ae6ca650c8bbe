package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.langchain4j.tools.Shop;
import dev.calltype.langchain4j.tools.ShopTools;
import dev.calltype.runtime.agent.ToolLoop;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A reply that ended at the token limit ({@code FinishReason.LENGTH}) never runs its last call, even when the call
 * looks complete, through every LangChain4j door: the repairing decorators inside AiServices (blocking and streaming)
 * and ToolLoop over {@link LangChain4jChatModel}. The same reply ended with {@code STOP} runs the call once.
 */
class CutOffTest {

    interface Assistant {
        String chat(String message);
    }

    interface StreamingAssistant {
        TokenStream chat(String message);
    }

    private static final String ANSWER = "Sunny all weekend in Oslo.";
    private static final String ARGS = "{\"city\": \"Oslo\", \"days\": 2}";

    /** A complete-looking get_weather call in each shape: native, Llama 3 JSON text, Mistral text. */
    static Stream<Arguments> calls() {
        return Stream.of(
                Arguments.of("native", AiMessage.from(ToolExecutionRequest.builder().id("c1").name("get_weather")
                        .arguments(ARGS).build())),
                Arguments.of("llama3-json", AiMessage.from("{\"name\": \"get_weather\", \"parameters\": " + ARGS + "}")),
                Arguments.of("mistral", AiMessage.from("[TOOL_CALLS][{\"name\": \"get_weather\", \"arguments\": "
                        + ARGS + "}]")));
    }

    static Stream<Arguments> endings() {
        return calls().flatMap(a -> Stream.of(FinishReason.LENGTH, FinishReason.STOP)
                .map(f -> Arguments.of(a.get()[0], a.get()[1], f)));
    }

    private static List<ToolExecutionResultMessage> results(ChatRequest request) {
        return request.messages().stream().filter(m -> m instanceof ToolExecutionResultMessage)
                .map(m -> (ToolExecutionResultMessage) m).toList();
    }

    /**
     * What each ending must come to: at LENGTH the tool never ran and the model is told the call was cut off (in the
     * call's result for a native call, in the correction for a call in the text), at STOP the tool ran once.
     */
    private static void check(FinishReason finish, WeatherDesk desk, List<ChatRequest> requests) {
        assertThat(requests).hasSize(2);
        if (finish == FinishReason.LENGTH) {
            assertThat(desk.calls).isEmpty();
            assertThat(requests.get(1).messages().toString()).contains("cut off").contains("not run");
        } else {
            assertThat(desk.calls).containsExactly("Oslo/2");
            assertThat(results(requests.get(1))).singleElement()
                    .satisfies(r -> assertThat(r.text()).isEqualTo("Sunny in Oslo for 2 days"));
        }
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("endings")
    void aCallInAReplyCutAtTheTokenLimitNeverRunsInAiServices(String shape, AiMessage reply, FinishReason finish) {
        ScriptedChatModel model = new ScriptedChatModel(ScriptedChatModel.ended(reply, finish),
                ScriptedChatModel.ended(AiMessage.from(ANSWER), FinishReason.STOP));
        WeatherDesk desk = new WeatherDesk();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(LangChain4jTools.repairing(model))
                .tools(desk)
                .build();

        assertThat(assistant.chat("Weather in Oslo for two days?")).isEqualTo(ANSWER);

        check(finish, desk, model.requests);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("endings")
    void aCallInAStreamedReplyCutAtTheTokenLimitNeverRunsInAiServices(String shape, AiMessage reply,
                                                                    FinishReason finish) throws Exception {
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(streamed(reply).ended(finish),
                ScriptedStreamingChatModel.Reply.text(ANSWER, 4).ended(FinishReason.STOP));
        WeatherDesk desk = new WeatherDesk();
        StreamingAssistant assistant = AiServices.builder(StreamingAssistant.class)
                .streamingChatModel(LangChain4jTools.repairing(model))
                .tools(desk)
                .build();
        StringBuilder tokens = new StringBuilder();
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        assistant.chat("Weather in Oslo for two days?")
                .onPartialResponse(tokens::append)
                .onCompleteResponse(done::complete)
                .onError(done::completeExceptionally)
                .start();

        assertThat(done.get(10, TimeUnit.SECONDS).aiMessage().text()).isEqualTo(ANSWER);
        assertThat(tokens.toString()).isEqualTo(ANSWER);
        check(finish, desk, model.requests);
    }

    /** The reply streamed: its text in pieces of three characters, its native call as one chunk. */
    static ScriptedStreamingChatModel.Reply streamed(AiMessage reply) {
        if (reply.hasToolExecutionRequests()) {
            ToolExecutionRequest r = reply.toolExecutionRequests().get(0);
            return new ScriptedStreamingChatModel.Reply(List.of(), List.of(
                    dev.langchain4j.model.chat.response.PartialToolCall.builder().index(0).id(r.id()).name(r.name())
                            .partialArguments(r.arguments()).build()), reply);
        }
        return ScriptedStreamingChatModel.Reply.text(reply.text(), 3);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("endings")
    void aCallInAReplyCutAtTheTokenLimitNeverRunsInToolLoop(String shape, AiMessage reply, FinishReason finish) {
        // the same shapes, for the toolkit's own tool: native calls in native mode, text in prompt mode
        AiMessage order = reply.hasToolExecutionRequests()
                ? AiMessage.from(ToolExecutionRequest.builder().id("c1").name("price").arguments(PRICE).build())
                : AiMessage.from(reply.text().replace("get_weather", "price").replace(ARGS, PRICE));
        ScriptedChatModel model = new ScriptedChatModel(ScriptedChatModel.ended(order, finish),
                ScriptedChatModel.ended(AiMessage.from("B-1 costs 9.75."), FinishReason.STOP));
        CountingShop shop = new CountingShop();
        ToolLoop loop = ToolLoop.builder(new LangChain4jChatModel(model), new ShopTools(shop))
                .mode(reply.hasToolExecutionRequests() ? ToolLoop.Mode.NATIVE : ToolLoop.Mode.PROMPT)
                .build();

        ToolLoop.Outcome outcome = loop.run("How much is B-1?");

        assertThat(outcome.answer()).isEqualTo("B-1 costs 9.75.");
        assertThat(model.requests).hasSize(2);
        String told = model.requests.get(1).messages().toString();
        if (finish == FinishReason.LENGTH) {
            assertThat(shop.runs).as("the price tool ran").isZero();
            assertThat(told).contains("cut off").contains("not run");
        } else {
            assertThat(shop.runs).as("the price tool ran").isEqualTo(1);
            assertThat(told).contains("B-1 costs 9.75 for 0 speeds");
        }
    }

    /** The shop, counting the prices it gives. */
    static final class CountingShop extends Shop {
        int runs;

        @Override
        public String price(String sku, BigDecimal discount, UUID id, boolean express, Set<Speed> speeds,
                            Optional<Category> category) {
            runs++;
            return super.price(sku, discount, id, express, speeds, category);
        }
    }

    private static final String PRICE = "{\"sku\": \"B-1\", \"discount\": 0.25, \"id\": "
            + "\"2f1c3a52-5d3e-4a43-9d57-0c1a2b3c4d5e\", \"express\": false, \"speeds\": []}";
}
