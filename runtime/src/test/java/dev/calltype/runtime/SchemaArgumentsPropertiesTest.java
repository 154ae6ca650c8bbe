package dev.calltype.runtime;

import dev.calltype.runtime.internal.scan.CallNormalizer;

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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

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

    @Property(tries = 3000)
    void acceptedArgumentsAreValidForTheSchema(@ForAll("calls") ToolCall call) {
        RECEIVED.clear();

        ToolResult result = TOOLKIT.dispatch(call);

        assertThat(result).isNotNull();
        Statistics.label("accepted").collect(result.isError() ? "-" : call.name());
        Statistics.label("accepted").coverage(c -> {
            for (String tool : List.of("forecast", "add_stock", "tag_notes", "send", "draw")) {
                c.check(tool).count(n -> n >= 1);
            }
        });
        if (!result.isError()) {
            assertThat(RECEIVED).hasSize(1);
            assertThat(SCHEMAS.get(call.name()).validate(RECEIVED.get(0)))
                    .as(call.arguments() + " -> " + RECEIVED.get(0)).isEmpty();
        } else {
            assertThat(RECEIVED).isEmpty();
        }
    }

    /** CallNormalizer to the listing's tools with each parameter present or not, and sometimes fields that belong nested. */
    @Provide
    Arbitrary<ToolCall> calls() {
        return Arbitraries.of(TOOLKIT.tools()).flatMap(tool -> {
            List<String> keys = new ArrayList<>(tool.parameterOrder());
            keys.addAll(List.of("sku", "quantity", "extra"));
            List<Arbitrary<JsonNode>> parts = new ArrayList<>();
            for (String key : keys) {
                boolean required = SchemaDialects.stringSet(tool.parameters().get("required")).contains(key);
                double absent = required ? 0.1 : tool.parameterOrder().contains(key) ? 0.7
                        : key.equals("extra") ? 0.95 : 0.85;
                Arbitrary<JsonNode> likely = LIKELY.containsKey(key) ? Arbitraries.of(LIKELY.get(key)) : values();
                parts.add(Arbitraries.frequencyOf(Tuple.of(8, likely), Tuple.of(1, values())).injectNull(absent));
            }
            return Combinators.combine(parts).as(values -> {
                ObjectNode arguments = NODES.objectNode();
                for (int k = 0; k < keys.size(); k++) {
                    if (values.get(k) != null) {
                        arguments.set(keys.get(k), values.get(k));
                    }
                }
                return ToolCall.of(tool.name(), arguments);
            });
        });
    }

    private Arbitrary<JsonNode> values() {
        return Arbitraries.recursive(SchemaArgumentsPropertiesTest::leaves, inner -> Arbitraries.frequencyOf(
                Tuple.of(4, inner),
                Tuple.of(1, inner.list().ofMaxSize(4).map(items -> {
                    com.fasterxml.jackson.databind.node.ArrayNode a = NODES.arrayNode();
                    items.forEach(a::add);
                    return (JsonNode) a;
                })),
                Tuple.of(1, Arbitraries.maps(Arbitraries.of("sku", "quantity", "type", "side", "radius", "x"), inner)
                        .ofMaxSize(3).map(m -> {
                            ObjectNode o = NODES.objectNode();
                            m.forEach(o::set);
                            return (JsonNode) o;
                        }))), 0, 3);
    }

    private static Arbitrary<JsonNode> leaves() {
        return Arbitraries.oneOf(
                Arbitraries.of(NODES.nullNode(), NODES.booleanNode(true), NODES.booleanNode(false)),
                Arbitraries.integers().between(-20, 20).map(i -> (JsonNode) NODES.numberNode(i)),
                Arbitraries.of(0.0, 0.25, 1.0, 2.5, -1.5, 1e300, 15.0).map(d -> (JsonNode) NODES.numberNode(d)),
                Arbitraries.of("", "3", "2.5", "1e3", "true", "FALSE", "Paris", "P", "celsius", "Fahrenheit", "kelvin",
                        "2024-05-31", "31/05/2024", "2024-05-31T14:30:00+02:00", "ada@example.com", "a@b", "A1", "a1",
                        "[1,2]", "[\"x\",\"x\"]", "{\"sku\":\"A1\",\"quantity\":2}", "{\"type\":\"circle\",\"radius\":1}",
                        "square", "circle", "https://example.com/a", "/relative", "123e4567-e89b-12d3-a456-426614174000",
                        "1e999999999", "0x10", " 7 ").map(s -> (JsonNode) NODES.textNode(s)));
    }
}
