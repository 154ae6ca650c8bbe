package dev.calltype.openai;

import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.annotations.Answer;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.agent.Answers;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Asking until the answer is valid, against a loopback OpenAI-compatible server: the strict schema goes out as
 * {@code response_format}, an unreadable answer is sent back with its correction prompt, at most as many times as
 * allowed.
 */
class AnswersTest {

    /**
     * A meeting read from an e-mail.
     *
     * @param title what the meeting is about
     * @param date the day it takes place
     * @param attendees who comes
     */
    @Answer
    record Meeting(String title, LocalDate date, List<String> attendees) {
    }

    private static final List<ChatMessage> ASK = List.of(ChatMessage.user(
            "Read the meeting from: 'Kick-off with Ana and Bo on 3 June 2025.'"));

    @Test
    void anUnreadableAnswerIsSentBackWithItsCorrectionPromptAndTheSecondIsRead() throws Exception {
        AtomicInteger n = new AtomicInteger();
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (n.getAndIncrement() == 0) {
                events(out, text("{\"title\": \"Kick-off\", \"date\": \"3 June 2025\","), text(" \"attendees\": "
                        + "[\"Ana\", \"Bo\"]}"), finish("stop"));
            } else {
                events(out, text("{\"title\": \"Kick-off\", \"date\": \"2025-06-03\", \"attendees\": [\"Ana\", "
                        + "\"Bo\"]}"), finish("stop"));
            }
        })) {
            OpenAiChatModel model = OpenAiChatModelTest.model(server).build();
            ParsedAnswer<Meeting> answer = Answers.ask(model, new AnswersTest_MeetingAnswer(), ASK);
            assertThat(answer.value()).contains(new Meeting("Kick-off", LocalDate.of(2025, 6, 3), List.of("Ana", "Bo")));
            assertThat(server.requests).hasSize(2);
            String first = server.requests.get(0).body();
            assertThat(first).contains("\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":"
                    + "\"meeting\"", "\"strict\":true").doesNotContain("\"tools\"");
            String second = server.requests.get(1).body();
            assertThat(second).contains("\"role\":\"assistant\",\"content\":\"{\\\"title\\\": \\\"Kick-off\\\","
                    + " \\\"date\\\": \\\"3 June 2025\\\"", "Your answer could not be read as meeting:",
                    "member 'date' must be a date such as");
        }
    }

    @Test
    void afterTheLastCorrectionTheLastErrorsAreReturned() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("I'd rather not say."),
                finish("stop")))) {
            ParsedAnswer<Meeting> answer = Answers.ask(OpenAiChatModelTest.model(server).build(),
                    new AnswersTest_MeetingAnswer(), ASK, 1);
            assertThat(answer.value()).isEmpty();
            assertThat(answer.errors()).extracting(AnswerError::kind).containsExactly(AnswerError.Kind.NOT_FOUND);
            assertThat(server.requests).hasSize(2);
        }
        assertThat(Answers.DEFAULT_MAX_CORRECTIONS).isEqualTo(2);
    }

    @Test
    void aModelWithoutStructuredOutputGetsTheInstructions() throws Exception {
        List<List<ChatMessage>> seen = new ArrayList<>();
        ModelClient scripted = ModelClient.of((messages, tools) -> {
            seen.add(messages);
            return ModelReply.text(seen.size() == 1 ? "Sure! ```json\n{\"title\": \"Kick-off\", \"date\": "
                    + "\"2025-06-03\", \"attendees\": \"Ana\"" : "<think>fix it</think>\n```json\n{\"title\":"
                    + " \"Kick-off\", \"date\": \"2025-06-03\", \"attendees\": \"Ana\"}\n```");
        });
        ParsedAnswer<Meeting> answer = Answers.ask(scripted, new AnswersTest_MeetingAnswer(), ASK);
        assertThat(answer.value()).contains(new Meeting("Kick-off", LocalDate.of(2025, 6, 3), List.of("Ana")));
        assertThat(seen.get(0).get(0).content()).isEqualTo(new AnswersTest_MeetingAnswer().formatInstructions());
        assertThat(seen.get(1).get(seen.get(1).size() - 1).content()).startsWith("Your answer was cut off");
    }
}
