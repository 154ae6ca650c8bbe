package dev.calltype.runtime.internal.constraint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolSpec;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * JSON Schemas of calls, for engines that take a schema: a tool's arguments schema copied with its objects closed
 * ({@code additionalProperties: false} where an object lists {@code properties} and says nothing else, as the grammars
 * close them), and schemas of whole calls with every tool's {@code $defs} lifted to the root under a prefix of the
 * tool's, so that several tools' definitions never collide.
 */
public final class CallSchemas {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CallSchemas() {
    }

    /** The schema of one call of one of {@code tools}: {@code {"anyOf": [call objects], "$defs": {…}}}. */
    public static ObjectNode oneCall(List<ToolSpec> tools, String argumentsKey) {
        ObjectNode root = NODES.objectNode();
        ObjectNode defs = NODES.objectNode();
        ArrayNode any = root.putArray("anyOf");
        for (int i = 0; i < tools.size(); i++) {
            any.add(callObject(tools.get(i), argumentsKey, "t" + i + "-", defs));
        }
        if (!defs.isEmpty()) {
            root.set("$defs", defs);
        }
        return root;
    }

    /** The schema of a non-empty array of calls of {@code tools}. */
    public static ObjectNode callList(List<ToolSpec> tools, String argumentsKey) {
        ObjectNode one = oneCall(tools, argumentsKey);
        ObjectNode root = NODES.objectNode().put("type", "array").put("minItems", 1);
        root.putObject("items").set("anyOf", one.get("anyOf"));
        if (one.has("$defs")) {
            root.set("$defs", one.get("$defs"));
        }
        return root;
    }

    private static ObjectNode callObject(ToolSpec tool, String argumentsKey, String prefix, ObjectNode defs) {
        ObjectNode call = NODES.objectNode().put("type", "object");
        ObjectNode props = call.putObject("properties");
        props.putObject("name").put("const", tool.name());
        props.set(argumentsKey, close(tool.parameters(), prefix, defs));
        call.putArray("required").add("name").add(argumentsKey);
        call.put("additionalProperties", false);
        return call;
    }

    /**
     * A closed copy of {@code schema}. With {@code defs} given, definitions are moved there under {@code prefix} and
     * references to them rewritten; other in-document references (rare) become the empty schema, relaxed.
     */
    private static JsonNode close(JsonNode schema, String prefix, ObjectNode defs) {
        if (defs != null && schema.isObject()) {
            for (String key : List.of("$defs", "definitions")) {
                JsonNode d = schema.get(key);
                if (d != null && d.isObject()) {
                    Iterator<Map.Entry<String, JsonNode>> it = d.fields();
                    while (it.hasNext()) {
                        Map.Entry<String, JsonNode> e = it.next();
                        defs.set(prefix + e.getKey(), copy(e.getValue(), prefix, defs != null, 0));
                    }
                }
            }
        }
        return copy(schema, prefix, defs != null, 0);
    }

    private static JsonNode copy(JsonNode node, String prefix, boolean lift, int depth) {
        if (depth > 64) {
            return NODES.objectNode();
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode(node.size());
            node.forEach(n -> out.add(copy(n, prefix, lift, depth + 1)));
            return out;
        }
        if (!node.isObject()) {
            return node.deepCopy();
        }
        ObjectNode out = NODES.objectNode();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            JsonNode v = e.getValue();
            if (lift && (k.equals("$defs") || k.equals("definitions")) && depth == 0) {
                continue;
            }
            if (k.equals("$ref") && v.isTextual() && lift) {
                String ref = v.textValue();
                String moved = moved(ref, "#/$defs/", prefix);
                moved = moved != null ? moved : moved(ref, "#/definitions/", prefix);
                if (moved == null) {
                    return NODES.objectNode();
                }
                out.put(k, moved);
                continue;
            }
            if (k.equals("properties") || k.equals("$defs") || k.equals("definitions")) {
                ObjectNode map = out.putObject(k);
                if (v.isObject()) {
                    v.fields().forEachRemaining(p -> map.set(p.getKey(), copy(p.getValue(), prefix, lift, depth + 1)));
                }
                continue;
            }
            out.set(k, v.isContainerNode() ? copy(v, prefix, lift, depth + 1) : v.deepCopy());
        }
        if (out.has("properties") && !out.has("additionalProperties")) {
            out.put("additionalProperties", false);
        }
        if (integerTyped(out)) {
            // an integer the schema leaves unbounded is held to what every Java reader of it takes (see ScalarGrammar)
            boolean wide = "int64".equals(out.path("format").asText());
            // the narrowest node for each, as a JSON reader makes it (int, else long)
            if (!out.has("minimum") && !out.has("exclusiveMinimum")) {
                out.set("minimum", wide ? NODES.numberNode(Long.MIN_VALUE) : NODES.numberNode(Integer.MIN_VALUE));
            }
            if (!out.has("maximum") && !out.has("exclusiveMaximum")) {
                out.set("maximum", wide ? NODES.numberNode(Long.MAX_VALUE) : NODES.numberNode(Integer.MAX_VALUE));
            }
        }
        return out;
    }

    private static boolean integerTyped(ObjectNode schema) {
        JsonNode type = schema.get("type");
        if (type != null && type.isTextual()) {
            return type.textValue().equals("integer");
        }
        if (type != null && type.isArray()) {
            for (JsonNode t : type) {
                if ("integer".equals(t.asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String moved(String ref, String start, String prefix) {
        return ref.startsWith(start) && ref.length() > start.length() ? "#/$defs/" + prefix + ref.substring(start.length())
                : null;
    }
}
