package dev.calltype.runtime.testing;

import dev.calltype.runtime.ToolSpec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Tools used across the toolkit tests, with schemas written the way the processor writes them. */
public final class Fixtures {

    public static final ObjectMapper JSON = new ObjectMapper();

    public static final String WEATHER_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"city\":{\"type\":\"string\",\"description\":\"City name\"},"
            + "\"units\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"],\"default\":\"celsius\"}},"
            + "\"required\":[\"city\"],\"additionalProperties\":false}";

    public static final String ITEM_DEF = "{\"type\":\"object\",\"properties\":{"
            + "\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z][0-9]+$\"},"
            + "\"quantity\":{\"type\":\"integer\",\"minimum\":1}},"
            + "\"required\":[\"sku\",\"quantity\"],\"additionalProperties\":false}";

    public static final String STOCK_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"item\":{\"description\":\"The item\",\"$ref\":\"#/$defs/Finding\"},"
            + "\"note\":{\"type\":\"string\"}},"
            + "\"required\":[\"item\"],\"additionalProperties\":false,"
            + "\"$defs\":{\"Finding\":" + ITEM_DEF + "}}";

    public static final String SECTION_DEF = "{\"type\":\"object\",\"properties\":{"
            + "\"title\":{\"type\":\"string\"},"
            + "\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Section\"}}},"
            + "\"required\":[\"title\"],\"additionalProperties\":false}";

    public static final String OUTLINE_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"root\":{\"$ref\":\"#/$defs/Section\"}},"
            + "\"required\":[\"root\"],\"additionalProperties\":false,"
            + "\"$defs\":{\"Section\":" + SECTION_DEF + "}}";

    public static final String PING_SCHEMA = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";

    private Fixtures() {
    }

    public static ObjectNode object(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ToolSpec spec(String name, String description, String schema) {
        ObjectNode parameters = object(schema);
        List<String> order = new ArrayList<>();
        JsonNode properties = parameters.path("properties");
        for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) {
            order.add(it.next());
        }
        return new ToolSpec(name, description, parameters, order);
    }

    public static ToolSpec weather() {
        return spec("get_weather", "Current weather for a city", WEATHER_SCHEMA);
    }

    public static ToolSpec stock() {
        return spec("add_stock", "Add stock for an item\nThe second line is not shown.", STOCK_SCHEMA);
    }

    public static ToolSpec outline() {
        return spec("outline", "Outline a document", OUTLINE_SCHEMA);
    }

    public static ToolSpec ping() {
        return spec("ping", "", PING_SCHEMA);
    }

    public static List<ToolSpec> all() {
        return List.of(weather(), stock(), outline(), ping());
    }
}
