package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.weather.WeatherService;
import com.example.weather.WeatherServiceTools;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's first toolkit ({@code WeatherService}, compiled here with the processor like any user's class) and
 * the toolkit example of docs/agent-loop.md, run as written there.
 */
class DocsReadmeToolkitExampleTest {

    @Test
    void firstToolkitWorksAsTheReadmeShows() {
        ToolCall toolCall = ToolCall.of("get_weather", JsonNodeFactory.instance.objectNode().put("city", "Paris"));
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            // README: first toolkit
            WeatherServiceTools tools = new WeatherServiceTools(new WeatherService());

            String schema = tools.schemaJson(SchemaDialect.OPENAI);

            String prompt = tools.formatInstructions(PromptFormat.XML_TAGS);

            List<ToolResult> results = tools.handle("""
                    Let me check.
                    <tool_call>
                    {"name": "get_weather", "arguments": {"city": "Paris"}}
                    </tool_call>""");
            String paris = results.get(0).content();

            String fixIt = tools.handle("get_weather(city=\"Oslo\", units=\"kelvin\")").get(0).content();

            WeatherServiceTools.Call call = tools.parse(toolCall);
            if (call instanceof WeatherServiceTools.GetWeather w) {
                System.out.println(w.city() + " in " + w.units());
            }
            // README end

            assertThat(schema).isEqualTo("[{\"type\":\"function\",\"function\":{"
                    + "\"name\":\"get_weather\",\"description\":\"Current weather for a city.\",\"parameters\":{"
                    + "\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"description\":\"the city's"
                    + " name, e.g. \\\"Paris\\\"\"},\"units\":{\"type\":\"string\",\"description\":\"the temperature"
                    + " scale\",\"enum\":[\"CELSIUS\",\"FAHRENHEIT\"],\"default\":\"CELSIUS\"}},\"required\":[\"city\"],"
                    + "\"additionalProperties\":false}}}]");
            assertThat(prompt).startsWith("""
                    You can call these tools:
                    - get_weather(city: string, units?: "CELSIUS"|"FAHRENHEIT" = "CELSIUS") — Current weather for a city.
                    """);
            assertThat(paris).isEqualTo("{\"city\":\"Paris\",\"temperature\":21.5,\"units\":\"CELSIUS\"}");
            assertThat(fixIt).isEqualTo("""
                    Invalid arguments for get_weather:
                    - parameter 'units' must be one of "CELSIUS", "FAHRENHEIT", got "kelvin"
                    Signature: get_weather(city: string, units?: "CELSIUS"|"FAHRENHEIT" = "CELSIUS")
                    Fix the arguments and call get_weather again.""");
        } finally {
            System.setOut(stdout);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("Paris in CELSIUS" + System.lineSeparator());
    }

    @Test
    void aGeneratedAndARunTimeToolkitCombine() {
        String listing = """
                [{"type": "function", "function": {"name": "get_forecast", "description": "Tomorrow's weather",
                  "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
                """;
        WeatherService service = new WeatherService();
        // README: combine
        Toolkit weather = Toolkits.fromJson(listing, (name, args) ->
                TextNode.valueOf("Sunny in " + args.get("city").textValue()));
        Toolkit all = Toolkits.combine(new WeatherServiceTools(service), weather);   // duplicate names rejected
        // README end

        assertThat(all.tools()).extracting(t -> t.name()).containsExactly("get_weather", "get_forecast");
        assertThat(all.handle("get_forecast(city=\"Oslo\")").get(0).content()).isEqualTo("Sunny in Oslo");
        assertThat(all.handle("get_weather(city=\"Oslo\")").get(0).content())
                .isEqualTo("{\"city\":\"Oslo\",\"temperature\":21.5,\"units\":\"CELSIUS\"}");
    }
}
