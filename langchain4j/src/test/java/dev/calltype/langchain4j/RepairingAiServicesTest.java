package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.testsupport.Families;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link LangChain4jTools#repairing} inside LangChain4j's own AiServices, blocking and streaming, with the user's own
 * LangChain4j tools, over scripted models that write their calls the ways real ones do.
 */
class RepairingAiServicesTest {

    interface Assistant {
        String chat(String message);
    }

    interface StreamingAssistant {
        TokenStream chat(String message);
    }

    private static final String ANSWER = "Sunny all weekend in Oslo.";

    static String[] families() {
        return Families.NAMES;
    }

    private static ToolExecutionRequest request(String id, String name, String arguments) {
        return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
    }

    private static List<ToolExecutionResultMessage> results(ChatRequest request) {
        return request.messages().stream().filter(m -> m instanceof ToolExecutionResultMessage)
                .map(m -> (ToolExecutionResultMessage) m).toList();
    }

    private static AiMessage assistantMessage(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        return messages.stream().filter(m -> m instanceof AiMessage).map(m -> (AiMessage) m)
                .reduce((a, b) -> b).orElseThrow();
    }

    private static String blocking(ScriptedChatModel model, WeatherDesk desk) {
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(LangChain4jTools.repairing(model))
                .tools(desk)
                .build();
        return assistant.chat("Weather in Oslo for two days?");
    }

    /** What the user saw streamed (tokens), what thinking came, and the final response. */
    record Streamed(String tokens, String thinking, ChatResponse response) {
    }

    private static Streamed streaming(ScriptedStreamingChatModel model, WeatherDesk desk) throws Exception {
        StreamingAssistant assistant = AiServices.builder(StreamingAssistant.class)
                .streamingChatModel(LangChain4jTools.repairing(model))
                .tools(desk)
                .build();
        StringBuilder tokens = new StringBuilder();
        StringBuilder thinking = new StringBuilder();
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        assistant.chat("Weather in Oslo for two days?")
                .onPartialResponse(tokens::append)
                .onPartialThinking((PartialThinking t) -> thinking.append(t.text()))
                .onCompleteResponse(done::complete)
                .onError(done::completeExceptionally)
                .start();
        return new Streamed(tokens.toString(), thinking.toString(), done.get(10, TimeUnit.SECONDS));
    }

