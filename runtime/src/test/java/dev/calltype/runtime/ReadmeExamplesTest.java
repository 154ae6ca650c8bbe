package dev.calltype.runtime;

import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.runtime.testing.Fixtures;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** The examples given for the README, run as they are written there. */
class ReadmeExamplesTest {

    private static final String LISTING = """
            [{"type": "function", "function": {
               "name": "get_weather", "description": "Current weather for a city",
               "parameters": {"type": "object",
                 "properties": {"city": {"type": "string"},
                                "days": {"type": "integer", "minimum": 1, "maximum": 7, "default": 1}},
                 "required": ["city"], "additionalProperties": false}}}]
            """;

    @Test
    void fromJsonExample() {
        Toolkit weather = Toolkits.fromJson(LISTING, (name, args) ->
                TextNode.valueOf("Sunny in " + args.get("city").textValue() + " for " + args.get("days").intValue() + " day(s)"));

        ToolResult ok = weather.dispatch(ToolCall.of("get_weather",
                (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.tree("{\"city\": \"Paris\", \"days\": \"2\"}")));
        ToolResult bad = weather.dispatch(ToolCall.of("get_weather",
                (com.fasterxml.jackson.databind.node.ObjectNode) Fixtures.tree("{\"days\": 9.5}")));

        assertThat(ok.content()).isEqualTo("Sunny in Paris for 2 day(s)");
        assertThat(bad.content()).isEqualTo("""
                Invalid arguments for get_weather:
                - parameter 'city' is required
                - parameter 'days' must be an integer, got 9.5
                Signature: get_weather(city: string, days?: integer = 1)
                Fix the arguments and call get_weather again.""");
        assertThat(weather.schemaJson(SchemaDialect.GEMINI)).isEqualTo("[{\"name\":\"get_weather\","
                + "\"description\":\"Current weather for a city\",\"parameters\":{\"type\":\"object\",\"properties\":{"
                + "\"city\":{\"type\":\"string\"},\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7,\"default\":1}},"
                + "\"required\":[\"city\"]}}]");
    }

    @Test
    void toolLoopExample() {
        Toolkit tools = Toolkits.fromJson(LISTING, (name, args) -> TextNode.valueOf("Sunny, 24 °C"));
        ModelClient model = ModelClient.of((messages, offered) -> messages.get(messages.size() - 1).role()
                == ChatMessage.Role.TOOL
                ? ModelReply.text("It is sunny in Paris.")
                : ModelReply.calls(ToolCall.of("get_weather",
                        JsonNodeFactory.instance.objectNode().put("city", "Paris")).withId("call_1")));
        List<String> printed = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            ToolLoop loop = ToolLoop.builder(model, tools)
                    .mode(ToolLoop.Mode.NATIVE)
                    .executor(pool)
                    .approver((call, tool) -> true)
                    .listener(new ToolLoop.Listener() {
                        @Override
                        public void onResult(int round, ToolCall call, ToolResult result) {
                            printed.add(call.name() + " -> " + result.content());
                        }
                    })
                    .build();

            ToolLoop.Outcome outcome = loop.run("Do I need an umbrella in Paris?");

            assertThat(outcome.completed()).isTrue();
            assertThat(outcome.answer()).isEqualTo("It is sunny in Paris.");
            assertThat(outcome.rounds()).isEqualTo(2);
            assertThat(printed).containsExactly("get_weather -> Sunny, 24 °C");
        } finally {
            pool.shutdown();
        }
    }

    private final List<String> asked = new ArrayList<>();

    private boolean askUser(ToolCall call) {
        asked.add(call.name());
        return true;
    }

    @Test
    void promptModeLoopExample() {
        Toolkit tools = Toolkits.fromJson(LISTING, (name, args) -> TextNode.valueOf("Rain, 12 °C"));
        List<String> systemPrompts = new ArrayList<>();
        ModelClient model = ModelClient.of((messages, offered) -> {
            systemPrompts.add(messages.get(0).content());
            return systemPrompts.size() > 1                  // in prompt mode the results come back as text
                    ? ModelReply.text("Yes, take an umbrella.")
                    : ModelReply.text("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>");
        });
        ExecutorService pool = Executors.newFixedThreadPool(2);
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            // README: agent loop
            ToolLoop loop = ToolLoop.builder(model, tools)       // model: your ModelClient, e.g. OpenAiChatModel
                    .mode(ToolLoop.Mode.PROMPT)                  // or NATIVE: the provider's tool_calls field
                    .format(PromptFormat.XML_TAGS)                 // prompt mode: instructions go in the system prompt
                    .executor(pool)
                    .approver((call, tool) -> askUser(call))     // asked for @Tool(confirm = true) tools
                    .build();
            ToolLoop.Outcome outcome = loop.run("Do I need an umbrella in Paris?");
            if (outcome.completed()) System.out.println(outcome.answer());
            else System.err.println(outcome.error() != null ? outcome.error() : "stopped after " + outcome.rounds() + " rounds");
            // README end
        } finally {
            System.setOut(stdout);
            pool.shutdown();
        }
        assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("Yes, take an umbrella." + System.lineSeparator());
        assertThat(systemPrompts.get(0)).contains("get_weather(city: string");
        assertThat(asked).isEmpty();
        assertThat(systemPrompts).hasSize(2);
    }
}
