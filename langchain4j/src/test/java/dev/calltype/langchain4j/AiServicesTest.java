package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.langchain4j.tools.Shop;
import dev.calltype.langchain4j.tools.ShopTools;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.calltype.langchain4j.tools.Vault;
import dev.calltype.langchain4j.tools.VaultTools;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.ToolErrorHandlerResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A generated toolkit inside LangChain4j's own AiServices, with a scripted model and no network. */
class AiServicesTest {

    interface Assistant {
        String chat(String message);
    }

    private static ToolExecutionRequest request(String id, String name, String arguments) {
        return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
    }

    /** The tool results LangChain4j sent back to the model in its second request, in call order. */
    private static List<ToolExecutionResultMessage> results(ChatRequest request) {
        return request.messages().stream()
                .filter(m -> m instanceof ToolExecutionResultMessage)
                .map(m -> (ToolExecutionResultMessage) m)
                .toList();
    }

    private static ScriptedChatModel model() {
        return new ScriptedChatModel(
                AiMessage.from(List.of(
                        // Single quotes, a trailing comma, a quantity as text, a date: repaired and coerced.
                        request("c1", "order", "{'sku': 'A-7', 'quantity': '2', 'speed': 'EXPRESS', 'address': "
                                + "{'street': '1 Quay', 'city': 'Bergen', 'postcode': '5003'}, 'payment': "
                                + "{'type': 'card', 'number': '4111'}, 'tags': ['gift'], 'extras': {}, "
                                + "'deliverOn': '2026-12-24',}"),
                        // A tool the toolkit does not have.
                        request("c2", "refund", "{\"sku\": \"A-7\"}"),
                        // Arguments that do not fit: the correction text goes back.
                        request("c3", "price", "{\"sku\": \"A-7\", \"discount\": \"a lot\"}"),
                        // A tool that throws.
                        request("c4", "broken", "{}"),
                        // Cut off mid-string: never run.
                        request("c5", "price", "{\"sku\": \"A-"))),
                AiMessage.from("Ordered 2 of A-7 for Christmas Eve."));
    }

    @Test
    void aiServicesRunsRepairedCallsAndItsErrorHandlersAnswerEveryFailure() {
        ScriptedChatModel model = model();
        Shop shop = new Shop();
        List<String> argumentErrors = new ArrayList<>();
        List<String> executionErrors = new ArrayList<>();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(LangChain4jTools.toolProvider(new ShopTools(shop)))
                .hallucinatedToolNameStrategy(LangChain4jTools.unknownTool(new ShopTools(shop)))
                .toolArgumentsErrorHandler((error, context) -> {
                    argumentErrors.add(context.toolExecutionRequest().id());
                    return ToolErrorHandlerResult.text(error.getMessage());
                })
                .toolExecutionErrorHandler((error, context) -> {
                    executionErrors.add(context.toolExecutionRequest().id());
                    return ToolErrorHandlerResult.text(error.getMessage());
                })
                .build();

        String answer = assistant.chat("Order two A-7 for Christmas Eve, express, to 1 Quay, Bergen.");

        assertThat(answer).isEqualTo("Ordered 2 of A-7 for Christmas Eve.");
        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(0).toolSpecifications()).extracting(ToolSpecification::name)
                .containsExactly("order", "price", "broken");
        List<ToolExecutionResultMessage> results = results(model.requests.get(1));
        assertThat(results).extracting(ToolExecutionResultMessage::id).containsExactly("c1", "c2", "c3", "c4", "c5");

        assertThat(results.get(0).text()).isEqualTo("{\"reference\":\"A-7-2-EXPRESS\",\"quantity\":2,\"summary\":"
                + "\"Bergen, card 4111, 1 tags, 0 extras, no note, on 2026-12-24\"}");
        assertThat(results.get(0).isError()).isNotEqualTo(Boolean.TRUE);

        assertThat(results.get(1).text()).contains("There is no tool named \"refund\". Available tools: order, price, broken.");
        // LangChain4j 1.19.0 keeps only the text of what the hallucinated-tool strategy answers, not its isError.

        assertThat(results.get(2).text()).contains("price").contains("discount").contains("a lot");
        assertThat(results.get(2).isError()).isTrue();

        assertThat(results.get(3).text()).isEqualTo("Tool broken failed: the price list is offline");
        assertThat(results.get(3).isError()).isTrue();

        assertThat(results.get(4).text()).contains("The call to \"price\" was cut off");
        assertThat(results.get(4).isError()).isTrue();

