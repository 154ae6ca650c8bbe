package dev.calltype.example;

import dev.calltype.example.tools.Notes;
import dev.calltype.mcp.McpToolServer;
import dev.calltype.runtime.Toolkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code mcp-server}: the example tools served to MCP hosts (Claude Desktop, IDEs, the MCP Inspector) over stdio,
 * or over streamable HTTP with {@code --http PORT}.
 */
final class McpServerCommand {

    static final String USAGE = """
            Usage: java -jar calltype.jar mcp-server [--notes DIR] [--http PORT] [--token-file FILE | --token TOKEN]
                                                     [--allow-origin ORIGIN] [--yes]

            Serves the example tools (notes, calculator, world clock) over the Model Context Protocol.
            By default it speaks MCP on standard input and output, for a host that starts it as a
            command; standard output then carries nothing but the protocol. It speaks both MCP
            revisions: 2026-07-28 (stateless) and 2025-11-25 (initialize and a session).

            Options:
              --notes DIR          the folder for the notes tools (default: a new temporary folder)
              --http PORT          serve streamable HTTP at http://127.0.0.1:PORT/mcp instead (0 picks a free port)
              --token-file FILE    HTTP: require 'Authorization: Bearer TOKEN' on every request, TOKEN being
                                   the file's first line (other local users cannot read it in the process list)
              --token TOKEN        the same with the token on the command line (visible to local users)
              --allow-origin ORIG  HTTP: also accept browser requests from this Origin (requests from other
                                   origins are refused; loopback origins are always accepted)
              --yes                run tools that need confirmation (delete_note) when a host calls them,
                                   trusting the host to have asked its user; without it such calls are
                                   declined with a result saying why (nobody can be asked here)

            Environment:
              CALLTYPE_MCP_TOKEN   HTTP: the bearer token, when neither --token-file nor --token is given
            """;

    private McpServerCommand() {
    }

    static int run(List<String> args, InputStream in, PrintStream out, PrintStream err, Environment env)
            throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(USAGE);
            return 0;
        }
        Options options = Options.parse("mcp-server", args, Set.of("notes", "http", "token", "token-file",
                "allow-origin"), Set.of("yes"));
        boolean http = options.value("http").isPresent();
        if (!http && (options.value("token").isPresent() || options.value("token-file").isPresent()
                || options.value("allow-origin").isPresent())) {
            throw new UsageException("mcp-server: --token, --token-file and --allow-origin need --http PORT");
        }
        if (options.value("token").isPresent() && options.value("token-file").isPresent()) {
            throw new UsageException("mcp-server: give --token or --token-file, not both");
        }
        Path folder = DemoCommand.notesFolder(options, "mcp-server");
        Toolkit toolkit = ExampleTools.toolkit(new Notes(folder), env.clock());
        McpToolServer.Builder builder = McpToolServer.builder(toolkit)
                .name("calltype-example")
                .instructions("Tools for the user's notes (kept as Markdown files in " + folder
                        + "), a calculator with unit conversion, and a world clock.");
        if (options.has("yes")) {
            builder.approver((call, tool) -> true); // the user said so when starting the server
        }
        if (!http) {
            // Standard output belongs to the protocol: anything else that writes to System.out goes to stderr.
            PrintStream protocol = out;
            if (out == System.out) {
                System.setOut(err);
            }
            return serveUntilClosed(builder.stdio(in, protocol));
        }
        int port = options.intValue("http", 0, 0, 65_535);
        String token = token(options, env);
        if (token != null) {
            builder.bearerToken(token);
        }
        options.value("allow-origin").ifPresent(builder::allowedOrigin);
        McpToolServer server;
        try {
            server = builder.http(port);
        } catch (IOException e) {
            err.println("calltype mcp-server: " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "mcp-server-shutdown"));
        out.println("serving " + toolkit.tools().size() + " tools over MCP at " + server.uri().orElseThrow()
                + " (notes in " + folder + ")");
        out.flush();
        return serveUntilClosed(server);
    }

    /** The bearer token: {@code --token-file}'s first line, {@code --token}, or {@code CALLTYPE_MCP_TOKEN}. */
    static String token(Options options, Environment env) throws UsageException {
        if (options.value("token-file").isPresent()) {
            String file = options.value("token-file").get();
            String first;
            try (java.io.BufferedReader reader = java.nio.file.Files.newBufferedReader(Path.of(file))) {
                first = reader.readLine();
            } catch (IOException | RuntimeException e) {
                throw new UsageException("mcp-server: cannot read --token-file " + file + ": " + e.getMessage());
            }
            if (first == null || first.isBlank()) {
                throw new UsageException("mcp-server: --token-file " + file + " is empty; its first line is the token");
            }
            return first.strip();
        }
        if (options.value("token").isPresent()) {
            return options.value("token").get();
        }
        String fromEnv = env.variable("CALLTYPE_MCP_TOKEN");
        return fromEnv == null || fromEnv.isBlank() ? null : fromEnv.strip();
    }

    /** Blocks until the server is closed (stdio: the host closed our input; HTTP: the process is stopped). */
    private static int serveUntilClosed(McpToolServer server) {
        try {
            server.awaitClosed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
        }
        return 0;
    }
}
