package dev.calltype.openai;

import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.calltype.annotations.Answer;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.Answers;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ToolLoop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A timing decorator written the obvious way around {@link OpenAiChatModel} (wrap it, hand the request on to its one
 * method) keeps what the model does on the wire: {@code Answers.ask} through it sends {@code response_format} with the
 * answer's strict schema and no prompt instructions, and {@code ToolLoop} through it sends the tools natively and
 * runs the calls that come back.
 */
class DecoratedModelTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What a city's weather is.
     *
     * @param city the city
     * @param celsius the temperature
     */
    @Answer
    record Weather(String city, int celsius) {
    }

    @Test
    void answersAskThroughATimingDecoratorSendsResponseFormat() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                text("{\"city\": \"Oslo\", \"celsius\": 4}"), finish("stop")))) {
            OpenAiChatModel model = OpenAiChatModelTest.model(server).build();
            List<Duration> timings = new ArrayList<>();
            AnswerType<Weather> weather = new DecoratedModelTest_WeatherAnswer();
            // README: a timing decorator
            ModelClient timed = (request, listener) -> {
                long t0 = System.nanoTime();
                try {
                    return model.send(request, listener);   // the whole request: answer type and tools included
                } finally {
                    timings.add(Duration.ofNanos(System.nanoTime() - t0));
                }
            };
            ParsedAnswer<Weather> answer = Answers.ask(timed, weather,
                    List.of(ChatMessage.user("How is the weather in Oslo?")));   // sends response_format
            // README end

            assertThat(answer.value()).contains(new Weather("Oslo", 4));
            assertThat(timings).hasSize(1);
            assertThat(server.requests).hasSize(1);
            JsonNode body = JSON.readTree(server.requests.get(0).body());
            assertThat(body.path("response_format").path("type").asText()).isEqualTo("json_schema");
            assertThat(body.path("response_format").path("json_schema").path("name").asText()).isEqualTo("weather");
            assertThat(body.path("response_format").path("json_schema").path("strict").asBoolean()).isTrue();
            // the schema does the instructions' work: the conversation goes as it was asked
            assertThat(body.get("messages")).hasSize(1);
            assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("user");
        }
    }

    @Test
    void aLoggingDecoratorKeepsNativeToolsInTheLoop() throws Exception {
        Toolkit toolkit = Toolkits.fromJson("""
                [{"type": "function", "function": {"name": "add", "description": "Adds two numbers",
                  "parameters": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                    "required": ["a", "b"]}}}]""", (name, args) -> IntNode.valueOf(args.get("a").asInt()
                + args.get("b").asInt()));
        AtomicInteger n = new AtomicInteger();
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (n.getAndIncrement() == 0) {
                events(out, "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\","
                        + "\"type\":\"function\",\"function\":{\"name\":\"add\",\"arguments\":\"{\\\"a\\\": 2, "
                        + "\\\"b\\\": 3}\"}}]}}]}", finish("tool_calls"));
            } else {
                events(out, text("Five."), finish("stop"));
            }
        })) {
            OpenAiChatModel model = OpenAiChatModelTest.model(server).build();
            List<ModelRequest> handedOn = new ArrayList<>();
            ModelClient logging = (request, listener) -> {
                handedOn.add(request);
                return model.send(request, listener);
            };

            ToolLoop.Outcome outcome = ToolLoop.builder(logging, toolkit).mode(ToolLoop.Mode.NATIVE).build()
                    .run("What is 2 + 3?");

            assertThat(outcome.answer()).isEqualTo("Five.");
            assertThat(handedOn).hasSize(2).allSatisfy(r -> assertThat(r.tools()).hasSize(1));
            JsonNode first = JSON.readTree(server.requests.get(0).body());
            assertThat(first.path("tools").get(0).path("function").path("name").asText()).isEqualTo("add");
            JsonNode second = JSON.readTree(server.requests.get(1).body());
            assertThat(second.toString()).contains("\"role\":\"tool\"", "\"tool_call_id\":\"c1\"");
        }
    }
}
