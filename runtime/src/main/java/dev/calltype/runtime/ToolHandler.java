package dev.calltype.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs the tools of a toolkit built at run time ({@link Toolkits#fromJson}, {@link Toolkits#of}).
 * It is called only with a known tool name and arguments that have been checked and coerced against
 * the tool's schema: required parameters present, defaults filled in, values of the declared types.
 */
@FunctionalInterface
public interface ToolHandler {

    /**
     * Runs one call.
     *
     * @param toolName the tool's name, one of the toolkit's
     * @param arguments the checked arguments; the handler may keep or change this object
     * @return the result: a string goes back to the model as it is, anything else as JSON text;
     *     {@code null} is answered with a short confirmation
     * @throws Exception anything the tool fails with: its message goes back to the model as a
     *     failure result (never its stack trace)
     */
    JsonNode handle(String toolName, ObjectNode arguments) throws Exception;
}
