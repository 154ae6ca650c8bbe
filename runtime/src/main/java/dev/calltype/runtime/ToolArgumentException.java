package dev.calltype.runtime;

import java.util.List;

/**
 * A call whose arguments do not fit the tool: thrown by the generated {@code parse} methods, with
 * every problem listed (each with its JSON path).
 */
public final class ToolArgumentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The tool of the first failed call, or {@code null}; serialized (the lists are not). */
    private final String toolName;
    private final transient List<String> toolNames;
    private final transient List<String> problems;

    /**
     * The arguments of one call do not fit its tool.
     *
     * @param toolName the tool the call named, or {@code null} when it named no known tool
     * @param problems what is wrong, one entry per problem, each naming the JSON path it is about
     */
    public ToolArgumentException(String toolName, List<String> problems) {
        this(toolName == null ? List.of() : List.of(toolName), problems);
    }

    /**
     * The arguments of one or more calls do not fit their tools.
     *
     * @param toolNames the tools whose calls failed, in the order of the text (empty when no call named
     *                  a known tool)
     * @param problems what is wrong, one entry per problem, each naming the JSON path it is about
     */
    public ToolArgumentException(List<String> toolNames, List<String> problems) {
        super(message(toolNames, problems));
        this.toolNames = List.copyOf(toolNames);
        this.toolName = this.toolNames.isEmpty() ? null : this.toolNames.get(0);
        this.problems = List.copyOf(problems);
    }

    /** {@code invalid call to get_stock: parameter 'sku' is required; …}: each problem once, no doubled stops. */
    private static String message(List<String> toolNames, List<String> problems) {
        StringBuilder b = new StringBuilder(toolNames.isEmpty() ? "invalid tool call"
                : toolNames.size() == 1 ? "invalid call to " + toolNames.get(0)
                : "invalid calls to " + String.join(", ", toolNames)).append(": ");
        for (int i = 0; i < problems.size(); i++) {
            String p = problems.get(i);
            if (i > 0) {
                b.append("; ");
            }
            b.append(p.endsWith(".") ? p.substring(0, p.length() - 1) : p);
        }
        return b.toString();
    }

    /**
     * The tool of the first failed call.
     *
     * @return the tool's name, or {@code null} when no call named a known tool
     */
    public String toolName() {
        return toolName;
    }

    /**
     * Every tool whose call failed, in the order of the text, each once.
     *
     * @return the tools' names, an unmodifiable list, empty when no call named a known tool
     */
    public List<String> toolNames() {
        return toolNames;
    }

    /**
     * Every problem found, e.g. {@code parameter 'item.quantity' must be an integer, got "many"}.
     *
     * @return the problems, an unmodifiable list in the order they were found
     */
    public List<String> problems() {
        return problems;
    }
}
