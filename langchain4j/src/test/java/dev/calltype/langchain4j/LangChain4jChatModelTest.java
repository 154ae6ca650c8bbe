package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.langchain4j.tools.Shop;
import dev.calltype.langchain4j.tools.ShopTools;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.agent.ChatMessage.Role;
import dev.calltype.runtime.agent.ToolLoop;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ToolLoop over a LangChain4j chat model: calls written in the text (prompt mode) and native calls. */
class LangChain4jChatModelTest {

    private static final String ORDER = "{\"sku\": \"A-7\", \"speed\": \"STANDARD\", \"address\": {\"street\": "
            + "\"1 Quay\", \"city\": \"Bergen\", \"postcode\": \"5003\"}, \"payment\": {\"type\": \"bank_transfer\", "
            + "\"iban\": \"NO93\"}, \"tags\": [], \"extras\": {\"B-2\": 1}, \"deliverOn\": \"2026-12-24\"}";

    @Test
    void promptModeTeachesTheFormatAndReadsCallsFromTheText() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from("I'll place it.\n<tool_call>\n{\"name\": \"order\", \"arguments\": " + ORDER
                        + "}\n</tool_call>"),
                AiMessage.from("Your order A-7-1-STANDARD is placed."));
        ToolLoop loop = ToolLoop.builder(new LangChain4jChatModel(model), new ShopTools(new Shop()))
                .mode(ToolLoop.Mode.PROMPT)
                .format(PromptFormat.XML_TAGS)
                .build();

        ToolLoop.Outcome outcome = loop.run("Order A-7 to 1 Quay, Bergen, by bank transfer, for Christmas Eve.");

        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.answer()).isEqualTo("Your order A-7-1-STANDARD is placed.");
        // No native tools offered; the format instructions are the system message.
        assertThat(model.requests).allSatisfy(r -> assertThat(r.toolSpecifications()).isEmpty());
        List<ChatMessage> first = model.requests.get(0).messages();
        assertThat(first.get(0)).isInstanceOfSatisfying(SystemMessage.class, s -> assertThat(s.text())
                .contains("<tool_call>").contains("order(sku: string, quantity?: integer = 1"));
        assertThat(first.get(1)).isInstanceOf(UserMessage.class);
        // The results go back as a user message, after the model's own text.
        List<ChatMessage> second = model.requests.get(1).messages();
        assertThat(second.get(2)).isInstanceOfSatisfying(AiMessage.class, a -> assertThat(a.text()).contains("<tool_call>"));
        assertThat(second.get(3)).isInstanceOfSatisfying(UserMessage.class, u -> assertThat(u.singleText())
                .startsWith("Tool results:").contains("A-7-1-STANDARD").contains("transfer NO93"));
    }

    @Test
    void promptModeSendsTheCorrectionForABrokenCall() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from("<tool_call>\n{\"name\": \"order\", \"arguments\": {\"sku\": \"A-"),
                AiMessage.from("<tool_call>\n{\"name\": \"order\", \"arguments\": " + ORDER + "}\n</tool_call>"),
                AiMessage.from("Done."));
        ToolLoop loop = ToolLoop.builder(new LangChain4jChatModel(model), new ShopTools(new Shop()))
                .mode(ToolLoop.Mode.PROMPT)
                .build();

        ToolLoop.Outcome outcome = loop.run("Order A-7.");

        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.rounds()).isEqualTo(3);
        UserMessage correction = (UserMessage) model.requests.get(1).messages().get(3);
        assertThat(correction.singleText()).contains("The call to \"order\" was cut off");
    }

    @Test
    void nativeModeOffersTheSpecificationsAndReadsArgumentsLeniently() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(List.of(
                        ToolExecutionRequest.builder().id("a").name("price")
                                .arguments("{'sku': 'B-1', 'discount': '0.25', 'id': "
                                        + "'2f1c3a52-5d3e-4a43-9d57-0c1a2b3c4d5e', 'express': false, 'speeds': [],}")
                                .build(),
                        ToolExecutionRequest.builder().id("b").name("price").arguments("{\"sku\": \"B-").build())),
                AiMessage.from("B-1 costs 9.75."));
        ToolLoop loop = ToolLoop.builder(new LangChain4jChatModel(model), new ShopTools(new Shop())).build();

        ToolLoop.Outcome outcome = loop.run("How much is B-1?");

        assertThat(outcome.answer()).isEqualTo("B-1 costs 9.75.");
        assertThat(model.requests.get(0).toolSpecifications()).hasSize(3);
        List<ChatMessage> second = model.requests.get(1).messages();
        AiMessage calls = (AiMessage) second.get(1);
        // The unreadable call is on the assistant message too, so that its answer follows a call, as providers ask.
        assertThat(calls.toolExecutionRequests()).extracting(ToolExecutionRequest::id).containsExactly("a", "b");
        List<ToolExecutionResultMessage> results = second.stream().filter(m -> m instanceof ToolExecutionResultMessage)
                .map(m -> (ToolExecutionResultMessage) m).toList();
        assertThat(results).extracting(ToolExecutionResultMessage::id).containsExactlyInAnyOrder("a", "b");
        assertThat(results).filteredOn(r -> r.id().equals("a")).singleElement()
                .satisfies(r -> assertThat(r.text()).isEqualTo("B-1 costs 9.75 for 0 speeds"));
        assertThat(results).filteredOn(r -> r.id().equals("b")).singleElement()
                .satisfies(r -> assertThat(r.text()).contains("The call to \"price\" was cut off"));
        assertThat(outcome.transcript()).extracting(m -> m.role()).containsSubsequence(Role.USER, Role.ASSISTANT,
                Role.TOOL, Role.ASSISTANT);
    }
}