        // the user's handlers were asked: arguments that do not fit or were cut off, and the tool that threw
        assertThat(argumentErrors).containsExactly("c3", "c5");
        assertThat(executionErrors).containsExactly("c4");
    }

    @Test
    void withoutHandlersAToolsFailureReachesTheModelFlaggedAsAnError() {
        ScriptedChatModel model = new ScriptedChatModel(AiMessage.from(request("c1", "broken", "{}")),
                AiMessage.from("The price list is offline."));
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .tools(LangChain4jTools.tools(new ShopTools(new Shop())))
                .build();

        assertThat(assistant.chat("Price of A-7?")).isEqualTo("The price list is offline.");
        assertThat(results(model.requests.get(1))).singleElement().satisfies(r -> {
            assertThat(r.text()).isEqualTo("Tool broken failed: the price list is offline");
            assertThat(r.isError()).isTrue();
        });
    }

    @Test
    void aToolThatNeedsConfirmationIsDeclinedWithoutAnApprover() {
        ScriptedChatModel model = new ScriptedChatModel(AiMessage.from(request("c1", "wipe", "{\"id\": \"r-1\"}")),
                AiMessage.from("I may not wipe it."));
        Vault vault = new Vault();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .tools(LangChain4jTools.tools(new VaultTools(vault)))
                .build();

        assertThat(assistant.chat("Wipe r-1.")).isEqualTo("I may not wipe it.");
        assertThat(vault.wiped).isEmpty();
        assertThat(results(model.requests.get(1))).singleElement().satisfies(r -> {
            assertThat(r.text()).contains("declined to run wipe").contains("approval");
            assertThat(r.isError()).isTrue();
        });
    }

    @Test
    void aToolThatNeedsConfirmationRunsWhenTheApproverSaysYes() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(List.of(request("c1", "wipe", "{\"id\": \"r-1\"}"),
                        request("c2", "wipe", "{\"id\": \"r-2\"}"))),
                AiMessage.from("Wiped r-1."));
        Vault vault = new Vault();
        List<String> asked = new ArrayList<>();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(LangChain4jTools.toolProvider((call, tool) -> {
                    asked.add(tool.name() + " " + call.arguments());
                    return call.arguments().path("id").asText().equals("r-1");
                }, new VaultTools(vault)))
                .build();

        assertThat(assistant.chat("Wipe r-1 and r-2.")).isEqualTo("Wiped r-1.");
        assertThat(asked).containsExactly("wipe {\"id\":\"r-1\"}", "wipe {\"id\":\"r-2\"}");
        assertThat(vault.wiped).containsExactly("r-1");
        List<ToolExecutionResultMessage> results = results(model.requests.get(1));
        assertThat(results.get(0).text()).isEqualTo("wiped r-1");
        assertThat(results.get(1).text()).contains("declined to run wipe");
        assertThat(results.get(1).isError()).isTrue();
    }

    @Test
    void theToolsMapWorksAsWellAsTheProvider() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(request("c1", "price", "{\"sku\": \"B-1\", \"discount\": 0.5, \"id\": "
                        + "\"2f1c3a52-5d3e-4a43-9d57-0c1a2b3c4d5e\", \"express\": \"true\", \"speeds\": [\"STANDARD\"]}")),
                AiMessage.from("It costs 9.5."));
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .tools(LangChain4jTools.tools(new ShopTools(new Shop())))
                .build();

        assertThat(assistant.chat("How much is B-1?")).isEqualTo("It costs 9.5.");
        assertThat(results(model.requests.get(1))).singleElement().satisfies(r -> {
            assertThat(r.text()).isEqualTo("B-1 costs 9.5 express for 1 speeds");   // "true" coerced to true
            assertThat(r.isError()).isFalse();
        });
    }

    @Test
    void aPrefixedNameOfAConfirmToolReachesTheUnknownToolHookAndNothingRuns() {
        List<String> names = List.of("functions.wipe", "tools.wipe", "a.b.c.wipe", "functions.Wipe", "x.WIPE");
        List<AiMessage> replies = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            replies.add(AiMessage.from(request("c" + i, names.get(i), "{\"id\": \"r-1\"}")));
        }
        replies.add(AiMessage.from("I could not wipe it."));
        ScriptedChatModel model = new ScriptedChatModel(replies.toArray(AiMessage[]::new));
        Vault vault = new Vault();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(LangChain4jTools.toolProvider(new ShopTools(new Shop())))   // wipe is not offered
                .hallucinatedToolNameStrategy(LangChain4jTools.unknownTool(new VaultTools(vault)))
                .build();

        assertThat(assistant.chat("Wipe r-1.")).isEqualTo("I could not wipe it.");
        assertThat(vault.wiped).isEmpty();
        for (int i = 0; i < names.size(); i++) {
            assertThat(results(model.requests.get(i + 1))).last().satisfies(r -> assertThat(r.text())
                    .contains("There is no tool named").contains("Did you mean \"wipe\"?"));
        }
    }

    @Test
    void aPrefixedNameAtTheToolsExecutorAsksTheApproverAboutTheToolThatRuns() {
        Vault vault = new Vault();
        List<String> asked = new ArrayList<>();
        ToolkitExecutor executor = new ToolkitExecutor(new VaultTools(vault), (call, tool) -> {
            asked.add(tool.name() + " as " + call.name());
            return false;
        });

        dev.calltype.runtime.ToolResult r = executor.run(request("c1", "functions.wipe", "{\"id\": \"r-1\"}"));

        assertThat(asked).containsExactly("wipe as wipe");
        assertThat(r.content()).contains("declined to run wipe");
        assertThat(vault.wiped).isEmpty();
    }
}
