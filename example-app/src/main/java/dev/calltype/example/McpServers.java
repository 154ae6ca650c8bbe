package dev.calltype.example;

import dev.calltype.mcp.McpToolkit;
import dev.calltype.runtime.TerminalText;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP servers {@code chat --mcp "COMMAND ARG…"} adds to the conversation: each started as a command, its tools
 * put beside the built-in ones (a tool name two sources share is an error naming both), all stopped on close.
 */
final class McpServers implements AutoCloseable {

    private final List<McpToolkit> servers;

    private McpServers(List<McpToolkit> servers) {
        this.servers = servers;
    }

    /**
     * Starts each server (the command lines given with {@code --mcp}, in order) and checks that no tool name is used
     * twice among {@code builtIn} and the servers.
     *
     * @param variables the {@code --mcp-env} values: {@code NAME} passes this program's variable, {@code NAME=VALUE}
     *     sets one, for every server (which otherwise gets only the allowlisted variables)
     * @throws UsageException when a command line is empty, or two sources have a tool of the same name (the message
     *     names both)
     * @throws IllegalStateException when a server cannot be started or does not answer (the message names it)
     */
    static McpServers start(String command, List<String> commandLines, List<String> variables, Toolkit builtIn,
            Duration timeout) throws UsageException {
        List<String> inherited = new ArrayList<>();
        Map<String, String> set = new LinkedHashMap<>();
        for (String variable : variables) {
            int eq = variable.indexOf('=');
            String name = eq < 0 ? variable : variable.substring(0, eq);
            if (name.isBlank()) {
                throw new UsageException(command + ": option --mcp-env needs a variable name (NAME or NAME=VALUE)");
            }
            if (eq < 0) {
                inherited.add(name);
            } else {
                set.put(name, variable.substring(eq + 1));
            }
        }
        List<List<String>> argvs = new ArrayList<>();
        for (String line : commandLines) {
            List<String> argv = words(line);
            if (argv.isEmpty()) {
                throw new UsageException(command + ": option --mcp is empty; give the server's command line");
            }
            argvs.add(argv);
        }
        List<McpToolkit> started = new ArrayList<>();
        try {
            Map<String, String> owners = new LinkedHashMap<>();
            for (ToolSpec tool : builtIn.tools()) {
                owners.put(tool.name(), "the built-in tools");
            }
            for (int i = 0; i < argvs.size(); i++) {
                String line = commandLines.get(i);
                McpToolkit server = McpToolkit.stdio(argvs.get(i)).inheritEnv(inherited.toArray(new String[0]))
                        .env(set).timeout(timeout).connect();
                started.add(server);
                String source = "the MCP server \"" + line + "\"";
                for (ToolSpec tool : server.tools()) {
                    String previous = owners.putIfAbsent(tool.name(), source);
                    if (previous != null) {
                        throw new UsageException(command + ": the tool name \"" + TerminalText.line(tool.name())
                                + "\" is provided by both "
                                + previous + " and " + source + "; leave one of them out");
                    }
                }
            }
            return new McpServers(started);
        } catch (UsageException | RuntimeException e) {
            started.forEach(McpToolkit::close);
            throw e;
        }
    }

    /** The built-in tools and every server's, in one toolkit. */
    Toolkit with(Toolkit builtIn) {
        if (servers.isEmpty()) {
            return builtIn;
        }
        List<Toolkit> all = new ArrayList<>();
        all.add(builtIn);
        all.addAll(servers);
        return Toolkits.combine(all.toArray(new Toolkit[0]));
    }

    /** Stops every server. */
    @Override
    public void close() {
        servers.forEach(McpToolkit::close);
    }

    /** Splits a command line on spaces; single or double quotes keep a word whole, as a shell would. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any) {
                    words.add(word.toString());
                    word.setLength(0);
                    any = false;
                }
            } else {
                word.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(word.toString());
        }
        return words;
    }
}
