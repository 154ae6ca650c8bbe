package dev.calltype.runtime.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Reads one JSON value as a Java value: a generated reader of a record or a sealed interface, or one of
 * {@link ToolTable}'s readers of scalars, enums, collections and maps. Support for generated code, no API.
 */
@FunctionalInterface
public interface ValueReader {

    /**
     * The value, or {@code null} after adding a problem for {@code path}.
     *
     * @param depth the nesting depth of a record read here: 1 for a tool's parameters and their elements, one
     *     more inside each record; record readers refuse records deeper than {@link ArgumentSupport#MAX_DEPTH}
     */
    Object read(JsonNode node, String path, List<String> problems, int depth);
}
