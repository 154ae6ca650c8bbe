package dev.calltype.runtime.internal.args;

import dev.calltype.runtime.FormatInstructions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks and coerces one tool's arguments against its JSON Schema, for toolkits built at run time:
 * the same rules the generated dispatchers apply from Java types, here driven by the schema.
 *
 * <p>Every primitive conversion goes through {@link JsonCoercion}. On top of it this class applies
 * {@code required}, {@code default}, {@code additionalProperties}, {@code enum}/{@code const},
 * numeric bounds ({@code minimum}, {@code maximum}, exclusive bounds, {@code multipleOf}), string
 * length, {@code pattern}, {@code format} ({@code date}, {@code date-time}, {@code time},
 * {@code duration}, {@code uuid}, {@code uri}, {@code uri-reference}, {@code email}, {@code ipv4};
 * other formats are annotations and are not checked), array sizes and {@code uniqueItems},
 * {@code items}/{@code prefixItems}, nested objects, {@code $ref} to local definitions,
 * {@code anyOf}/{@code oneOf} (the first alternative that fits, preferring one whose
 * discriminator matches) and {@code allOf}. Every problem is reported with its JSON path, all at
 * once. A {@code null} sent for an optional parameter counts as leaving it out.
 *
 * <p>A schema-supplied {@code pattern} is run with {@code java.util.regex}, which backtracks; it is
 * applied only to strings of at most 10,000 characters ({@code SchemaLimits.MAX_PATTERN_INPUT}), so the time it takes
 * is bounded by the pattern the tool's author wrote, not by what a model sends. A pattern Java
 * cannot compile is not checked.
 *
 * <p>Thread-safe: instances hold only the schema and a cache of compiled patterns.
 */
public final class SchemaArguments {

    /** Longest made-up name (unknown tool or parameter) repeated in a message. */
    public static final int MAX_NAME_SHOWN = 60;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ObjectNode root;
    private final SchemaTree tree;
    private final ScalarChecks scalars = new ScalarChecks();

    public SchemaArguments(ObjectNode root) {
        this.root = root;
        this.tree = new SchemaTree(root);
    }

    /** The checked, coerced arguments and the problems found (empty when the call is valid). */
    public record Checked(ObjectNode arguments, List<String> problems) {
        public boolean valid() {
            return problems.isEmpty();
        }
    }

    /** Checks a call's arguments; the argument is not changed. */
    public Checked check(ObjectNode arguments) {
        List<String> problems = new ArrayList<>();
        ObjectNode out = object(root, tree.nestFlat(arguments), "", problems, 0);
        return new Checked(out == null ? NODES.objectNode() : out, List.copyOf(problems));
    }

    // ---------------------------------------------------------------------------------------------
    // one value

    private JsonNode value(JsonNode schema, JsonNode node, String path, List<String> problems, int depth) {
        if (depth > SchemaLimits.MAX_DEPTH) {
            Problems.report(problems, SchemaLimits.label(path), Problem.Kind.LIMIT, "is nested too deeply (more than "
                    + SchemaLimits.MAX_DEPTH + " levels)");
            return null;
        }
        if (schema == null) {
            return node;
        }
        if (schema.isBoolean()) {
            if (schema.booleanValue()) {
                return node;
            }
            Problems.report(problems, SchemaLimits.label(path), Problem.Kind.INVALID, "is not allowed");
            return null;
        }
        if (!schema.isObject()) {
            return node;
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            JsonNode target = SchemaNodes.resolve(root, ref.textValue());
            if (target != null) {
                node = value(target, node, path, problems, depth + 1);
                if (node == null) {
                    return null;
                }
            }
        }
        if (node.isNull()) {
            if (tree.allowsNull(schema, depth)) {
                return node;
            }
            JsonCoercion.mismatch(problems, path, SchemaTypes.expected(schema), node);
            return null;
        }
        JsonNode alternatives = schema.has("anyOf") ? schema.get("anyOf") : schema.get("oneOf");
        if (alternatives != null && alternatives.isArray() && !alternatives.isEmpty()) {
            node = alternatives(alternatives, node, path, problems, depth);
            if (node == null) {
                return null;
            }
        }
        JsonNode all = schema.get("allOf");
        if (all != null && all.isArray()) {
            for (JsonNode part : all) {
                node = value(part, node, path, problems, depth + 1);
                if (node == null) {
                    return null;
                }
            }
        }
        JsonNode values = schema.get("enum");
        if (values != null && values.isArray()) {
            return scalars.enumValue(values, node, path, problems);
        }
        if (schema.has("const")) {
            return scalars.constValue(schema.get("const"), node, path, problems);
        }
        List<String> types = SchemaTypes.types(schema);
        if (types.isEmpty()) {
            if (schema.has("type")) {
                JsonCoercion.mismatch(problems, path, "null", node);
                return null;
            }
            return node;
        }
        if (types.size() == 1) {
            return typed(types.get(0), schema, node, path, problems, depth);
        }
        List<String> firstProblems = null;
        for (String type : SchemaTypes.preferNative(types, node)) {
            List<String> scratch = new Problems();
            JsonNode out = typed(type, schema, node, path, scratch, depth);
            if (out != null && scratch.isEmpty()) {
                return out;
            }
            if (firstProblems == null && SchemaTypes.nativeKinds(node).contains(type)) {
                firstProblems = scratch;
            }
        }
        if (firstProblems != null) {
            problems.addAll(firstProblems);
        } else {
            JsonCoercion.mismatch(problems, path, SchemaTypes.expected(schema), node);
        }
        return null;
    }

