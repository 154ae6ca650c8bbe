package dev.calltype.runtime.internal.args;

import dev.calltype.runtime.SchemaDialects;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.testing.Fixtures;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Whatever a dynamic toolkit accepts and hands to its handler is valid for the tool's schema, as an
 * independent validator (networknt) sees it; and nothing a model can send makes dispatch throw.
 */
class SchemaArgumentsPropertiesTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<ObjectNode> RECEIVED = new ArrayList<>();
    private static final Toolkit TOOLKIT = Toolkits.fromJson(listing(), (name, args) -> {
        RECEIVED.add(args);
        return null;
    });
    private static final Map<String, JsonSchema> SCHEMAS = new HashMap<>();

    static {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        for (ToolSpec tool : TOOLKIT.tools()) {
            SCHEMAS.put(tool.name(), factory.getSchema(tool.parameters()));
        }
    }

    /** For each parameter name: values that fit, values that need coercion, and values that are wrong. */
    private static final Map<String, List<JsonNode>> LIKELY = new HashMap<>();

    static {
        likely("city", "\"Paris\"", "\"Oslo\"", "\"P\"", "42");
        likely("days", "3", "\"5\"", "5.0", "5.5", "0", "15", "\"1e1\"");
        likely("units", "\"celsius\"", "\"CELSIUS\"", "\"Fahrenheit\"", "\"kelvin\"");
        likely("date", "\"2024-05-31\"", "\" 2024-05-31 \"", "\"31/05/2024\"");
        likely("detailed", "true", "\"true\"", "\"yes\"");
        likely("item", "{\"sku\":\"A1\",\"quantity\":2}", "\"{\\\"sku\\\":\\\"B7\\\",\\\"quantity\\\":\\\"3\\\"}\"",
                "{\"sku\":\"a1\",\"quantity\":1}", "{\"sku\":\"A1\"}", "{\"sku\":\"A1\",\"quantity\":2,\"x\":1}");
        likely("note", "\"x\"", "5");
        likely("sku", "\"A1\"", "\"a1\"");
        likely("quantity", "2", "\"2\"", "\"many\"");
        likely("tags", "[\"a\",\"b\"]", "\"a\"", "[]", "[\"a\",\"a\"]", "[\"a\",\"b\",\"c\",\"d\"]", "[1,true]");
        likely("ids", "[1,\"2\",3.0]", "\"[1,2]\"", "[1.5]", "7");
        likely("to", "\"ada@example.com\"", "\"not an address\"");
        likely("at", "\"2024-05-31T14:30:00+02:00\"", "\"2024-05-31T14:30:00Z\"", "\"tomorrow\"");
        likely("ref", "\"123e4567-e89b-12d3-a456-426614174000\"", "\"abc\"");
        likely("link", "\"https://example.com/a\"", "\"/relative\"");
        likely("ratio", "0.5", "\"1\"", "0", "2");
        likely("step", "10", "\"15\"", "7", "10.0");
        likely("priority", "null", "1", "\"2\"", "1.5");
        likely("shape", "{\"type\":\"circle\",\"radius\":1}", "{\"type\":\"SQUARE\",\"side\":\"2\"}",
                "{\"type\":\"hexagon\"}", "\"{\\\"type\\\":\\\"circle\\\",\\\"radius\\\":1.5}\"", "{\"side\":2}");
    }

    private static void likely(String key, String... json) {
        List<JsonNode> values = new ArrayList<>();
        for (String j : json) {
            values.add(Fixtures.tree(j));
        }
        LIKELY.put(key, values);
    }

    private static String listing() {
        try (InputStream in = SchemaArgumentsPropertiesTest.class.getResourceAsStream("/toolkits/openai-tools.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void acceptedArgumentsAreValidForTheSchema() {
        Set<String> accepted = new TreeSet<>();
        Property.forAll(3000, calls(), call -> {
            RECEIVED.clear();

            ToolResult result = TOOLKIT.dispatch(call);

            assertThat(result).isNotNull();
            if (!result.isError()) {
                accepted.add(call.name());
                assertThat(RECEIVED).hasSize(1);
                assertThat(SCHEMAS.get(call.name()).validate(RECEIVED.get(0)))
                        .as(call.arguments() + " -> " + RECEIVED.get(0)).isEmpty();
            } else {
                assertThat(RECEIVED).isEmpty();
            }
        });
        // the generated calls reach each tool's handler, so the property is checked where it matters
        assertThat(accepted).as("tools that accepted a generated call")
                .contains("forecast", "add_stock", "tag_notes", "send", "draw");
    }

    /** CallNormalizer to the listing's tools with each parameter present or not, and sometimes fields that belong nested. */
    private static Gen<ToolCall> calls() {
        Gen<JsonNode> any = values();
        return Gen.of(TOOLKIT.tools()).flatMap(tool -> {
            List<String> keys = new ArrayList<>(tool.parameterOrder());
            keys.addAll(List.of("sku", "quantity", "extra"));
            List<Gen<JsonNode>> parts = new ArrayList<>();
            for (String key : keys) {
                boolean required = SchemaNodes.stringSet(tool.parameters().get("required")).contains(key);
                double absent = required ? 0.1 : tool.parameterOrder().contains(key) ? 0.7
                        : key.equals("extra") ? 0.95 : 0.85;
                Gen<JsonNode> likely = LIKELY.containsKey(key) ? Gen.of(LIKELY.get(key)) : any;
                parts.add(Gen.frequency(8, likely, 1, any).orNull(absent));
            }
            return r -> {
                ObjectNode arguments = NODES.objectNode();
                for (int k = 0; k < keys.size(); k++) {
                    JsonNode value = parts.get(k).next(r);
                    if (value != null) {
                        arguments.set(keys.get(k), value);
                    }
                }
                return ToolCall.of(tool.name(), arguments);
            };
        });
    }

    /** Values nested up to three levels deep (the depth itself drawn), mostly leaves. */
    private static Gen<JsonNode> values() {
        List<Gen<JsonNode>> byDepth = new ArrayList<>();
        byDepth.add(leaves());
        for (int depth = 1; depth <= 3; depth++) {
            Gen<JsonNode> inner = byDepth.get(depth - 1);
            byDepth.add(Gen.frequency(
                    4, inner,
                    1, inner.list(4).map(items -> {
                        com.fasterxml.jackson.databind.node.ArrayNode a = NODES.arrayNode();
                        items.forEach(a::add);
                        return (JsonNode) a;
                    }),
                    1, Gen.maps(Gen.of("sku", "quantity", "type", "side", "radius", "x"), inner, 3).map(m -> {
                        ObjectNode o = NODES.objectNode();
                        m.forEach(o::set);
                        return (JsonNode) o;
                    })));
        }
        return Gen.of(byDepth).flatMap(g -> g);
    }

    private static Gen<JsonNode> leaves() {
        return Gen.oneOf(
                Gen.of(NODES.nullNode(), NODES.booleanNode(true), NODES.booleanNode(false)),
                Gen.ints(-20, 20).map(i -> (JsonNode) NODES.numberNode(i)),
                Gen.of(0.0, 0.25, 1.0, 2.5, -1.5, 1e300, 15.0).map(d -> (JsonNode) NODES.numberNode(d)),
                Gen.of("", "3", "2.5", "1e3", "true", "FALSE", "Paris", "P", "celsius", "Fahrenheit", "kelvin",
                        "2024-05-31", "31/05/2024", "2024-05-31T14:30:00+02:00", "ada@example.com", "a@b", "A1", "a1",
                        "[1,2]", "[\"x\",\"x\"]", "{\"sku\":\"A1\",\"quantity\":2}", "{\"type\":\"circle\",\"radius\":1}",
                        "square", "circle", "https://example.com/a", "/relative", "123e4567-e89b-12d3-a456-426614174000",
                        "1e999999999", "0x10", " 7 ").map(s -> (JsonNode) NODES.textNode(s)));
    }
}
