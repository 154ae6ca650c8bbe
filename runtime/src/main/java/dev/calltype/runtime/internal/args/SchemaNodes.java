package dev.calltype.runtime.internal.args;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashSet;
import java.util.Set;

/** Reading and writing the JSON Schema trees of {@code ToolSpec}s: compact text, local references, string lists. */
public final class SchemaNodes {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaNodes() {
    }

    /** Compact JSON, as Jackson's default writer writes it. */
    public static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON tree", e);
        }
    }

    /**
     * The schema a local reference points at ({@code #}, {@code #/$defs/Name}, any JSON pointer
     * after {@code #}), or {@code null}.
     */
    public static JsonNode resolve(JsonNode root, String ref) {
        if (ref.equals("#")) {
            return root;
        }
        if (!ref.startsWith("#/")) {
            return null;
        }
        try {
            JsonNode target = root.at(JsonPointer.compile(ref.substring(1)));
            return target.isMissingNode() ? null : target;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The strings of a JSON array ({@code required}, {@code enum}), in order, others skipped; empty for a non-array. */
    public static Set<String> stringSet(JsonNode array) {
        Set<String> out = new LinkedHashSet<>();
        if (array != null && array.isArray()) {
            for (JsonNode item : array) {
                if (item.isTextual()) {
                    out.add(item.textValue());
                }
            }
        }
        return out;
    }
}
