package dev.calltype.runtime;

import java.util.List;

/**
 * A call whose arguments do not fit the tool: thrown by the generated {@code parse} methods, with
 * every problem listed (each with its JSON path).
 */
public final class ToolArgumentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String toolName;
    private final transient List<String> problems;

    public ToolArgumentException(String toolName, List<String> problems) {
        super(message(toolName, problems));
        this.toolName = toolName;
        this.problems = List.copyOf(problems);
    }

    private static String message(String toolName, List<String> problems) {
        return (toolName == null ? "invalid tool call" : "invalid call to " + toolName) + ": "
                + String.join("; ", problems);
    }

    /** The tool the call named, or {@code null}. */
    public String toolName() {
        return toolName;
    }

    /** Every problem found, e.g. {@code parameter 'item.quantity' must be an integer, got "many"}. */
    public List<String> problems() {
        return problems;
    }
}
