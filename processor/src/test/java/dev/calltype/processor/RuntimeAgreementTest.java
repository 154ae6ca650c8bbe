package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.calltype.processor.generation.Instructions;
import dev.calltype.processor.generation.ToolSchema;
import dev.calltype.processor.model.Json;
import dev.calltype.processor.model.Json.JsonObject;
import dev.calltype.runtime.CallFormat;
import dev.calltype.runtime.FormatInstructions;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.Toolkit;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the processor writes at compile time agrees with what the runtime reads and renders for
 * dynamic toolkits: listings read back into the same specs, and (once the runtime's renderers are
 * present) byte-identical schemas and instructions.
 */
class RuntimeAgreementTest {

    private static List<Toolkit> toolkits;

    @BeforeAll
    static void compile() {
        toolkits = List.of(
                Compiled.of(Sources.inventory()).toolkit("com.example.inventory.InventoryTools",
                        "com.example.inventory.Inventory"),
                Compiled.of(Sources.echo()).toolkit("com.example.types.EchoTools", "com.example.types.Echo"));
    }

    @Test
    void listingsReadBackIntoTheSameSpecs() {
        for (Toolkit tk : toolkits) {
            for (SchemaDialect d : List.of(SchemaDialect.OPENAI, SchemaDialect.ANTHROPIC, SchemaDialect.MCP)) {
                List<ToolSpec> read = ToolSpecs.fromJson(tk.schemaJson(d));
                assertThat(read).hasSameSizeAs(tk.tools());
                for (int i = 0; i < read.size(); i++) {
                    ToolSpec original = tk.tools().get(i);
                    assertThat(read.get(i).name()).isEqualTo(original.name());
                    assertThat(read.get(i).description()).isEqualTo(original.description());
                    assertThat(read.get(i).parameters()).isEqualTo(original.parameters());
                    assertThat(read.get(i).parameterOrder()).isEqualTo(original.parameterOrder());
                }
            }
        }
    }

