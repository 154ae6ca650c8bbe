package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.springai.shared.Forecaster;
import dev.calltype.springai.shared.ForecasterTools;
import dev.calltype.testsupport.Families;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;

/**
 * {@code SpringAiTools.repairing} inside {@code ChatClient} as each Spring AI line runs tools (1.1: in the repairing
 * model; 2.x: in ChatClient's tool-calling advisor), over a model that never runs tools itself: a call written as
 * text in any family runs once, by call and by stream, and the user sees no markup; broken native arguments are
 * repaired before the tool sees them. The same source runs on both lines.
 */
class ChatClientRepairTest {

    private static final String ANSWER = "Sunny all weekend in Oslo.";

    static List<Arguments> familiesCalledAndStreamed() {
        List<Arguments> out = new ArrayList<>();
        for (String family : Families.NAMES) {
            out.add(Arguments.of(family, false));
            out.add(Arguments.of(family, true));
        }
        return out;
    }

    private static String ask(FinishingChatModel model, Forecaster forecaster, boolean stream) {
        ChatClient.ChatClientRequestSpec spec = ChatClient.create(SpringAiTools.repairing(model))
                .prompt("Weather in Oslo for two days?")
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(forecaster)));
        return stream ? spec.stream().content().collect(Collectors.joining()).block() : spec.call().content();
    }

    @ParameterizedTest(name = "{0}, stream={1}")
    @MethodSource("familiesCalledAndStreamed")
    void aCallWrittenAsTextRunsOnceAndTheUserSeesNoMarkup(String family, boolean stream) {
        String text = "Let me check.\n" + Families.weatherCall(family, "plain");
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.text(text, "stop"),
                FinishingChatModel.text(ANSWER, "stop"));
        Forecaster forecaster = new Forecaster();

        String answer = ask(model, forecaster, stream);

        assertThat(forecaster.calls).containsExactly("Oslo/2");
        assertThat(answer).isEqualTo(stream ? "Let me check.\n" + ANSWER : ANSWER);
        assertThat(model.prompts).hasSize(2);
        AssistantMessage kept = (AssistantMessage) model.prompts.get(1).getInstructions().stream()
                .filter(m -> m instanceof AssistantMessage).reduce((a, b) -> b).orElseThrow();
        assertThat(kept.getText()).isEqualTo("Let me check.\n");
        assertThat(kept.getToolCalls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("get_weather");
            assertThat(c.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
    }

    @Test
    void brokenNativeArgumentsAreRepairedBeforeTheToolSeesThem() {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(AssistantMessage.builder()
                        .content("").toolCalls(List.of(
                                new AssistantMessage.ToolCall("c1", "function", "get_weather",
                                        "```json\n{\"city\": \"Oslo\", \"days\": 2}\n```"),
                                new AssistantMessage.ToolCall("c2", "function", "getWeather",
                                        "{city: 'Tromsø', days: '4',}"))).build(), "tool_calls"),
                FinishingChatModel.text(ANSWER, "stop"));
        Forecaster forecaster = new Forecaster();

        assertThat(ask(model, forecaster, false)).isEqualTo(ANSWER);

        assertThat(forecaster.calls).containsExactly("Oslo/2", "Tromsø/4");
        assertThat(model.prompts.get(1).getInstructions().stream().filter(m -> m instanceof ToolResponseMessage)
                .flatMap(m -> ((ToolResponseMessage) m).getResponses().stream())
                .map(ToolResponseMessage.ToolResponse::id)).containsExactly("c1", "c2");
    }

    /** The chunk shapes of spring-ai#5806, #5974 and #6374 and of servers that send no ids (Spring AI keeps no index). */
    static List<List<AssistantMessage>> chunkings() {
        return List.of(
                // #5806: id and name first with empty arguments, then arguments under empty ids and names
                List.of(calls(call("call_1", "get_weather", "")), calls(call("", "", "{\"city\":")),
                        calls(call("", "", " \"Oslo\", \"days\"")), calls(call("", "", ": 2}"))),
                // #5974: the same id (and name) on every chunk
                List.of(calls(call("call_1", "get_weather", "{\"city\":")),
                        calls(call("call_1", "get_weather", " \"Oslo\",")),
                        calls(call("call_1", "get_weather", " \"days\": 2}"))),
                // #6374: the name split across chunks, the id once
                List.of(calls(call("call_1", "get_wea", "")), calls(call(null, "ther", "{\"city\": \"Oslo\"")),
                        calls(call(null, null, ", \"days\": 2}"))),
                // no ids at all: only the order tells the chunks apart
                List.of(calls(call(null, "get_weather", "{\"city\"")), calls(call(null, null, ": \"Oslo\", ")),
                        calls(call(null, null, "")), calls(call(null, null, "\"days\": 2}"))));
    }

    @ParameterizedTest
    @MethodSource("chunkings")
    void splitToolCallChunksAreMergedIntoOneCall(List<AssistantMessage> chunks) {
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(chunks,
                ScriptedStreamingChatModel.text(ANSWER, 4));
        Forecaster forecaster = new Forecaster();

        assertThat(ask(model, forecaster)).isEqualTo(ANSWER);

        assertThat(forecaster.calls).containsExactly("Oslo/2");
    }

    @Test
    void twoWholeCallsWithoutIdsStayTwoCalls() {
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(
                List.of(calls(call(null, "get_weather", "{\"city\": \"Oslo\", \"days\": 2}")),
                        calls(call(null, "get_weather", "{\"city\": \"Bergen\", \"days\": 5}"))),
                ScriptedStreamingChatModel.text(ANSWER, 4));
        Forecaster forecaster = new Forecaster();

        assertThat(ask(model, forecaster)).isEqualTo(ANSWER);

        assertThat(forecaster.calls).containsExactly("Oslo/2", "Bergen/5");
    }

    private static AssistantMessage.ToolCall call(String id, String name, String arguments) {
        return new AssistantMessage.ToolCall(id, "function", name, arguments);
    }

    private static AssistantMessage calls(AssistantMessage.ToolCall... calls) {
        return AssistantMessage.builder().content("").toolCalls(List.of(calls)).build();
    }

    private static String ask(ScriptedStreamingChatModel model, Forecaster forecaster) {
        return ChatClient.create(SpringAiTools.repairing(model)).prompt("Weather in Oslo for two days?")
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(forecaster))).stream().content()
                .collect(Collectors.joining()).block();
    }

    @Test
    void reasoningInTheTextGoesToTheMetadataNotTheText() {
        FinishingChatModel model = new FinishingChatModel(
                FinishingChatModel.text("<think>The user wants Oslo.</think>Here you go.", "stop"));

        ChatResponse response = ChatClient.create(SpringAiTools.repairing(model)).prompt("Hi")
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(new Forecaster()))).call()
                .chatResponse();

        assertThat(response.getResult().getOutput().getText()).isEqualTo("Here you go.");
        assertThat(response.getResult().getOutput().getMetadata()).containsEntry("reasoningContent",
                "The user wants Oslo.");
    }
}
