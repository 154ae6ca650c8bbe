package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.springai.tools.Vault;
import dev.calltype.springai.tools.VaultTools;
import dev.calltype.testsupport.Families;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.function.FunctionToolCallback;
import org.springframework.ai.tool.metadata.ToolMetadata;

/**
 * {@link SpringAiTools#repairing} inside Spring AI's own ChatClient, call and stream, with the user's own Spring AI
 * tools, over scripted models that write their calls the ways real ones do.
 */
class RepairingChatClientTest {

    private static final String ANSWER = "Sunny all weekend in Oslo.";

    /** What get_weather takes. */
    record WeatherRequest(String city, int days) {
    }

    /** The user's own tool, a plain Spring AI function callback, keeping every call. */
    static final class WeatherDesk {
        final List<String> calls = new ArrayList<>();

        ToolCallback callback(boolean returnDirect) {
            return FunctionToolCallback.builder("get_weather", (WeatherRequest r) -> {
                calls.add(r.city() + "/" + r.days());
                return "Sunny in " + r.city() + " for " + r.days() + " days";
            }).description("Weather for a city").inputType(WeatherRequest.class)
                    .toolMetadata(ToolMetadata.builder().returnDirect(returnDirect).build()).build();
        }
    }

    static String[] families() {
        return Families.NAMES;
    }

    private static AssistantMessage.ToolCall call(String id, String name, String arguments) {
        return new AssistantMessage.ToolCall(id, "function", name, arguments);
    }

    private static AssistantMessage calls(AssistantMessage.ToolCall... calls) {
        return AssistantMessage.builder().content("").toolCalls(List.of(calls)).build();
    }

    private static List<ToolResponseMessage.ToolResponse> responses(Prompt prompt) {
        return prompt.getInstructions().stream().filter(m -> m instanceof ToolResponseMessage)
                .flatMap(m -> ((ToolResponseMessage) m).getResponses().stream()).toList();
    }

    private static AssistantMessage lastAssistant(Prompt prompt) {
        AssistantMessage last = null;
        for (Message m : prompt.getInstructions()) {
            if (m instanceof AssistantMessage a) {
                last = a;
            }
        }
        return last;
    }

    private static String call(ScriptedChatModel model, WeatherDesk desk) {
        return ChatClient.create(SpringAiTools.repairing(model)).prompt("Weather in Oslo for two days?")
                .toolCallbacks(desk.callback(false)).call().content();
    }

    private static String stream(ScriptedStreamingChatModel model, WeatherDesk desk) {
        return ChatClient.create(SpringAiTools.repairing(model)).prompt("Weather in Oslo for two days?")
                .toolCallbacks(desk.callback(false)).stream().content().collect(Collectors.joining()).block();
    }

