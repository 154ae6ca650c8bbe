package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.langchain4j.tools.Shop;
import dev.calltype.langchain4j.tools.ShopTools;
import dev.calltype.runtime.ToolSpec;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated schemas survive the trip into LangChain4j's {@link ToolSpecification}: what LangChain4j's
 * providers write for the specification ({@link JsonSchemaElementUtils#toMap}, which the OpenAI, Anthropic,
 * Ollama… modules call) is the generated JSON, for every parameter type the processor supports.
 */
class ToolSpecificationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<ToolSpec> TOOLS = new ShopTools(new Shop()).tools();

    /** What a LangChain4j provider sends as the tool's parameters. */
    private static JsonNode sent(ToolSpecification spec) {
        return JSON.valueToTree(JsonSchemaElementUtils.toMap(spec.parameters()));
    }

    /**
     * The generated schema as a LangChain4j provider sends it outside strict mode: the root is a typed
     * {@link JsonObjectSchema}, written without {@code $schema} and {@code additionalProperties}, and with
     * {@code "required": []} when nothing is required. Below the root everything is sent as generated.
     */
    private static ObjectNode expected(ObjectNode schema) {
        ObjectNode copy = schema.deepCopy();
        copy.remove("$schema");
        copy.remove("additionalProperties");
        if (!copy.has("required")) {
            copy.putArray("required");
        }
        return copy;
    }

    @ParameterizedTest
    @ValueSource(strings = {"order", "price", "broken"})
    void everyGeneratedSchemaReachesTheProviderAsGenerated(String name) {
        ToolSpec tool = TOOLS.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
        ToolSpecification spec = LangChain4jTools.toolSpecification(tool);

        assertThat(spec.name()).isEqualTo(name);
        assertThat(spec.description()).isEqualTo(tool.description().isEmpty() ? null : tool.description());
        assertThat(sent(spec)).isEqualTo(expected(tool.parameters()));
    }

    @Test
    void typedElementsWhereTheyHoldEverythingRawSchemasWhereTheyDoNot() {
        JsonObjectSchema order = LangChain4jTools.toolSpecification(TOOLS.get(0)).parameters();
        assertThat(order.properties().get("sku")).isInstanceOf(JsonStringSchema.class);
        assertThat(order.properties().get("speed")).isInstanceOf(JsonEnumSchema.class);
        // A record: additionalProperties false, which typed objects do not send outside strict mode.
        assertThat(order.properties().get("address")).isInstanceOf(JsonRawSchema.class);
        assertThat(order.properties().get("payment")).isInstanceOf(JsonAnyOfSchema.class);
        assertThat(order.properties().get("tags")).isInstanceOf(JsonArraySchema.class);
        assertThat(order.required()).containsExactly("sku", "speed", "address", "payment", "tags", "extras", "deliverOn");
        assertThat(order.additionalProperties()).isFalse();
        JsonAnyOfSchema payment = (JsonAnyOfSchema) order.properties().get("payment");
        assertThat(payment.anyOf()).hasSize(2).allSatisfy(m -> assertThat(m).isInstanceOf(JsonRawSchema.class));
        // A default, a map's value schema, a date format: no typed element holds them.
        assertThat(order.properties().get("quantity")).isInstanceOf(JsonRawSchema.class);
        assertThat(order.properties().get("extras")).isInstanceOf(JsonRawSchema.class);
        assertThat(order.properties().get("deliverOn")).isInstanceOf(JsonRawSchema.class);
        // A described reference to a recursive record: raw, and its definition in $defs.
        JsonObjectSchema price = LangChain4jTools.toolSpecification(TOOLS.get(1)).parameters();
        assertThat(price.properties().get("category")).isInstanceOf(JsonRawSchema.class);
        assertThat(price.definitions()).containsOnlyKeys("Category");
    }

    @Test
    void keywordsNoGeneratedToolkitHasStillReachTheProvider() throws Exception {
        ObjectNode schema = (ObjectNode) JSON.readTree("""
                {"type": "object", "description": "everything else", "properties": {
                  "count": {"type": ["integer", "null"]},
                  "level": {"enum": [1, 2, 3]},
                  "kind": {"const": "box"},
                  "code": {"type": "string", "pattern": "^[A-Z]{2}$", "minLength": 2},
                  "size": {"type": "number", "minimum": 0, "exclusiveMaximum": 10},
                  "items": {"type": "array", "items": {"type": "integer"}, "minItems": 1, "uniqueItems": true},
                  "any": {},
                  "node": {"$ref": "#/$defs/Node"},
                  "nothing": {"type": "null"},
                  "choice": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 1}]},
                  "open": {"type": "object", "properties": {"a": {"type": "boolean"}}}
                }, "required": ["count"], "$defs": {"Node": {"type": "object", "properties": {
                  "next": {"$ref": "#/$defs/Node"}}}}}""");
        ToolSpecification spec = LangChain4jTools.toolSpecification(new ToolSpec("t", "", schema, List.of()));

        assertThat(sent(spec)).isEqualTo(expected(schema));
    }

    @Test
    void rootKeywordsASpecificationCannotHoldAreRefusedWithTheirName() throws Exception {
        ObjectNode schema = (ObjectNode) JSON.readTree("{\"type\": \"object\", \"properties\": {}, \"minProperties\": 1}");
        assertThatThrownBy(() -> LangChain4jTools.toolSpecification(new ToolSpec("t", "", schema, List.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tool \"t\": its parameters schema has the keyword \"minProperties\" at the root,"
                        + " which a LangChain4j ToolSpecification cannot carry");
    }

    /**
     * LangChain4j's own JSON form of a specification ({@code toJson}/{@code fromJson}, for storing or exchanging
     * specifications; providers do not use it) reads a raw object schema back as a typed object, which drops its
     * {@code additionalProperties: false}: records, sealed-union members and recursive definitions come back open.
     * Everything else survives. This pins the limit the README states.
     */
    @ParameterizedTest
    @ValueSource(strings = {"order", "price", "broken"})
    void toJsonAndFromJsonLoseOnlyAdditionalPropertiesFalseBelowTheRoot(String name) {
        ToolSpec tool = TOOLS.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
        ToolSpecification spec = LangChain4jTools.toolSpecification(tool);
        ToolSpecification back = ToolSpecification.fromJson(spec.toJson());

        assertThat(back.name()).isEqualTo(spec.name());
        assertThat(back.description()).isEqualTo(spec.description());
        assertThat(sent(back)).isEqualTo(withoutClosedObjects(expected(tool.parameters())));
        if (!name.equals("broken")) {
            assertThat(sent(back)).isNotEqualTo(sent(spec));
        }
    }

    private static JsonNode withoutClosedObjects(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = ((ObjectNode) node).deepCopy();
            if (copy.path("additionalProperties").isBoolean()) {
                copy.remove("additionalProperties");
            }
            copy.fieldNames().forEachRemaining(f -> copy.set(f, withoutClosedObjects(copy.get(f))));
            return copy;
        }
        if (node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode copy = JSON.createArrayNode();
            node.forEach(v -> copy.add(withoutClosedObjects(v)));
            return copy;
        }
        return node;
    }
}
