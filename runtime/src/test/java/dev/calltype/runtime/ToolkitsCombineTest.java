package dev.calltype.runtime;

import dev.calltype.runtime.testing.Fixtures;

import static dev.calltype.runtime.testing.Fixtures.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolkitsCombineTest {

    private final Toolkit weather = Toolkits.of(List.of(Fixtures.weather(), Fixtures.ping()),
            (name, args) -> TextNode.valueOf("weather:" + name));
    private final Toolkit stock = Toolkits.of(List.of(Fixtures.stock(), Fixtures.outline()),
            (name, args) -> TextNode.valueOf("stock:" + name));

    private static List<ToolSpec> inOrder() {
        return List.of(Fixtures.weather(), Fixtures.ping(), Fixtures.stock(), Fixtures.outline());
    }

    @Test
    void callsAreRoutedToTheToolkitThatHasTheTool() {
        Toolkit all = Toolkits.combine(weather, stock);

        assertThat(all.dispatch(ToolCall.of("get_weather", object("{\"city\":\"Paris\"}"))).content()).isEqualTo("weather:get_weather");
        assertThat(all.dispatch(ToolCall.of("add_stock", object("{\"item\":{\"sku\":\"A1\",\"quantity\":1}}"))).content())
                .isEqualTo("stock:add_stock");
        assertThat(all.dispatch(ToolCall.of("ping")).content()).isEqualTo("weather:ping");
    }

    @Test
    void theToolsAreEveryToolkitsToolsInOrder() {
        Toolkit all = Toolkits.combine(weather, stock);

        assertThat(all.tools()).extracting(ToolSpec::name).containsExactly("get_weather", "ping", "add_stock", "outline");
    }

    @Test
    void aDuplicateToolNameIsRejectedNamingTheToolAndBothToolkits() {
        Toolkit other = Toolkits.of(List.of(Fixtures.outline(), Fixtures.ping()), (name, args) -> null);

        assertThatThrownBy(() -> Toolkits.combine(weather, stock, other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tool name \"outline\" is provided by both toolkit #2 (DynamicToolkit) and toolkit #3"
                        + " (DynamicToolkit); rename one of the tools");
    }

    @Test
    void schemasAreTheMergeOfEachToolkitsSchemasInEveryDialect() {
        Toolkit all = Toolkits.combine(weather, stock);

        for (SchemaDialect dialect : SchemaDialect.values()) {
            assertThat(all.schemaJson(dialect)).as(dialect.name())
                    .isEqualTo(SchemaDialects.render(inOrder(), dialect));
        }
    }

    @Test
    void eachToolkitsOwnSchemaTextIsKeptWhenMerging() {
        Toolkit custom = new FixedSchemaToolkit();

        Toolkit all = Toolkits.combine(weather, custom);

        assertThat(all.schemaJson(SchemaDialect.MCP)).isEqualTo("{\"tools\":["
                + "{\"name\":\"get_weather\",\"description\":\"Current weather for a city\",\"inputSchema\":"
                + Fixtures.WEATHER_SCHEMA + "},"
                + "{\"name\":\"ping\",\"inputSchema\":" + Fixtures.PING_SCHEMA + "},"
                + "{\"name\":\"custom\",\"title\":\"Custom\",\"inputSchema\":{\"type\":\"object\"}}]}");
        assertThat(all.schemaJson(SchemaDialect.JSON_SCHEMA)).endsWith(",\"custom\":{\"x-custom\":true}}");
    }

    @Test
    void aToolkitWhoseSchemaTextIsNotOfTheDialectsShapeIsRenderedFromItsTools() {
        Toolkit all = Toolkits.combine(new FixedSchemaToolkit(), stock);

        assertThat(all.schemaJson(SchemaDialect.OPENAI)).startsWith("[{\"type\":\"function\",\"function\":{\"name\":\"custom\","
                + "\"parameters\":{\"type\":\"object\"}}},");
    }

    @Test
    void formatInstructionsListEveryTool() {
        Toolkit all = Toolkits.combine(weather, stock);

        assertThat(all.formatInstructions(PromptFormat.XML_TAGS))
                .isEqualTo(FormatInstructions.render(inOrder(), PromptFormat.XML_TAGS));
    }

    @Test
    void anUnknownToolListsEveryToolkitsTools() {
        ToolResult result = Toolkits.combine(weather, stock).dispatch(ToolCall.of("delete_all").withId("x"));

        assertThat(result.isError()).isTrue();
        assertThat(result.callId()).isEqualTo("x");
        assertThat(result.content()).isEqualTo("There is no tool named \"delete_all\". Available tools: get_weather,"
                + " ping, add_stock, outline.");
    }

    @Test
    void aToolkitThatThrowsFromDispatchGivesAFailureResult() {
        ToolResult result = Toolkits.combine(new FixedSchemaToolkit()).dispatch(ToolCall.of("custom"));

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).isEqualTo("Tool custom failed: broken");
    }

    @Test
    void combinedToolkitsCanBeCombinedAgain() {
        Toolkit nested = Toolkits.combine(Toolkits.combine(weather), stock);

        assertThat(nested.dispatch(ToolCall.of("outline", object("{\"root\":{\"title\":\"t\"}}"))).content())
                .isEqualTo("stock:outline");
        assertThat(nested.schemaJson(SchemaDialect.GEMINI)).isEqualTo(SchemaDialects.render(inOrder(), SchemaDialect.GEMINI));
    }

    /** A hand-written toolkit with its own schema text (not what SchemaDialects would render). */
    @Test
    void aToolkitThatAnswersNullGivesAFailureResultNotANull() {
        Toolkit silent = new FixedSchemaToolkit() {
            @Override
            public ToolResult dispatch(ToolCall call) {
                return null;
            }
        };
        Toolkit both = Toolkits.combine(silent, Toolkits.of(List.of(Fixtures.ping()), (name, args) -> args));
        ToolResult r = both.dispatch(ToolCall.of("custom"));
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).isEqualTo("Tool custom failed: it returned no result");
    }

    private static class FixedSchemaToolkit implements Toolkit {
        private final ToolSpec tool = Fixtures.spec("custom", "", "{\"type\":\"object\"}");

        @Override
        public List<ToolSpec> tools() {
            return List.of(tool);
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            switch (dialect) {
                case MCP:
                    return "{\"tools\":[{\"name\":\"custom\",\"title\":\"Custom\",\"inputSchema\":{\"type\":\"object\"}}]}";
                case JSON_SCHEMA:
                    return "{\"custom\":{\"x-custom\":true}}";
                default:
                    return "not json";
            }
        }

        @Override
        public String formatInstructions(PromptFormat format) {
            return "";
        }

        @Override
        public ToolResult dispatch(ToolCall call) {
            throw new IllegalStateException("broken");
        }
    }
}
