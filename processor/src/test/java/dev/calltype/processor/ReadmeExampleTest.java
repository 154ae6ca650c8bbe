package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's tool class through compile-testing: schemaJson, formatInstructions and handle give what the README shows. */
class ReadmeExampleTest {

    @Test
    void weatherServiceExampleWorksAsDocumented() {
        Compiled compiled = Compiled.of(Sources.resource("com.example.weather.WeatherService"));
        Toolkit tools = compiled.toolkit("com.example.weather.WeatherServiceTools", "com.example.weather.WeatherService");

        assertThat(tools.schemaJson(SchemaDialect.OPENAI)).isEqualTo("[{\"type\":\"function\",\"function\":{"
                + "\"name\":\"get_weather\",\"description\":\"Current weather for a city.\",\"parameters\":{"
                + "\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"description\":\"the city's"
                + " name, e.g. \\\"Paris\\\"\"},\"units\":{\"type\":\"string\",\"description\":\"the temperature"
                + " scale\",\"enum\":[\"CELSIUS\",\"FAHRENHEIT\"],\"default\":\"CELSIUS\"}},\"required\":[\"city\"],"
                + "\"additionalProperties\":false}}}]");
        assertThat(tools.formatInstructions(PromptFormat.XML_TAGS)).startsWith("""
                You can call these tools:
                - get_weather(city: string, units?: "CELSIUS"|"FAHRENHEIT" = "CELSIUS") — Current weather for a city.
                """);

        String modelOutput = """
                Let me check.
                <tool_call>
                {"name": "get_weather", "arguments": {"city": "Paris"}}
                </tool_call>""";
        List<ToolResult> results = tools.handle(modelOutput);
        assertThat(results).hasSize(1);
        assertThat(results.get(0).content()).isEqualTo("{\"city\":\"Paris\",\"temperature\":21.5,\"units\":\"CELSIUS\"}");

        List<ToolResult> wrong = tools.handle("get_weather(city=\"Oslo\", units=\"kelvin\")");
        assertThat(wrong.get(0).isError()).isTrue();
        assertThat(wrong.get(0).content()).isEqualTo("""
                Invalid arguments for get_weather:
                - parameter 'units' must be one of "CELSIUS", "FAHRENHEIT", got "kelvin"
                Signature: get_weather(city: string, units?: "CELSIUS"|"FAHRENHEIT" = "CELSIUS")
                Fix the arguments and call get_weather again.""");
    }
}
