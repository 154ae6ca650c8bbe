package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.springai.tools.Trips;
import dev.calltype.springai.tools.TripsTools;
import dev.calltype.springai.tools.Vault;
import dev.calltype.springai.tools.VaultTools;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.DefaultToolCallingManager;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/** A generated toolkit inside Spring AI's own ChatClient, with a scripted model and no network. */
class ChatClientTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static AssistantMessage.ToolCall call(String id, String name, String arguments) {
        return new AssistantMessage.ToolCall(id, "function", name, arguments);
    }

    private static AssistantMessage calls(AssistantMessage.ToolCall... calls) {
        return AssistantMessage.builder().content("").toolCalls(List.of(calls)).build();
    }

    private static List<ToolResponseMessage.ToolResponse> responses(Prompt prompt) {
        List<Message> messages = prompt.getInstructions();
        return ((ToolResponseMessage) messages.get(messages.size() - 1)).getResponses();
    }

    @Test
    void chatClientRunsRepairedCallsAndGetsEveryFailureAsText() {
        Trips trips = new Trips();
        ScriptedChatModel model = new ScriptedChatModel(
                DefaultToolCallingManager.builder()
                        .toolCallbackResolver(SpringAiTools.unknownToolResolver(new TripsTools(trips)))
                        .build(),
                calls(
                        // Single quotes, unquoted keys, a trailing comma, seats as text: repaired and coerced.
                        call("c1", "book", "{destination: 'Oslo', departure: '2026-12-20', cabin: 'BUSINESS', "
                                + "travellers: [{name: 'Ada', age: '36'}], stay: {type: 'hotel', name: 'Fjord', "
                                + "nights: 3}, bags: {Ada: 2}, seats: '1',}"),
                        call("c2", "rent_car", "{\"city\": \"Oslo\"}"),
                        call("c3", "book", "{\"destination\": \"Oslo\"}"),
                        call("c4", "cancel", "{\"reference\": \"T-9\"}"),
                        call("c5", "book", "{\"destination\": \"Os")),
                new AssistantMessage("Booked: Oslo on 20 December, business class, three nights at the Fjord."));

        String answer = ChatClient.create(model)
                .prompt("Book Ada (36) to Oslo on 20 December, business, three nights at the Fjord, two bags.")
                .toolCallbacks(SpringAiTools.toolCallbacks(new TripsTools(trips)))
                .call()
                .content();

        assertThat(answer).isEqualTo("Booked: Oslo on 20 December, business class, three nights at the Fjord.");
        assertThat(model.prompts).hasSize(2);
        ToolCallingChatOptions options = (ToolCallingChatOptions) model.prompts.get(0).getOptions();
        assertThat(options.getToolCallbacks()).extracting(c -> c.getToolDefinition().name())
                .containsExactly("book", "cancel");
        List<ToolResponseMessage.ToolResponse> results = responses(model.prompts.get(1));
        assertThat(results).extracting(ToolResponseMessage.ToolResponse::id).containsExactly("c1", "c2", "c3", "c4", "c5");
        assertThat(results.get(0).responseData()).isEqualTo("Booked Oslo on 2026-12-20 in BUSINESS for 1 traveller(s),"
                + " 1 seat(s), 3 nights at Fjord, 1 bag entries");
        assertThat(results.get(1).responseData()).contains("There is no tool named \"rent_car\". Available tools: book, cancel.");
        assertThat(results.get(2).responseData()).startsWith("Invalid arguments for book:")
                .contains("departure").contains("Fix the arguments and call book again.");
        assertThat(results.get(3).responseData()).isEqualTo("Tool cancel failed: booking T-9 is already travelling");
        assertThat(results.get(4).responseData()).contains("The call to \"book\" was cut off");
    }

    @Test
    void theProviderServesTheSameCallbacksAndDefinitionsCarryTheGeneratedSchema() throws Exception {
        TripsTools toolkit = new TripsTools(new Trips());
        ToolCallback[] callbacks = SpringAiTools.toolCallbackProvider(toolkit).getToolCallbacks();

        assertThat(callbacks).hasSize(2);
        for (int i = 0; i < callbacks.length; i++) {
            assertThat(callbacks[i].getToolDefinition().name()).isEqualTo(toolkit.tools().get(i).name());
            assertThat(JSON.readTree(callbacks[i].getToolDefinition().inputSchema()))
                    .isEqualTo(toolkit.tools().get(i).parameters());
        }
        assertThat(callbacks[0].getToolDefinition().description()).isEqualTo("Books a trip.");
    }

    @Test
    void aPrefixedNameOfAConfirmToolResolvesToAnAnswerAndNothingRuns() {
        Vault vault = new Vault();
        List<String> names = List.of("functions.wipe", "tools.wipe", "a.b.c.wipe", "functions.Wipe", "x.WIPE");
        List<AssistantMessage.ToolCall> sent = new java.util.ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            sent.add(call("c" + i, names.get(i), "{\"id\": \"r-1\"}"));
        }
        ScriptedChatModel model = new ScriptedChatModel(
                DefaultToolCallingManager.builder()
                        .toolCallbackResolver(SpringAiTools.unknownToolResolver(new VaultTools(vault)))
                        .build(),
                calls(sent.toArray(AssistantMessage.ToolCall[]::new)),
                new AssistantMessage("I could not wipe it."));

        String answer = ChatClient.create(model).prompt("Wipe r-1.")
                .toolCallbacks(SpringAiTools.toolCallbacks(new TripsTools(new Trips())))    // wipe is not offered
                .call().content();

        assertThat(answer).isEqualTo("I could not wipe it.");
        assertThat(vault.wiped).isEmpty();
        assertThat(responses(model.prompts.get(1))).hasSize(names.size()).allSatisfy(r -> assertThat(r.responseData())
                .contains("There is no tool named").contains("Did you mean \"wipe\"?"));
    }

    @Test
    void theResolverRunsAToolOfExactlyItsNameUnderTheApprovalRule() {
        Vault vault = new Vault();
        ToolCallback wipe = SpringAiTools.unknownToolResolver(new VaultTools(vault)).resolve("wipe");

        assertThat(wipe.call("{\"id\": \"r-1\"}")).contains("declined to run wipe");
        assertThat(vault.wiped).isEmpty();
        ToolCallback approved = SpringAiTools.unknownToolResolver((call, tool) -> true, new VaultTools(vault))
                .resolve("wipe");
        assertThat(approved.call("{\"id\": \"r-1\"}")).isEqualTo("wiped r-1");
        assertThat(vault.wiped).containsExactly("r-1");
    }
}