    @ParameterizedTest
    @MethodSource("families")
    void aCallWrittenAsTextRunsOnceInAiServices(String family) {
        String text = "Let me check.\n" + Families.weatherCall(family, "plain");
        ScriptedChatModel model = new ScriptedChatModel(AiMessage.from(text), AiMessage.from(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(blocking(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2");
        assertThat(results(model.requests.get(1))).singleElement()
                .satisfies(r -> assertThat(r.text()).isEqualTo("Sunny in Oslo for 2 days"));
        // the reply kept in the conversation carries the call natively and only the prose
        AiMessage kept = assistantMessage(model.requests.get(1));
        assertThat(kept.toolExecutionRequests()).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("get_weather");
            assertThat(r.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
        assertThat(kept.text()).isEqualTo("Let me check.\n");
    }

    @ParameterizedTest
    @MethodSource("families")
    void aCallWrittenAsTextRunsOnceInATokenStreamAndTheUserSeesNoMarkup(String family) throws Exception {
        String text = "Let me check.\n" + Families.weatherCall(family, "plain");
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(
                ScriptedStreamingChatModel.Reply.text(text, 3), ScriptedStreamingChatModel.Reply.text(ANSWER, 4));
        WeatherDesk desk = new WeatherDesk();

        Streamed out = streaming(model, desk);

        assertThat(desk.calls).containsExactly("Oslo/2");
        assertThat(out.response().aiMessage().text()).isEqualTo(ANSWER);
        assertThat(out.tokens()).isEqualTo("Let me check.\n" + ANSWER);
        // the same reply as without streaming
        AiMessage kept = assistantMessage(model.requests.get(1));
        assertThat(kept.text()).isEqualTo("Let me check.\n");
        assertThat(kept.toolExecutionRequests()).singleElement()
                .satisfies(r -> assertThat(r.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}"));
    }

    @Test
    void reasoningInTheTextIsThinkingNotText() throws Exception {
        String text = "<think>The user wants Oslo, two days.</think>" + Families.weatherCall("hermes", "plain");
        ScriptedChatModel model = new ScriptedChatModel(AiMessage.from(text), AiMessage.from(ANSWER));
        blocking(model, new WeatherDesk());
        AiMessage kept = assistantMessage(model.requests.get(1));
        assertThat(kept.thinking()).isEqualTo("The user wants Oslo, two days.");
        assertThat(kept.text()).isNull();

        ScriptedStreamingChatModel streamed = new ScriptedStreamingChatModel(
                ScriptedStreamingChatModel.Reply.text(text, 5), ScriptedStreamingChatModel.Reply.text(ANSWER, 4));
        Streamed out = streaming(streamed, new WeatherDesk());
        assertThat(out.thinking()).isEqualTo("The user wants Oslo, two days.");
        assertThat(out.tokens()).isEqualTo(ANSWER);
    }

    @Test
    void brokenNativeArgumentsAreRepairedBeforeTheToolSeesThem() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(List.of(
                        request("c1", "get_weather", "```json\n{\"city\": \"Oslo\", \"days\": 2}\n```"),
                        request("c2", "get_weather", "\"{\\\"city\\\": \\\"Bergen\\\", \\\"days\\\": 3}\""),
                        request("c3", "get_weather", "{'city': 'Tromsø', 'days': '4',}"))),
                AiMessage.from(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(blocking(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2", "Bergen/3", "Tromsø/4");
        assertThat(results(model.requests.get(1))).extracting(ToolExecutionResultMessage::id)
                .containsExactly("c1", "c2", "c3");
    }

    @Test
    void aMisspelledToolNameIsResolvedAndAnUnknownOneIsAnsweredForTheModel() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(request("c1", "getWeather", "{\"city\": \"Oslo\", \"days\": 2}")),
                AiMessage.from(request("c2", "get_forecast", "{\"city\": \"Bergen\", \"days\": 1}")),
                AiMessage.from(request("c3", "get_weather", "{\"city\": \"Bergen\", \"days\": 1}")),
                AiMessage.from(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(blocking(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2", "Bergen/1");
        // the unknown name never reached AiServices (whose default strategy throws): the model was told the tools
        List<ToolExecutionResultMessage> told = results(model.requests.get(2));
        assertThat(told.get(told.size() - 1).id()).isEqualTo("c2");
        assertThat(told.get(told.size() - 1).text()).contains("get_forecast").contains("get_weather");
        assertThat(told.get(told.size() - 1).isError()).isTrue();
    }

    @Test
    void argumentsCutOffAreAnsweredAndTheCorrectedCallRuns() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(request("c1", "get_weather", "{\"city\": \"Os")),
                AiMessage.from(request("c2", "get_weather", "{\"city\": \"Oslo\", \"days\": 2}")),
                AiMessage.from(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(blocking(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2");
        assertThat(results(model.requests.get(1))).singleElement()
                .satisfies(r -> assertThat(r.text()).contains("cut off"));
    }

    private static PartialToolCall chunk(int index, String id, String name, String arguments) {
        return PartialToolCall.builder().index(index).id(id).name(name).partialArguments(arguments).build();
    }

    /**
     * The chunk shapes of spring-ai#5806, #5974 and #6374 and index-only servers, as far as LangChain4j's partial tool
     * calls can carry them (a name on every chunk, arguments never empty).
     */
    static List<List<PartialToolCall>> chunkings() {
        return List.of(
                // #5806: the id on the first chunk only, empty after it
                List.of(chunk(0, "call_1", "get_weather", "{"), chunk(0, "", "get_weather", "\"city\":"),
                        chunk(0, "", "get_weather", " \"Oslo\", \"days\""), chunk(0, "", "get_weather", ": 2}")),
                // #5974: the same id on every chunk
                List.of(chunk(0, "call_1", "get_weather", "{\"city\":"), chunk(0, "call_1", "get_weather", " \"Oslo\","),
                        chunk(0, "call_1", "get_weather", " \"days\": 2}")),
                // #6374: the name split across chunks
                List.of(chunk(0, "call_1", "get_wea", "{"), chunk(0, null, "ther", "\"city\": \"Oslo\""),
                        chunk(0, null, "get_weather", ", \"days\": 2}")),
                // index-only chunks: no id at all
                List.of(chunk(0, null, "get_weather", "{\"city\""), chunk(0, null, "get_weather", ": \"Oslo\", \"days\": 2}")));
    }

    @ParameterizedTest
    @MethodSource("chunkings")
    void splitToolCallChunksAreMergedByIndex(List<PartialToolCall> chunks) throws Exception {
        // what a provider with a wrong merge completes with: the first chunk only, arguments empty
        AiMessage wrong = AiMessage.from(request(chunks.get(0).id(), chunks.get(0).name(), "{"));
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(
                new ScriptedStreamingChatModel.Reply(List.of(), chunks, wrong),
                ScriptedStreamingChatModel.Reply.text(ANSWER, 4));
        WeatherDesk desk = new WeatherDesk();

        Streamed out = streaming(model, desk);

        assertThat(desk.calls).containsExactly("Oslo/2");
        assertThat(out.response().aiMessage().text()).isEqualTo(ANSWER);
    }

    @Test
    void twoCallsWithTheirOwnIndexesStayTwoCalls() throws Exception {
        List<PartialToolCall> chunks = List.of(chunk(0, "a", "get_weather", "{\"city\": \"Oslo\","),
                chunk(1, "b", "get_weather", "{\"city\": \"Bergen\","), chunk(0, "", "get_weather", " \"days\": 2}"),
                chunk(1, "", "get_weather", " \"days\": 5}"));
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(
                new ScriptedStreamingChatModel.Reply(List.of(), chunks, AiMessage.from(new ArrayList<>(List.of(
                        request("a", "get_weather", ""))))),
                ScriptedStreamingChatModel.Reply.text(ANSWER, 4));
        WeatherDesk desk = new WeatherDesk();

        streaming(model, desk);

        assertThat(desk.calls).containsExactly("Oslo/2", "Bergen/5");
    }

    @Test
    void aRequestWithoutToolsIsSentAsItIs() {
        ScriptedChatModel model = new ScriptedChatModel(AiMessage.from("<tool_call>{\"name\": \"x\"}</tool_call>"));
        ChatResponse response = LangChain4jTools.repairing(model).chat(ChatRequest.builder()
                .messages(List.of(dev.langchain4j.data.message.UserMessage.from("hi"))).build());
        assertThat(response.aiMessage().text()).isEqualTo("<tool_call>{\"name\": \"x\"}</tool_call>");
    }

    @Test
    void twoHundredThousandStreamedCallsAreMergedInOnePassAndNoneRuns() throws Exception {
        List<PartialToolCall> chunks = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            chunks.add(chunk(i, "c" + i, "get_weather", "{\"city\": \"Oslo\", \"days\": 2}"));
        }
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(
                new ScriptedStreamingChatModel.Reply(List.of(), chunks, AiMessage.from("")),
                ScriptedStreamingChatModel.Reply.text(ANSWER, 4));
        WeatherDesk desk = new WeatherDesk();

        Streamed out = streaming(model, desk);

        assertThat(desk.calls).isEmpty();
        assertThat(out.response().aiMessage().text()).isEqualTo(ANSWER);
        // the model was asked again: none of its 200,000 calls ran, and it was told why
        assertThat(model.requests.get(1).messages().get(model.requests.get(1).messages().size() - 1).toString())
                .contains("made 200000 tool calls").contains("at most 100");
    }
}
