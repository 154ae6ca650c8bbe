package dev.calltype.runtime.internal.args;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One tool's parameters schema and what the argument checker asks of it: where a {@code $ref} leads, a value's
 * default, whether {@code null} is allowed, which property tells {@code anyOf} alternatives apart, and which object
 * parameter declares fields a model sent at the top level. Reads the schema only; checking a value against it is
 * {@link SchemaArguments}'.
 */
final class SchemaTree {

    private final ObjectNode root;

    SchemaTree(ObjectNode root) {
        this.root = root;
    }

    /**
     * Moves fields a model sent at the top level into the one object parameter they belong to
     * ({@code {"sku":"A1","quantity":2,"note":"x"}} for {@code add_stock(item: {sku, quantity}, note)}),
     * when exactly one absent object parameter (or one member of its {@code anyOf}, tried in order)
     * declares every such field. Otherwise the arguments are returned as they are.
     */
    ObjectNode nestFlat(ObjectNode arguments) {
        JsonNode declared = root.get("properties");
        if (declared == null || !declared.isObject()) {
            return arguments;
        }
        List<String> strays = new ArrayList<>();
        for (Iterator<String> it = arguments.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!declared.has(name)) {
                strays.add(name);
            }
        }
        if (strays.isEmpty()) {
            return arguments;
        }
        String target = null;
        int candidates = 0;
        for (Map.Entry<String, JsonNode> p : declared.properties()) {
            JsonNode given = arguments.get(p.getKey());
            if (given != null && !given.isNull()) {
                continue;
            }
            JsonNode schema = deref(p.getValue());
            boolean fits = declaresAll(schema, strays);
            JsonNode alternatives = schema == null ? null : schema.get("anyOf");
            if (!fits && alternatives != null && alternatives.isArray()) {
                for (JsonNode alternative : alternatives) {
                    if (declaresAll(deref(alternative), strays)) {
                        fits = true;
                        break;
                    }
                }
            }
            if (fits) {
                target = p.getKey();
                candidates++;
            }
        }
        if (candidates != 1) {
            return arguments;
        }
        ObjectNode moved = arguments.deepCopy();
        moved.remove(target);
        ObjectNode inner = moved.putObject(target);
        for (String name : strays) {
            inner.set(name, moved.remove(name));
        }
        return moved;
    }

    private static boolean declaresAll(JsonNode schema, List<String> names) {
        if (schema == null || !schema.isObject()) {
            return false;
        }
        JsonNode properties = schema.get("properties");
        if (properties == null || !properties.isObject()) {
            return false;
        }
        for (String name : names) {
            if (!properties.has(name)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The property every alternative fixes to its own value ({@code "type": {"const": "circle"}}), when
     * the value is an object and there is one; otherwise {@code null}.
     */
    String commonDiscriminator(List<JsonNode> alternatives, JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        JsonNode first = deref(alternatives.get(0));
        JsonNode properties = first == null ? null : first.get("properties");
        if (properties == null || !properties.isObject()) {
            return null;
        }
        for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            boolean everywhere = true;
            for (JsonNode alternative : alternatives) {
                JsonNode resolved = deref(alternative);
                JsonNode property = resolved == null ? null : resolved.path("properties").get(key);
                everywhere &= property != null && fixedValue(property) != null;
            }
            if (everywhere) {
                return key;
            }
        }
        return null;
    }

    /** The one value a property schema allows ({@code const}, or an enum of one), or {@code null}. */
    static JsonNode fixedValue(JsonNode property) {
        if (property == null || !property.isObject()) {
            return null;
        }
        JsonNode fixed = property.get("const");
        JsonNode values = property.get("enum");
        if (fixed == null && values != null && values.isArray() && values.size() == 1) {
            fixed = values.get(0);
        }
        return fixed != null && fixed.isValueNode() ? fixed : null;
    }

    /** Whether an object value names this alternative through its {@code const} (or one-value enum) fields. */
    static boolean discriminatorMatches(JsonNode alternative, JsonNode node) {
        if (alternative == null || !node.isObject()) {
            return false;
        }
        JsonNode properties = alternative.get("properties");
        if (properties == null || !properties.isObject()) {
            return false;
        }
        boolean any = false;
        for (Map.Entry<String, JsonNode> p : properties.properties()) {
            JsonNode fixed = fixedValue(p.getValue());
            if (fixed == null) {
                continue;
            }
            JsonNode given = node.get(p.getKey());
            if (given == null || !given.isValueNode() || !given.asText().equalsIgnoreCase(fixed.asText())) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /** Follows {@code $ref}s (a bounded number of hops) to the schema that says what a value is. */
    JsonNode deref(JsonNode schema) {
        for (int hops = 0; schema != null && schema.isObject() && schema.has("$ref") && hops < SchemaLimits.MAX_DEPTH; hops++) {
            JsonNode target = SchemaNodes.resolve(root, schema.get("$ref").asText());
            if (target == null) {
                return schema;
            }
            schema = target;
        }
        return schema;
    }

    JsonNode defaultOf(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            return null;
        }
        if (schema.has("default")) {
            return schema.get("default");
        }
        JsonNode target = deref(schema);
        return target != null && target.isObject() ? target.get("default") : null;
    }

    /** Whether {@code null} is an acceptable value for the schema. */
    boolean allowsNull(JsonNode schema, int depth) {
        if (schema == null || depth > SchemaLimits.MAX_DEPTH) {
            return schema == null;
        }
        if (schema.isBoolean()) {
            return schema.booleanValue();
        }
        if (!schema.isObject()) {
            return true;
        }
        JsonNode type = schema.get("type");
        if (type != null && (type.isTextual() && type.textValue().equals("null")
                || type.isArray() && SchemaNodes.stringSet(type).contains("null"))) {
            return true;
        }
        if (schema.path("nullable").asBoolean(false)) {
            return true;
        }
        JsonNode values = schema.get("enum");
        if (values != null && values.isArray()) {
            for (JsonNode v : values) {
                if (v.isNull()) {
                    return true;
                }
            }
            return false;
        }
        if (schema.has("const")) {
            return schema.get("const").isNull();
        }
        if (type != null) {
            return false;
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            JsonNode target = SchemaNodes.resolve(root, ref.textValue());
            return target == null || allowsNull(target, depth + 1);
        }
        JsonNode alternatives = schema.has("anyOf") ? schema.get("anyOf") : schema.get("oneOf");
        if (alternatives != null && alternatives.isArray()) {
            for (JsonNode alternative : alternatives) {
                if (allowsNull(alternative, depth + 1)) {
                    return true;
                }
            }
            return false;
        }
        JsonNode all = schema.get("allOf");
        if (all != null && all.isArray()) {
            for (JsonNode part : all) {
                if (!allowsNull(part, depth + 1)) {
                    return false;
                }
            }
        }
        return SchemaTypes.types(schema).isEmpty();
    }
}
