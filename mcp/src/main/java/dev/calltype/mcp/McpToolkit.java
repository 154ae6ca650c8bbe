package dev.calltype.mcp;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The tools of a running MCP server as a {@link Toolkit}, for {@code ToolLoop} or {@link Toolkits#combine}.
 *
 * <pre>{@code
 * try (McpToolkit memory = McpToolkit.stdio("npx", "-y", "@modelcontextprotocol/server-memory").connect()) {
 *     ToolLoop loop = ToolLoop.builder(model, Toolkits.combine(new NotesTools(notes), memory)).build();
 *     System.out.println(loop.run("Remember that Ada likes tea").answer());
 * }
 * }</pre>
 *
 * <ul>
 *   <li>The tools are the server's {@code tools/list} (every page, following {@code nextCursor}); when the
 *       server announces that its tools changed, they are listed again; a toolkit combined with others
 *       ({@link Toolkits#combine}) and a {@code ToolLoop} over it follow the new list from their next call or
 *       round.</li>
 *   <li>{@link #dispatch} checks and coerces a call's arguments against the tool's input schema the way a
 *       toolkit built with {@link Toolkits#fromJson} does (so sloppy arguments a model wrote are repaired, and
 *       wrong ones come back with a correction message without reaching the server), then sends
 *       {@code tools/call}. A result's {@code structuredContent} is its value, otherwise its text content; a
 *       result with {@code isError} is a failure carrying the server's text.</li>
 *   <li>A server that has died, or does not answer within the {@linkplain Builder#timeout timeout}, gives
 *       failure results; a call never hangs.</li>
 *   <li>{@link #close()} ends the session and stops a server started as a command.</li>
 * </ul>
 */
public final class McpToolkit implements Toolkit, AutoCloseable {

    private final McpAsyncClient client;
    private final String source;
    private final Duration timeout;
    private volatile Toolkit tools;
    /** Completes when a server started as a command exits; a pending call then fails at once. */
    private final Sinks.Empty<Void> exited = Sinks.empty();
    private volatile boolean hasExited;

    private McpToolkit(McpAsyncClient client, String source, Duration timeout) {
        this.client = client;
        this.source = source;
        this.timeout = timeout;
    }

    /**
     * A server started as a command ({@code npx -y @modelcontextprotocol/server-memory}), spoken to over stdio.
     *
     * @param command the program to run, found on the {@code PATH} as a shell would
     * @param args its arguments, passed as they are (no shell quoting)
     * @return a builder; {@link Builder#connect()} starts the server
     */
    public static Builder stdio(String command, String... args) {
        List<String> line = new ArrayList<>();
        line.add(Objects.requireNonNull(command, "command"));
        line.addAll(List.of(args));
        return stdio(line);
    }

    /**
     * A server started as a command line (the command, then its arguments), spoken to over stdio.
     *
     * @param commandLine the program to run, then its arguments
     * @return a builder; {@link Builder#connect()} starts the server
     * @throws IllegalArgumentException when the command line is empty or its command blank
     */
    public static Builder stdio(List<String> commandLine) {
        if (commandLine.isEmpty() || commandLine.get(0).isBlank()) {
            throw new IllegalArgumentException("the MCP server command is empty");
        }
        return new Builder(List.copyOf(commandLine), null);
    }

    /**
     * A server at a streamable HTTP endpoint ({@code http://127.0.0.1:8080/mcp}).
     *
     * @param endpoint the server's MCP endpoint, {@code http} or {@code https}
     * @return a builder; {@link Builder#connect()} reaches the server
     * @throws IllegalArgumentException when the URL is neither {@code http} nor {@code https}
     */
    public static Builder http(URI endpoint) {
        Objects.requireNonNull(endpoint, "endpoint");
        if (!"http".equals(endpoint.getScheme()) && !"https".equals(endpoint.getScheme())) {
            throw new IllegalArgumentException("an MCP endpoint must be an http or https URL: " + endpoint);
        }
        return new Builder(null, endpoint);
    }

    /**
     * Where the tools come from: the server's command line or URL.
     *
     * @return the command line (joined with spaces) or the endpoint, as messages name the server
     */
    public String source() {
        return source;
    }

    @Override
    public List<ToolSpec> tools() {
        return tools.tools();
    }

    @Override
    public String schemaJson(SchemaDialect dialect) {
        return tools.schemaJson(dialect);
    }

    @Override
    public String formatInstructions(PromptFormat format) {
        return tools.formatInstructions(format);
    }

    @Override
    public ToolResult dispatch(ToolCall call) {
        return tools.dispatch(call);
    }

    /** An extractor over the tools as listed now: the same one until the server's tools change. */
    @Override
    public ToolCallExtractor extractor() {
        return tools.extractor();
    }

    /** Lists the server's tools again (every page). */
    public void refresh() {
        install(listAll());
    }

    /** Ends the session; a server started as a command is stopped. */
    @Override
    public void close() {
        try {
            client.closeGracefully().block(timeout);
        } catch (RuntimeException e) {
            // a server that does not take a graceful close is closed hard below
        } finally {
            client.close();
        }
    }

    @Override
    public String toString() {
        return "MCP server " + source;
    }

    private List<McpSchema.Tool> listAll() {
        List<McpSchema.Tool> all = new ArrayList<>();
        Set<String> cursors = new HashSet<>();
        String cursor = null;
        do {
            McpSchema.ListToolsResult page = await(client.listTools(cursor), "tools/list");
            all.addAll(page.tools());
            cursor = page.nextCursor();
            if (cursor != null && !cursors.add(cursor)) {
                throw new IllegalStateException(this + " sent the tools/list cursor \"" + cursor + "\" twice");
            }
        } while (cursor != null);
        return all;
    }

    private void install(List<McpSchema.Tool> listed) {
        this.tools = Toolkits.fromJson(McpTools.listingJson(listed), this::call);
    }

    /** The handler behind {@link #dispatch}: one {@code tools/call} with checked arguments. */
    private JsonNode call(String name, ObjectNode arguments) throws RemoteToolException {
        McpSchema.CallToolResult result = await(
                client.callTool(new McpSchema.CallToolRequest(name, McpTools.toMap(arguments))), "tools/call");
        if (Boolean.TRUE.equals(result.isError())) {
            String text = McpTools.text(result);
            throw new RemoteToolException(text.isBlank() ? "the server reported an error without text" : text);
        }
        return McpTools.value(result);
    }

    private <T> T await(Mono<T> request, String method) {
        try {
            T value = request.takeUntilOther(exited.asMono()).timeout(timeout).block();
            if (value == null && hasExited) {
                throw new RemoteToolException("the MCP server has exited");
            }
            if (value == null) {
                throw new RemoteToolException("the server sent no " + method + " result");
            }
            return value;
        } catch (McpError e) {
            throw new RemoteToolException("the server answered " + method + " with an error: " + e.getMessage());
        } catch (RemoteToolException e) {
            throw e;
        } catch (RuntimeException e) {
            if (isTimeout(e)) {
                throw new RemoteToolException("the MCP server did not answer " + method + " within "
                        + seconds(timeout));
            }
            throw new RemoteToolException("the MCP server cannot be reached (" + method + ")");
        }
    }

    /** Watches a server started as a command: when it exits, pending and later calls fail at once. */
    private void watch(StdioClientTransport transport) {
        Thread watcher = new Thread(() -> {
            try {
                transport.awaitForExit();
            } catch (RuntimeException e) {
                // the process is gone either way
            }
            hasExited = true;
            exited.tryEmitEmpty();
        }, "mcp-server-exit " + source);
        watcher.setDaemon(true);
        watcher.start();
    }

    private static boolean isTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.util.concurrent.TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    /** A failure the model is told about: the text is the server's, or says what went wrong with the server. */
    private static final class RemoteToolException extends RuntimeException {

        RemoteToolException(String message) {
            super(message, null, false, false);
        }
    }

    /** How to reach the server. */
    public static final class Builder {

        private final List<String> commandLine;
        private final URI endpoint;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Duration timeout = Duration.ofSeconds(30);
        private String bearerToken;
        private String clientName = "calltype";

        private Builder(List<String> commandLine, URI endpoint) {
            this.commandLine = commandLine;
            this.endpoint = endpoint;
        }

        /**
         * An environment variable for the server command (it also inherits this process's environment).
         *
         * @param name the variable's name
         * @param value its value, replacing an inherited one
         * @return this builder
         */
        public Builder env(String name, String value) {
            env.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Environment variables for the server command, as {@link #env(String, String)} adds each.
         *
         * @param variables the names and values
         * @return this builder
         */
        public Builder env(Map<String, String> variables) {
            variables.forEach(this::env);
            return this;
        }

        /**
         * How long to wait for any one answer of the server (start-up, {@code tools/list}, each {@code tools/call});
         * 30 seconds unless set.
         *
         * @param timeout the longest wait, positive
         * @return this builder
         * @throws IllegalArgumentException when {@code timeout} is zero or negative
         */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("the timeout must be positive: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * HTTP only: sends {@code Authorization: Bearer <token>} with every request.
         *
         * @param token the token; {@code null} sends none
         * @return this builder
         */
        public Builder bearerToken(String token) {
            this.bearerToken = token;
            return this;
        }

        /**
         * The client name the server is told ({@code calltype} unless set).
         *
         * @param name the name sent in {@code initialize}
         * @return this builder
         */
        public Builder clientName(String name) {
            this.clientName = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * Starts or reaches the server, initializes the session and lists the tools.
         *
         * @throws IllegalStateException when the server cannot be started or reached, or does not answer in time
         *     (the message says which server and what happened)
         * @return a toolkit over the server's tools, following {@code tools/list_changed}; close it to stop the
         *     session (and a stdio server's process)
         */
        public McpToolkit connect() {
            String source = commandLine != null ? String.join(" ", commandLine) : endpoint.toString();
            if (commandLine != null && !runnable(commandLine.get(0))) {
                throw new IllegalStateException("cannot use the MCP server " + source + ": the command "
                        + commandLine.get(0) + " is not found or not executable");
            }
            StdioClientTransport stdio = commandLine != null ? stdioTransport() : null;
            McpClientTransport transport = stdio != null ? stdio : httpTransport();
            McpToolkit[] toolkit = new McpToolkit[1];
            McpAsyncClient client = McpClient.async(transport)
                    .clientInfo(new McpSchema.Implementation(clientName, "1.0.0"))
                    .requestTimeout(timeout)
                    .initializationTimeout(timeout)
                    .jsonSchemaValidator(new OutputSchemaValidator())
                    .toolsChangeConsumer(listed -> Mono.fromRunnable(() -> {
                        if (toolkit[0] != null) {
                            toolkit[0].install(listed);
                        }
                    }))
                    .build();
            McpToolkit result = new McpToolkit(client, source, timeout);
            try {
                result.await(client.initialize(), "initialize");
                if (stdio != null) {
                    result.watch(stdio);
                }
                result.install(result.listAll());
            } catch (RuntimeException e) {
                result.close();
                throw new IllegalStateException("cannot use the MCP server " + source + ": " + e.getMessage());
            }
            toolkit[0] = result;
            return result;
        }

        /** Whether {@code command} names an executable file, as given or on the {@code PATH}. */
        private static boolean runnable(String command) {
            if (command.contains("/") || command.contains(java.io.File.separator)) {
                return java.nio.file.Files.isExecutable(java.nio.file.Path.of(command));
            }
            String path = System.getenv("PATH");
            if (path == null) {
                return true; // nothing to look in: let the start itself fail
            }
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                for (String suffix : new String[] {"", ".exe", ".cmd", ".bat"}) {
                    if (java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, command + suffix))) {
                        return true;
                    }
                }
            }
            return false;
        }

        private StdioClientTransport stdioTransport() {
            ServerParameters parameters = ServerParameters.builder(commandLine.get(0))
                    .args(commandLine.subList(1, commandLine.size()))
                    .env(env)
                    .build();
            StdioClientTransport transport = new StdioClientTransport(parameters, McpTools.MAPPER);
            transport.setStdErrorHandler(line -> {
                // the server's diagnostics are not part of the conversation
            });
            return transport;
        }

        private McpClientTransport httpTransport() {
            String base = endpoint.getScheme() + "://" + endpoint.getRawAuthority();
            String path = endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty() ? "/" : endpoint.getRawPath();
            if (endpoint.getRawQuery() != null) {
                path += "?" + endpoint.getRawQuery();
            }
            HttpClientStreamableHttpTransport.Builder http = HttpClientStreamableHttpTransport.builder(base)
                    .endpoint(path)
                    .jsonMapper(McpTools.MAPPER)
                    .connectTimeout(timeout);
            if (bearerToken != null) {
                String header = "Bearer " + bearerToken;
                http.httpRequestCustomizer((request, method, uri, body, context) ->
                        request.header("Authorization", header));
            }
            return http.build();
        }
    }
}
