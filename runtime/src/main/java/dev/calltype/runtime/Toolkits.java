package dev.calltype.runtime;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Toolkits made at run time: several toolkits combined into one, and toolkits over tools that are
 * only known at run time (an MCP server's listing, a configuration file) whose calls go to a
 * {@link ToolHandler}.
 *
 * <pre>{@code
 * Toolkit remote = Toolkits.fromJson(mcpToolsListJson, (name, args) -> mcpClient.call(name, args));
 * Toolkit all = Toolkits.combine(new WeatherServiceTools(weather), remote);
 * List<ToolResult> results = all.handle(modelOutput);
 * }</pre>
 */
public final class Toolkits {

    private Toolkits() {
    }

    /**
     * One toolkit over several: its tools are theirs in order, each call goes to the toolkit that
     * has the tool, and schemas and format instructions cover every tool.
     *
     * <p>The combination is live: when a toolkit's tools change after it was combined (an MCP server that
     * announced new tools), the combined tools, routes, schemas and instructions follow before the next call.
     * A name that then clashes with an earlier toolkit's tool stays with the earlier toolkit; the later one's tool
     * is left out (a running conversation must not fail). Names of different toolkits that differ only in case and
     * separators ({@code delete.note} beside {@code delete_note}) are allowed: a call runs the tool it names exactly,
     * and a spelling that folds onto both ({@code deleteNote}) is refused as ambiguous. Both are reported by the
     * combined toolkit's {@link Toolkit#warnings()}, for the user to see, and logged through
     * {@link System.Logger}. A call is {@linkplain Toolkit#bind bound} to the toolkit that owns its tool, so
     * approval always follows the tool that runs.
     *
     * @param toolkits the toolkits, in the order their tools are listed; none may be {@code null}
     * @return a toolkit over all of their tools
     * @throws IllegalArgumentException when two toolkits have a tool of the same name (the message
     *     names the tool and both toolkits)
     */
    public static Toolkit combine(Toolkit... toolkits) {
        Objects.requireNonNull(toolkits, "toolkits");
        List<Toolkit> parts = new ArrayList<>(Arrays.asList(toolkits));
        for (int i = 0; i < parts.size(); i++) {
            Objects.requireNonNull(parts.get(i), "toolkit #" + (i + 1));
        }
        return new CombinedToolkit(parts);
    }

    /**
     * A toolkit over the tools of an OpenAI {@code tools} array, an MCP {@code tools/list} result
     * or an Anthropic {@code tools} array (see {@link ToolSpecs#fromJson}). Its {@code dispatch}
     * checks and coerces each call's arguments against the tool's JSON Schema the way generated
     * toolkits do, reports every problem with its path and the tool's signature, and only then calls
     * the handler.
     *
     * @param listing the tools listing as JSON text
     * @param handler runs a call whose arguments fit the tool's schema; what it returns or throws becomes the result
     * @return a toolkit over the listing's tools, in the listing's order
     * @throws IllegalArgumentException when the listing cannot be read (the message says where)
     */
    public static Toolkit fromJson(String listing, ToolHandler handler) {
        Objects.requireNonNull(listing, "listing");
        return of(ToolSpecs.fromJson(listing), handler);
    }

    /**
     * A toolkit over tools described in code, with the same checking as {@link #fromJson}.
     *
     * @param tools the tools, in the order the toolkit lists them
     * @param handler runs a call whose arguments fit the tool's schema; what it returns or throws becomes the result
     * @return a toolkit over these tools
     * @throws IllegalArgumentException when two tools have the same name
     */
    public static Toolkit of(List<ToolSpec> tools, ToolHandler handler) {
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(handler, "handler");
        return new DynamicToolkit(tools, handler);
    }
}
