package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaId;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The generated schemas against the JSON Schema 2020-12 meta-schema, with a real validator; and
 * the schemas against real arguments: what the dispatcher accepts as written validates, what the
 * schema forbids is refused.
 */
class SchemaValidationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static JsonSchema metaSchema;
    private static Toolkit inventory;
    private static Toolkit echo;

    @BeforeAll
    static void setUp() {
        metaSchema = FACTORY.getSchema(SchemaLocation.of(SchemaId.V202012));
        inventory = Compiled.of(Sources.inventory())
                .toolkit("com.example.inventory.InventoryTools", "com.example.inventory.Inventory");
        echo = Compiled.of(Sources.echo()).toolkit("com.example.types.EchoTools", "com.example.types.Echo");
    }

    private static List<ToolSpec> allTools() {
        List<ToolSpec> out = new ArrayList<>(inventory.tools());
        out.addAll(echo.tools());
        return out;
    }

    @Test
    void everyToolSchemaIsValidAgainstTheMetaSchema() {
        for (ToolSpec tool : allTools()) {
            Set<ValidationMessage> errors = metaSchema.validate(tool.parameters());
            assertThat(errors).as("schema of %s: %s", tool.name(), tool.parameters()).isEmpty();
        }
    }

    @Test
    void everyDialectEmbedsValidSchemas() throws Exception {
        for (Toolkit tk : List.of(inventory, echo)) {
            JsonNode jsonSchema = JSON.readTree(tk.schemaJson(SchemaDialect.JSON_SCHEMA));
            for (Iterator<Map.Entry<String, JsonNode>> it = jsonSchema.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                assertThat(e.getValue().get("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
                assertThat(metaSchema.validate(e.getValue())).as(e.getKey()).isEmpty();
            }
            for (JsonNode entry : JSON.readTree(tk.schemaJson(SchemaDialect.OPENAI))) {
                assertThat(metaSchema.validate(entry.at("/function/parameters"))).isEmpty();
            }
            for (JsonNode entry : JSON.readTree(tk.schemaJson(SchemaDialect.OPENAI_STRICT))) {
                assertThat(metaSchema.validate(entry.at("/function/parameters"))).as(entry.toString()).isEmpty();
            }
            for (JsonNode entry : JSON.readTree(tk.schemaJson(SchemaDialect.ANTHROPIC))) {
                assertThat(metaSchema.validate(entry.get("input_schema"))).isEmpty();
            }
            for (JsonNode entry : JSON.readTree(tk.schemaJson(SchemaDialect.GEMINI))) {
                assertThat(metaSchema.validate(entry.get("parameters"))).isEmpty();
            }
            for (JsonNode entry : JSON.readTree(tk.schemaJson(SchemaDialect.MCP)).get("tools")) {
                assertThat(metaSchema.validate(entry.get("inputSchema"))).isEmpty();
            }
        }
    }

    private static JsonSchema schemaOf(Toolkit tk, String tool) {
        for (ToolSpec t : tk.tools()) {
            if (t.name().equals(tool)) {
                SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
                return FACTORY.getSchema(t.parameters(), config);
            }
        }
        throw new AssertionError("no tool " + tool);
    }

    private static void accepted(Toolkit tk, String tool, String arguments) throws Exception {
        JsonNode args = JSON.readTree(arguments);
        assertThat(schemaOf(tk, tool).validate(args)).as("schema of %s on %s", tool, arguments).isEmpty();
        assertThat(tk.dispatch(ToolCall.of(tool, (ObjectNode) args)).isError()).as("dispatch of %s", arguments)
                .isFalse();
    }

    private static void refusedByBoth(Toolkit tk, String tool, String arguments) throws Exception {
        JsonNode args = JSON.readTree(arguments);
        assertThat(schemaOf(tk, tool).validate(args)).as("schema of %s on %s", tool, arguments).isNotEmpty();
        assertThat(tk.dispatch(ToolCall.of(tool, (ObjectNode) args)).isError()).as("dispatch of %s", arguments)
                .isTrue();
    }

    @Test
    void schemasAndDispatchAgreeOnWellFormedArguments() throws Exception {
        accepted(inventory, "add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":2,\"unit\":\"BOX\"},\"note\":\"n\"}");
        accepted(inventory, "search_items", "{\"query\":\"AB\",\"limit\":5}");
        accepted(inventory, "pay", "{\"payment\":{\"type\":\"bank_transfer\",\"iban\":\"DE1\",\"reference\":\"r\"},"
                + "\"amount\":3.5}");
        accepted(inventory, "count_categories", "{\"root\":{\"name\":\"a\",\"children\":[{\"name\":\"b\","
                + "\"children\":[]}]}}");
        accepted(echo, "shape", "{\"value\":{\"type\":\"square\",\"side\":2,\"label\":\"x\"}}");
        accepted(echo, "day", "{\"value\":\"2024-02-29\"}");
        accepted(echo, "routes", "{\"value\":{\"a\":[{\"x\":1,\"y\":2}]}}");
        accepted(echo, "defaults", "{}");
        accepted(echo, "letter", "{\"value\":\"q\"}");
    }

    @Test
    void schemasAndDispatchAgreeOnWhatIsForbidden() throws Exception {
        refusedByBoth(inventory, "add_stock", "{\"item\":{\"sku\":\"ab\",\"quantity\":2}}");
        refusedByBoth(inventory, "add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":0}}");
        refusedByBoth(inventory, "add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":1,\"unit\":\"CRATE\"}}");
        refusedByBoth(inventory, "search_items", "{\"query\":\"AB\",\"limit\":101}");
        refusedByBoth(inventory, "pay", "{\"payment\":{\"type\":\"card\",\"number\":\"1\"},\"amount\":1}");
        refusedByBoth(inventory, "pay", "{\"payment\":{\"type\":\"cash\"},\"amount\":1}");
        refusedByBoth(echo, "number", "{\"value\":5.5}");
        refusedByBoth(echo, "point", "{\"value\":{\"x\":1,\"y\":2,\"z\":3}}");
        refusedByBoth(echo, "pair", "{\"first\":\"a\"}");
        refusedByBoth(echo, "letter", "{\"value\":\"qq\"}");
        refusedByBoth(echo, "constrained", "{\"n\":1,\"items\":[],\"email\":\"no\",\"name\":\"x\"}");
    }
}