    private JsonNode typed(String type, JsonNode schema, JsonNode node, String path, List<String> problems,
                           int depth) {
        switch (type) {
            case "string":
                return scalars.string(schema, node, path, problems);
            case "integer":
                return scalars.integer(schema, node, path, problems);
            case "number":
                return scalars.number(schema, node, path, problems);
            case "boolean": {
                Boolean b = JsonCoercion.toBoolean(node, path, problems);
                return b == null ? null : NODES.booleanNode(b);
            }
            case "array":
                return array(schema, node, path, problems, depth);
            case "object": {
                ObjectNode object = JsonCoercion.toObject(node, path, problems);
                return object == null ? null : object(schema, object, path, problems, depth);
            }
            case "null":
                JsonCoercion.mismatch(problems, path, "null", node);
                return null;
            default:
                return node;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // arrays

    private JsonNode array(JsonNode schema, JsonNode node, String path, List<String> problems, int depth) {
        ArrayNode array = JsonCoercion.toArray(node, path, problems);
        if (array == null) {
            return null;
        }
        int before = problems.size();
        Integer minItems = SchemaTypes.intKeyword(schema, "minItems");
        if (minItems != null && array.size() < minItems) {
            Problems.report(problems, SchemaLimits.label(path), Problem.Kind.INVALID,
                    "must have at least " + minItems + items(minItems) + ", got "
                    + array.size());
        }
        Integer maxItems = SchemaTypes.intKeyword(schema, "maxItems");
        if (maxItems != null && array.size() > maxItems) {
            Problems.report(problems, SchemaLimits.label(path), Problem.Kind.INVALID,
                    "must have at most " + maxItems + items(maxItems) + ", got "
                    + array.size());
        }
        JsonNode prefix = schema.get("prefixItems");
        JsonNode items = schema.get("items");
        ArrayNode out = NODES.arrayNode(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode itemSchema = prefix != null && prefix.isArray() && i < prefix.size() ? prefix.get(i) : items;
            JsonNode item = value(itemSchema, array.get(i), JsonCoercion.element(path, i), problems, depth + 1);
            if (item != null) {
                out.add(item);
            }
        }
        JsonNode unique = schema.get("uniqueItems");
        if (unique != null && unique.asBoolean(false) && problems.size() == before) {
            Set<JsonNode> seen = new HashSet<>();
            for (JsonNode item : out) {
                if (!seen.add(item)) {
                    Problems.report(problems, SchemaLimits.label(path), Problem.Kind.INVALID,
                            "must not contain the same item twice, got "
                            + JsonCoercion.describe(item) + " more than once");
                    break;
                }
            }
        }
        return problems.size() == before ? out : null;
    }

    private static String items(int n) {
        return n == 1 ? " item" : " items";
    }

    // ---------------------------------------------------------------------------------------------
    // objects

    private ObjectNode object(JsonNode schema, ObjectNode object, String path, List<String> problems, int depth) {
        int before = problems.size();
        JsonNode declared = schema.get("properties");
        ObjectNode properties = declared != null && declared.isObject() ? (ObjectNode) declared : NODES.objectNode();
        Set<String> required = SchemaNodes.stringSet(schema.get("required"));
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, JsonNode> p : properties.properties()) {
            String name = p.getKey();
            JsonNode property = p.getValue();
            JsonNode given = object.get(name);
            String at = JsonCoercion.child(path, name);
            if (given == null || given.isNull() && !tree.allowsNull(property, depth)) {
                JsonNode dflt = tree.defaultOf(property);
                if (dflt != null) {
                    out.set(name, dflt.deepCopy());
                } else if (required.contains(name)) {
                    Problems.report(problems, at, Problem.Kind.REQUIRED,
                            "is required" + (given == null ? "" : " and must not be null"));
                }
                continue;
            }
            JsonNode checked = value(property, given, at, problems, depth + 1);
            if (checked != null) {
                out.set(name, checked);
            }
        }
        for (String name : required) {
            if (!properties.has(name) && (!object.has(name) || object.get(name).isNull())) {
                Problems.report(problems, JsonCoercion.child(path, name), Problem.Kind.REQUIRED, "is required");
            }
        }
        JsonNode additional = schema.get("additionalProperties");
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            String name = e.getKey();
            if (properties.has(name)) {
                continue;
            }
            String at = JsonCoercion.child(path, displayName(name));
            if (additional != null && additional.isBoolean() && !additional.booleanValue()) {
                Problems.report(problems, at, Problem.Kind.UNKNOWN, unknown(name, properties, path));
            } else if (additional != null && additional.isObject()) {
                JsonNode checked = value(additional, e.getValue(), at, problems, depth + 1);
                if (checked != null) {
                    out.set(name, checked);
                }
            } else {
                out.set(name, e.getValue());
            }
        }
        Integer minProperties = SchemaTypes.intKeyword(schema, "minProperties");
        if (minProperties != null && out.size() < minProperties) {
            Problems.report(problems, SchemaLimits.label(path), Problem.Kind.INVALID,
                    "must have at least " + minProperties + " fields, got "
                    + out.size());
        }
        Integer maxProperties = SchemaTypes.intKeyword(schema, "maxProperties");
        if (maxProperties != null && out.size() > maxProperties) {
            Problems.report(problems, SchemaLimits.label(path), Problem.Kind.INVALID,
                    "must have at most " + maxProperties + " fields, got "
                    + out.size());
        }
        return problems.size() == before ? out : null;
    }

