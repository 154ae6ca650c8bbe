package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.springai.tools.Trips;
import dev.calltype.springai.tools.TripsTools;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/** ToolLoop over a Spring AI chat model: calls written in the text (prompt mode) and native calls. */
class SpringAiChatModelTest {

    private static final String BOOK = "destination=\"Oslo\", departure=\"2026-12-20\", cabin=\"ECONOMY\", "
            + "travellers=[{\"name\": \"Ada\", \"age\": 36}], stay={\"type\": \"friends\", \"address\": \"Storgata 1\"}, "
            + "bags={}";

    @Test
    void promptModeTeachesTheFormatAndReadsCallsFromTheText() {
        ScriptedChatModel model = new ScriptedChatModel(
                new AssistantMessage("Booking now.\nbook(" + BOOK + ")"),
                new AssistantMessage("You're booked to Oslo, staying with friends."));
        ToolLoop loop = ToolLoop.builder(new SpringAiChatModel(model), new TripsTools(new Trips()))
                .mode(ToolLoop.Mode.PROMPT)
                .format(PromptFormat.PYTHONIC)
                .build();

        ToolLoop.Outcome outcome = loop.run("Book Ada to Oslo on 20 December; she stays with friends at Storgata 1.");

        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.answer()).isEqualTo("You're booked to Oslo, staying with friends.");
        assertThat(model.prompts).allSatisfy(p -> assertThat(p.getOptions()).isNull());
        List<Message> first = model.prompts.get(0).getInstructions();
        assertThat(first.get(0)).isInstanceOfSatisfying(SystemMessage.class, s -> assertThat(s.getText())
                .contains("Python-style call").contains("book(destination: string, departure: string"));
        List<Message> second = model.prompts.get(1).getInstructions();
        assertThat(second.get(2)).isInstanceOfSatisfying(AssistantMessage.class,
                a -> assertThat(a.getText()).contains("book("));
        assertThat(second.get(3)).isInstanceOfSatisfying(UserMessage.class, u -> assertThat(u.getText())
                .startsWith("Tool results:").contains("with friends at Storgata 1"));
    }

    @Test
    void nativeModeOffersDefinitionsWithoutSpringRunningThemAndReadsArgumentsLeniently() {
        ScriptedChatModel model = new ScriptedChatModel(
                AssistantMessage.builder().content("").toolCalls(List.of(
                        new AssistantMessage.ToolCall("a", "function", "cancel", "{'reference': 'T-1',}"),
                        new AssistantMessage.ToolCall("b", "function", "book", "{\"destination\": \"Os"))).build(),
                new AssistantMessage("T-1 cannot be cancelled: it is already travelling."));
        ToolLoop loop = ToolLoop.builder(new SpringAiChatModel(model), new TripsTools(new Trips())).build();

        ToolLoop.Outcome outcome = loop.run("Cancel T-1.");

        assertThat(outcome.answer()).isEqualTo("T-1 cannot be cancelled: it is already travelling.");
        ToolCallingChatOptions options = (ToolCallingChatOptions) model.prompts.get(0).getOptions();
        assertThat(options.getInternalToolExecutionEnabled()).isFalse();
        assertThat(options.getToolCallbacks()).extracting(c -> c.getToolDefinition().name())
                .containsExactly("book", "cancel");
        List<Message> second = model.prompts.get(1).getInstructions();
        assertThat(second).hasSize(3);
        assertThat(((AssistantMessage) second.get(1)).getToolCalls()).extracting(AssistantMessage.ToolCall::id)
                .containsExactly("a", "b");
        List<ToolResponseMessage.ToolResponse> responses = ((ToolResponseMessage) second.get(2)).getResponses();
        assertThat(responses).extracting(ToolResponseMessage.ToolResponse::id).containsExactlyInAnyOrder("a", "b");
        assertThat(responses).filteredOn(r -> r.id().equals("a")).singleElement().satisfies(r ->
                assertThat(r.responseData()).isEqualTo("Tool cancel failed: booking T-1 is already travelling"));
        assertThat(responses).filteredOn(r -> r.id().equals("b")).singleElement().satisfies(r ->
                assertThat(r.responseData()).contains("The call to \"book\" was cut off"));
    }
}
