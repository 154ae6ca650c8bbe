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
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolSpec#outputSchema()} of generated toolkits: present exactly for the tools whose results generated
 * code writes, valid JSON Schema, and true of what dispatch returns (nulls included).
 */
class OutputSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static Toolkit inventory;
    private static Toolkit echo;

    @BeforeAll
    static void compile() {
        inventory = Compiled.of(Sources.inventory())
                .toolkit("com.example.inventory.InventoryTools", "com.example.inventory.Inventory");
        echo = Compiled.of(Sources.echo()).toolkit("com.example.types.EchoTools", "com.example.types.Echo");
    }

    private static ToolSpec spec(Toolkit toolkit, String name) {
        return toolkit.resolve(name).orElseThrow();
    }

    private static String output(Toolkit toolkit, String name) {
        return spec(toolkit, name).outputSchema().map(JsonNode::toString).orElse(null);
    }

    @Test
    void aToolReturningARecordHasTheRecordsObjectSchema() {
        assertThat(output(inventory, "add_stock")).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"sku\":{\"type\":[\"string\",\"null\"]},"
                + "\"total\":{\"type\":\"integer\"},"
                + "\"unit\":{\"type\":[\"string\",\"null\"],\"enum\":[\"PIECE\",\"BOX\",null]}},"
                + "\"required\":[\"sku\",\"total\",\"unit\"],\"additionalProperties\":false}");
    }

    @Test
    void collectionsMapsAndScalarsHaveTheirSchemasToo() {
        assertThat(output(inventory, "count_categories")).isEqualTo("{\"type\":\"integer\"}");
        assertThat(output(inventory, "get_stock"))
                .isEqualTo("{\"type\":\"object\",\"additionalProperties\":{\"type\":[\"integer\",\"null\"]}}");
        assertThat(output(inventory, "search_items")).startsWith("{\"type\":\"array\",\"items\":{\"type\":[\"object\","
                + "\"null\"],\"properties\":{\"sku\":{\"type\":[\"string\",\"null\"]},\"quantity\":{\"type\":\"integer\"}");
        assertThat(output(echo, "ints")).isEqualTo("{\"type\":\"array\",\"items\":{\"type\":\"integer\"}}");
        assertThat(output(echo, "day")).isEqualTo("{\"type\":\"string\",\"format\":\"date\"}");
    }

    @Test
    void toolsWhoseResultsAreNotWrittenByGeneratedCodeHaveNone() {
        assertThat(spec(inventory, "pay").outputSchema()).isEmpty(); // void
        assertThat(spec(echo, "text").outputSchema()).isEmpty(); // String: the text itself
        assertThat(spec(echo, "nothing").outputSchema()).isEmpty();
        assertThat(spec(echo, "opaque").outputSchema()).isEmpty(); // data binding
    }

    @Test
    void everyOutputSchemaIsValidAgainstTheMetaSchema() {
        JsonSchema meta = FACTORY.getSchema(SchemaLocation.of(SchemaId.V202012));
        int seen = 0;
        for (Toolkit toolkit : List.of(inventory, echo)) {
            for (ToolSpec tool : toolkit.tools()) {
                if (tool.outputSchema().isPresent()) {
                    assertThat(meta.validate(tool.outputSchema().get())).as(tool.name()).isEmpty();
                    seen++;
                }
            }
        }
        assertThat(seen).isGreaterThan(30);
    }

    @Test
    void whatDispatchReturnsValidatesAgainstTheOutputSchema() throws Exception {
        String[][] calls = {
            {"letter", "{\"value\":\"q\"}"},
            {"boxed", "{\"value\":5}"},
            {"decimal", "{\"value\":2.5}"},
            {"color", "{\"value\":\"RED\"}"},
            {"id", "{\"value\":\"123e4567-e89b-12d3-a456-426614174000\"}"},
            {"day", "{\"value\":\"2024-02-29\"}"},
            {"span", "{\"value\":\"PT1H\"}"},
            {"numbers", "{\"values\":[1,2,3]}"},
            {"colors", "{\"values\":[\"RED\"]}"},
            {"grid", "{\"values\":[[1,2],[3]]}"},
            {"counts", "{\"values\":{\"a\":1}}"},
            {"maybe", "{}"},
            {"maybe", "{\"value\":\"here\"}"},
            {"point", "{\"value\":{\"x\":1,\"y\":2}}"},
            {"shape", "{\"value\":{\"type\":\"square\",\"side\":2}}"},
            {"shape", "{\"value\":{\"type\":\"circle\",\"radius\":2}}"},
            {"tree", "{\"value\":{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[]}]}}"},
            {"routes", "{\"value\":{\"a\":[{\"x\":1,\"y\":2}]}}"},
            {"optional_number", "{}"},
        };
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
        for (String[] call : calls) {
            ToolResult result = echo.dispatch(ToolCall.of(call[0], (ObjectNode) JSON.readTree(call[1])));
            assertThat(result.isError()).as("%s %s: %s", call[0], call[1], result.content()).isFalse();
            ObjectNode schema = spec(echo, call[0]).outputSchema().orElseThrow();
            assertThat(FACTORY.getSchema(schema, config).validate(result.value()))
                    .as("%s returned %s against %s", call[0], result.value(), schema).isEmpty();
        }
    }

    @Test
    void aNullMemberOutsideTheSchemaWouldBeCaught() throws Exception {
        // the check above can fail: a member the schema says cannot be null is refused when it is null
        ObjectNode schema = spec(inventory, "add_stock").outputSchema().orElseThrow();
        JsonNode wrong = JSON.readTree("{\"sku\":\"AB1\",\"total\":null,\"unit\":\"BOX\"}");
        assertThat(FACTORY.getSchema(schema).validate(wrong)).isNotEmpty();
    }
}