    /** What follows the name of an unknown member: the closest name, and the names there are. */
    private static String unknown(String name, ObjectNode properties, String parent) {
        StringBuilder out = new StringBuilder();
        String suggestion = Names.closest(name, properties::fieldNames);
        if (suggestion != null) {
            out.append(" (did you mean '").append(JsonCoercion.child(parent, suggestion)).append("'?)");
        }
        if (properties.isEmpty()) {
            out.append(parent.isEmpty() ? "; this tool takes no parameters" : "; '" + parent + "' has no fields");
        } else {
            out.append("; the parameters ").append(parent.isEmpty() ? "" : "of '" + parent + "' ").append("are: ");
            boolean first = true;
            for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) {
                out.append(first ? "" : ", ").append(it.next());
                first = false;
            }
        }
        return out.toString();
    }

    /**
     * A name a model made up, fit for a message: at most {@value #MAX_NAME_SHOWN} characters,
     * control characters escaped.
     */
    public static String displayName(String name) {
        StringBuilder out = new StringBuilder();
        int shown = Math.min(name.length(), MAX_NAME_SHOWN);
        for (int i = 0; i < shown; i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return name.length() > MAX_NAME_SHOWN ? out.append('…').toString() : out.toString();
    }

    // ---------------------------------------------------------------------------------------------
    // anyOf / oneOf

    private JsonNode alternatives(JsonNode alternatives, JsonNode node, String path, List<String> problems,
                                  int depth) {
        List<JsonNode> ordered = new ArrayList<>();
        List<JsonNode> rest = new ArrayList<>();
        Set<String> kinds = SchemaTypes.nativeKinds(node);
        for (JsonNode alternative : alternatives) {
            JsonNode resolved = tree.deref(alternative);
            boolean nativeFit = false;
            if (resolved != null) {
                for (String t : SchemaTypes.types(resolved)) {
                    nativeFit |= kinds.contains(t);
                }
            }
            (nativeFit ? ordered : rest).add(alternative);
        }
        ordered.addAll(rest);
        List<String> best = null;
        boolean bestDiscriminated = false;
        for (JsonNode alternative : ordered) {
            List<String> scratch = new Problems();
            JsonNode out = value(alternative, node, path, scratch, depth + 1);
            if (out != null && scratch.isEmpty()) {
                return out;
            }
            boolean discriminated = SchemaTree.discriminatorMatches(tree.deref(alternative), node);
            if (best == null || discriminated && !bestDiscriminated
                    || discriminated == bestDiscriminated && scratch.size() < best.size()) {
                best = scratch;
                bestDiscriminated = discriminated;
            }
        }
        String discriminator = bestDiscriminated ? null : tree.commonDiscriminator(ordered, node);
        if (bestDiscriminated) {
            problems.addAll(best);
        } else if (discriminator != null) {
            List<String> literals = new ArrayList<>();
            for (JsonNode alternative : ordered) {
                JsonNode property = tree.deref(alternative).get("properties").get(discriminator);
                literals.add(SchemaNodes.write(SchemaTree.fixedValue(property)));
            }
            String at = JsonCoercion.child(path, discriminator);
            JsonNode given = node.get(discriminator);
            if (given == null) {
                Problems.report(problems, at, Problem.Kind.REQUIRED,
                        "is required: one of " + String.join(", ", literals));
            } else {
                JsonCoercion.mismatch(problems, at, "one of " + String.join(", ", literals), given);
            }
        } else {
            List<String> shapes = new ArrayList<>();
            for (JsonNode alternative : ordered) {
                shapes.add(FormatInstructions.type(tree.deref(alternative)));
            }
            JsonCoercion.mismatch(problems, path, "one of these forms: " + String.join(", ", shapes), node);
        }
        return null;
    }

}