    @ParameterizedTest
    @MethodSource("families")
    void aCallWrittenAsTextRunsOnceThroughChatClient(String family) {
        String text = "Let me check.\n" + Families.weatherCall(family, "plain");
        ScriptedChatModel model = new ScriptedChatModel(new AssistantMessage(text), new AssistantMessage(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(call(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2");
        assertThat(model.prompts).hasSize(2);
        assertThat(responses(model.prompts.get(1))).singleElement()
                .satisfies(r -> assertThat(r.responseData()).isEqualTo("\"Sunny in Oslo for 2 days\""));
        AssistantMessage kept = lastAssistant(model.prompts.get(1));
        assertThat(kept.getText()).isEqualTo("Let me check.\n");
        assertThat(kept.getToolCalls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("get_weather");
            assertThat(c.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
        // the provider model was asked with internal tool execution off: the calls ran here, on the repaired reply
        assertThat(ToolCallingChatOptions.isInternalToolExecutionEnabled(model.prompts.get(0).getOptions())).isFalse();
    }

    @ParameterizedTest
    @MethodSource("families")
    void aCallWrittenAsTextRunsOnceThroughAStreamAndTheUserSeesNoMarkup(String family) {
        String text = "Let me check.\n" + Families.weatherCall(family, "plain");
        ScriptedStreamingChatModel model = new ScriptedStreamingChatModel(ScriptedStreamingChatModel.text(text, 3),
                ScriptedStreamingChatModel.text(ANSWER, 4));
        WeatherDesk desk = new WeatherDesk();

        assertThat(stream(model, desk)).isEqualTo("Let me check.\n" + ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2");
        AssistantMessage kept = lastAssistant(model.prompts.get(1));
        assertThat(kept.getText()).isEqualTo("Let me check.\n");
        assertThat(kept.getToolCalls()).singleElement()
                .satisfies(c -> assertThat(c.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}"));
    }

    @Test
    void brokenNativeArgumentsAreRepairedBeforeTheToolSeesThem() {
        ScriptedChatModel model = new ScriptedChatModel(
                calls(call("c1", "get_weather", "```json\n{\"city\": \"Oslo\", \"days\": 2}\n```"),
                        call("c2", "get_weather", "\"{\\\"city\\\": \\\"Bergen\\\", \\\"days\\\": 3}\""),
                        call("c3", "get_weather", "{city: 'Tromsø', days: '4',}")),
                new AssistantMessage(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(call(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2", "Bergen/3", "Tromsø/4");
        assertThat(responses(model.prompts.get(1))).extracting(ToolResponseMessage.ToolResponse::id)
                .containsExactly("c1", "c2", "c3");
    }

    @Test
    void aMisspelledToolNameIsResolvedAndAnUnknownOneIsAnsweredForTheModel() {
        ScriptedChatModel model = new ScriptedChatModel(
                calls(call("c1", "getWeather", "{\"city\": \"Oslo\", \"days\": 2}")),
                calls(call("c2", "get_forecast", "{\"city\": \"Bergen\", \"days\": 1}")),
                calls(call("c3", "get_weather", "{\"city\": \"Bergen\", \"days\": 1}")),
                new AssistantMessage(ANSWER));
        WeatherDesk desk = new WeatherDesk();

        assertThat(call(model, desk)).isEqualTo(ANSWER);

        assertThat(desk.calls).containsExactly("Oslo/2", "Bergen/1");
        List<ToolResponseMessage.ToolResponse> told = responses(model.prompts.get(2));
        assertThat(told.get(told.size() - 1).id()).isEqualTo("c2");
        assertThat(told.get(told.size() - 1).responseData()).contains("get_forecast").contains("get_weather");
    }

    @Test
    void returnDirectStillApplies() {
        ScriptedChatModel model = new ScriptedChatModel(new AssistantMessage(Families.weatherCall("hermes", "plain")));
        WeatherDesk desk = new WeatherDesk();

        String answer = ChatClient.create(SpringAiTools.repairing(model)).prompt("Weather in Oslo?")
                .toolCallbacks(desk.callback(true)).call().content();

        assertThat(answer).isEqualTo("\"Sunny in Oslo for 2 days\"");
        assertThat(model.prompts).hasSize(1);
        assertThat(desk.calls).containsExactly("Oslo/2");
    }

    @Test
    void withInternalToolExecutionOffTheCallerGetsTheRepairedCalls() {
        ScriptedChatModel model = new ScriptedChatModel(new AssistantMessage(Families.weatherCall("mistral", "plain")));
        WeatherDesk desk = new WeatherDesk();

        ChatResponse response = ChatClient.create(SpringAiTools.repairing(model)).prompt("Weather in Oslo?")
                .options(ToolCallingChatOptions.builder().internalToolExecutionEnabled(false).build())
                .toolCallbacks(desk.callback(false)).call().chatResponse();

        assertThat(desk.calls).isEmpty();
        assertThat(response.getResult().getOutput().getText()).isEmpty();
        assertThat(response.getResult().getOutput().getToolCalls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("get_weather");
            assertThat(c.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
            assertThat(c.id()).isNotBlank();
        });
    }

    @Test
    void aToolThatNeedsConfirmationIsDeclinedWithoutAnApproverAndRunsWithOne() {
        Vault vault = new Vault();
        ScriptedChatModel declined = new ScriptedChatModel(calls(call("c1", "wipe", "{\"id\": \"r-1\"}")),
                new AssistantMessage("I may not."));
        assertThat(ChatClient.create(declined).prompt("Wipe r-1.")
                .toolCallbacks(SpringAiTools.toolCallbacks(new VaultTools(vault))).call().content())
                .isEqualTo("I may not.");
        assertThat(vault.wiped).isEmpty();
        assertThat(responses(declined.prompts.get(1))).singleElement()
                .satisfies(r -> assertThat(r.responseData()).contains("declined to run wipe").contains("approval"));

        List<String> asked = new ArrayList<>();
        ScriptedChatModel approved = new ScriptedChatModel(calls(call("c1", "wipe", "{\"id\": \"r-1\"}")),
                new AssistantMessage("Wiped."));
        assertThat(ChatClient.create(approved).prompt("Wipe r-1.")
                .toolCallbacks(SpringAiTools.toolCallbacks((c, tool) -> asked.add(tool.name() + " " + c.arguments()),
                        new VaultTools(vault))).call().content())
                .isEqualTo("Wiped.");
        assertThat(asked).containsExactly("wipe {\"id\":\"r-1\"}");
        assertThat(vault.wiped).containsExactly("r-1");
        assertThat(responses(approved.prompts.get(1))).singleElement()
                .satisfies(r -> assertThat(r.responseData()).isEqualTo("wiped r-1"));
    }

    @Test
    void aModelWithoutToolCallingOptionsStillGetsTheTools() {
        List<Prompt> prompts = new ArrayList<>();
        List<String> replies = new ArrayList<>(List.of(Families.weatherCall("glm45", "plain"), ANSWER));
        org.springframework.ai.chat.model.ChatModel textOnly = prompt -> {    // default options: no tools at all
            prompts.add(prompt);
            return new ChatResponse(List.of(new org.springframework.ai.chat.model.Generation(
                    new AssistantMessage(replies.remove(0)))));
        };
        WeatherDesk desk = new WeatherDesk();

        String answer = ChatClient.create(SpringAiTools.repairing(textOnly)).prompt("Weather in Oslo?")
                .toolCallbacks(desk.callback(false)).call().content();

        assertThat(answer).isEqualTo(ANSWER);
        assertThat(desk.calls).containsExactly("Oslo/2");
        assertThat(prompts).hasSize(2);
    }

    /** A model that calls get_weather in every reply, for ever. */
    private static final class AlwaysCalling implements org.springframework.ai.chat.model.ChatModel {
        int asked;

        @Override
        public ChatResponse call(Prompt prompt) {
            asked++;
            return new ChatResponse(List.of(new org.springframework.ai.chat.model.Generation(
                    calls(RepairingChatClientTest.call("c" + asked, "get_weather", "{\"city\": \"Oslo\", \"days\": 2}")))));
        }

        @Override
        public reactor.core.publisher.Flux<ChatResponse> stream(Prompt prompt) {
            return reactor.core.publisher.Flux.defer(() -> reactor.core.publisher.Flux.just(call(prompt)));
        }

        @Override
        public org.springframework.ai.chat.prompt.ChatOptions getDefaultOptions() {
            return ToolCallingChatOptions.builder().build();
        }
    }

    @Test
    void aModelThatCallsAToolInEveryReplyStopsAtTheRoundLimit() {
        AlwaysCalling model = new AlwaysCalling();
        WeatherDesk desk = new WeatherDesk();
        ChatClient chat = ChatClient.create(SpringAiTools.repairing(model,
                org.springframework.ai.model.tool.ToolCallingManager.builder().build(), 3));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> chat.prompt("Weather?")
                        .toolCallbacks(desk.callback(false)).call().content())
                .hasMessageContaining("still calling tools after 3 rounds");
        assertThat(desk.calls).hasSize(3);
        assertThat(model.asked).isEqualTo(4);

        AlwaysCalling streamed = new AlwaysCalling();
        WeatherDesk streamedDesk = new WeatherDesk();
        ChatClient streaming = ChatClient.create(SpringAiTools.repairing(streamed,
                org.springframework.ai.model.tool.ToolCallingManager.builder().build(), 3));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> streaming.prompt("Weather?")
                        .toolCallbacks(streamedDesk.callback(false)).stream().content().collectList().block())
                .hasMessageContaining("still calling tools after 3 rounds");
        assertThat(streamedDesk.calls).hasSize(3);
    }

    @Test
    void theDefaultRoundLimitIsLangChain4jsHundred() {
        AlwaysCalling model = new AlwaysCalling();
        WeatherDesk desk = new WeatherDesk();

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChatClient.create(SpringAiTools.repairing(model))
                        .prompt("Weather?").toolCallbacks(desk.callback(false)).call().content())
                .hasMessageContaining("after 100 rounds");
        assertThat(desk.calls).hasSize(SpringAiTools.DEFAULT_MAX_ROUNDS);
    }
}