    private static Method renderer(String className, Class<?> kind) {
        try {
            return Class.forName("dev.calltype.runtime." + className).getMethod("render", List.class, kind);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    @Test
    void runtimeSchemaRenderingIsByteIdentical() throws Exception {
        Method render = renderer("SchemaDialects", SchemaDialect.class);
        assumeTrue(render != null, "the runtime's SchemaDialects is not on this branch yet");
        for (Toolkit tk : toolkits) {
            for (SchemaDialect d : SchemaDialect.values()) {
                assertThat(render.invoke(null, tk.tools(), d)).as(d.name()).isEqualTo(tk.schemaJson(d));
            }
        }
    }

    @Test
    void runtimeInstructionRenderingIsByteIdentical() throws Exception {
        Method render = renderer("FormatInstructions", CallFormat.class);
        assumeTrue(render != null, "the runtime's FormatInstructions is not on this branch yet");
        for (Toolkit tk : toolkits) {
            for (CallFormat f : CallFormat.values()) {
                assertThat(render.invoke(null, tk.tools(), f)).as(f.name()).isEqualTo(tk.formatInstructions(f));
            }
        }
    }

    @Test
    void theToolkitsHaveEveryKindOfNestedParameter() {
        String all = tools().stream().map(t -> FormatInstructions.render(List.of(t), CallFormat.XML_TAGS))
                .reduce("", String::concat);
        assertThat(all)
                .as("a nested record").contains("add_stock(item: {sku: string, quantity: integer,")
                .as("a sealed type").contains("shape(value: {type: \"circle\", radius: number}"
                        + " | {type: \"square\", side: number, label?: string})")
                .as("a map of lists of records").contains("routes(value: map<string, {x: integer, y: integer}[]>)")
                .as("a recursive record").contains("tree(value: {label: string, children: object[]})")
                .as("a nested example").contains("{\"name\": \"pay\", \"arguments\": {\"payment\":"
                        + " {\"type\":\"card\",\"number\":\"...\"}, \"amount\": 1.5}}");
    }

    @Test
    void everyToolAloneRendersTheSameSoEveryExampleIsCompared() throws Exception {
        for (ToolSpec spec : tools()) {
            ToolSchema schema = new ToolSchema(spec.name(), spec.description(),
                    (JsonObject) Json.parse(spec.parameters().toString()));
            for (CallFormat f : CallFormat.values()) {
                assertThat(Instructions.render(List.of(schema), f.name())).as(spec.name() + " " + f.name())
                        .isEqualTo(FormatInstructions.render(List.of(spec), f));
            }
        }
    }

    private static List<ToolSpec> tools() {
        return toolkits.stream().flatMap(tk -> tk.tools().stream()).toList();
    }

    /** Hand-written schemas with the corners of the nested rules: the two renderers must agree on each. */
    private static List<String> cornerSchemas() {
        List<String> out = new ArrayList<>(List.of(
                // nested object with its own optional and default, and a sealed type
                "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"string\"},"
                        + "\"u\":{\"enum\":[\"M\",\"KM\"],\"default\":\"M\"}},\"required\":[\"v\"]},\"p\":{\"anyOf\":["
                        + "{\"type\":\"object\",\"properties\":{\"type\":{\"type\":\"string\",\"enum\":[\"card\"]},\"n\":"
                        + "{\"type\":\"string\"}},\"required\":[\"type\",\"n\"]},{\"type\":\"null\"}]}},\"required\":[\"q\",\"p\"]}",
                // maps, arrays of objects, arrays of choices, nullable objects, nested enum arrays
                "{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"array\","
                        + "\"items\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"}},\"required\":[\"x\"]}}},"
                        + "\"any\":{\"type\":\"object\",\"additionalProperties\":{}},\"t\":{\"type\":\"object\","
                        + "\"additionalProperties\":true},\"c\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"type\":\"string\"},"
                        + "{\"type\":\"object\",\"properties\":{\"k\":{\"enum\":[\"a\",\"b\"]}}}]}},\"n\":{\"type\":[\"object\","
                        + "\"null\"],\"properties\":{\"k\":{\"type\":\"string\"}},\"required\":[\"k\"]},\"g\":{\"type\":\"array\","
                        + "\"items\":{\"type\":\"array\",\"items\":{\"enum\":[\"a\",\"b\"]}}},\"pipe\":{\"type\":\"array\","
                        + "\"items\":{\"enum\":[\"a|b\"]}}},\"required\":[\"m\",\"any\",\"t\",\"c\",\"n\",\"g\",\"pipe\"]}",
                // recursion, mutual recursion, references that are not followed
                "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/A\"},\"s\":{\"$ref\":\"#/$defs/a~1b\"},"
                        + "\"l\":{\"$ref\":\"#/definitions/A\"},\"z\":{\"$ref\":null},\"w\":{\"$ref\":\"#/$defs/A/properties/b\"}},"
                        + "\"required\":[\"a\",\"s\",\"l\",\"z\",\"w\"],\"$defs\":{\"A\":{\"type\":\"object\",\"properties\":"
                        + "{\"b\":{\"$ref\":\"#/$defs/B\"}},\"required\":[\"b\"]},\"B\":{\"type\":\"object\",\"properties\":{\"a\":"
                        + "{\"$ref\":\"#/$defs/A\"},\"list\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/B\"}}},"
                        + "\"required\":[\"a\",\"list\"]},\"a/b\":{\"type\":\"integer\"}}}",
                // four levels of objects, and odd keywords
                "{\"type\":\"object\",\"properties\":{\"l1\":{\"type\":\"object\",\"properties\":{\"l2\":{\"type\":\"object\","
                        + "\"properties\":{\"l3\":{\"type\":\"object\",\"properties\":{\"l4\":{\"type\":\"object\",\"properties\":"
                        + "{\"x\":{\"type\":\"string\"}},\"required\":[\"x\"]}},\"required\":[\"l4\"]}},\"required\":[\"l3\"]}},"
                        + "\"required\":[\"l2\"]},\"e\":{\"anyOf\":[]},\"o\":{\"anyOf\":{}},\"ty\":{\"type\":[]},\"tn\":"
                        + "{\"type\":[1,\"string\"]},\"k\":{\"type\":\"object\",\"properties\":[]},\"d\":{\"type\":\"string\","
                        + "\"default\":null},\"f\":{\"type\":\"float\"},\"b\":true,\"empty\":{\"type\":\"object\",\"properties\":{}},"
                        + "\"first\":{\"type\":[\"null\",\"object\"]}},\"required\":[\"l1\",\"e\",\"o\",\"ty\",\"tn\",\"k\",\"d\","
                        + "\"f\",\"b\",\"empty\",\"first\",\"absent\"]}"));
        String deep = "{\"type\":\"string\"}";
        for (int i = 0; i < 40; i++) {
            deep = "{\"type\":\"array\",\"items\":" + deep + "}";
        }
        out.add("{\"type\":\"object\",\"properties\":{\"x\":" + deep + "},\"required\":[\"x\"]}");
        StringBuilder defs = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            defs.append("\"D").append(i).append("\":{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/D")
                    .append(i + 1).append("\"},\"b\":{\"anyOf\":[{\"$ref\":\"#/$defs/D").append(i + 1)
                    .append("\"},{\"$ref\":\"#/$defs/D").append(i + 1).append("\"}]}},\"required\":[\"a\"]},");
        }
        defs.append("\"D40\":{\"anyOf\":[{\"$ref\":\"#/$defs/D0\"},{\"type\":\"string\"}]}");
        out.add("{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"#/$defs/D0\"},\"y\":{\"anyOf\":"
                + "[{\"$ref\":\"#/$defs/D40\"},{\"$ref\":\"#/$defs/D40\"}]}},\"required\":[\"x\",\"y\"],\"$defs\":{" + defs + "}}");
        return out;
    }

    @Test
    void handWrittenCornerSchemasRenderTheSame() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        for (String json : cornerSchemas()) {
            ObjectNode parameters = (ObjectNode) mapper.readTree(json);
            ToolSpec spec = new ToolSpec("corner", "A corner case.", parameters, List.of());
            ToolSchema schema = new ToolSchema("corner", "A corner case.", (JsonObject) Json.parse(json));
            for (CallFormat f : CallFormat.values()) {
                assertThat(Instructions.render(List.of(schema), f.name())).as(json + " " + f.name())
                        .isEqualTo(FormatInstructions.render(List.of(spec), f));
            }
        }
    }
}
