package dev.calltype.mcp;

import dev.calltype.runtime.BoundTool;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
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
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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
 *   <li>The tools are the server's {@code tools/list} (every page, following {@code nextCursor}), less tools that
 *       can only be called as tasks ({@code execution.taskSupport: "required"}), which this client does not offer;
 *       when the server announces that its tools changed, they are listed again (a burst of announcements makes one
 *       or two re-lists, not one each); a toolkit combined with others
 *       ({@link Toolkits#combine}) and a {@code ToolLoop} over it follow the new list from their next call or
 *       round.</li>
 *   <li>{@link #dispatch} checks and coerces a call's arguments against the tool's input schema the way a
 *       toolkit built with {@link Toolkits#fromJson} does (so sloppy arguments a model wrote are repaired, and
 *       wrong ones come back with a correction message without reaching the server), then sends
 *       {@code tools/call}. A result's {@code structuredContent} is its value, otherwise its text content; a
 *       result with {@code isError} is a failure carrying the server's text.</li>
 *   <li>A server that has died, or does not answer within the {@linkplain Builder#timeout timeout}, gives
 *       failure results; a call never hangs. Each call carries a progress token: a progress notification restarts
 *       its wait, up to {@value #MAX_PROGRESS_FACTOR} times the timeout in all.</li>
 *   <li>A call to a tool the server does not mark read-only needs the user's approval in a {@code ToolLoop}, the
 *       way a local {@code @Tool(confirm = true)} tool does: MCP's defaults make such a tool destructive unless it
 *       is marked {@code destructiveHint: false}. {@link Builder#confirm} changes that for one server
 *       ({@link Confirm#NONE} to trust its tools, {@link Confirm#ALL} to confirm every call). The hints are read
 *       again whenever the server's tools change, so a tool swapped for a destructive one is confirmed.</li>
 *   <li>A call is {@linkplain #bind bound} to the tool as it was listed: when the server's tools change between
 *       the approval and the call, and the tool is gone or is no longer the same, the call is not sent.</li>
 *   <li>Listing stops with an error after {@link #DEFAULT_MAX_LIST_PAGES} pages or {@link #DEFAULT_MAX_TOOLS}
 *       tools unless {@linkplain Builder#listLimits set otherwise}, so a server that pages forever cannot hang
 *       the start or a re-list (after a failed re-list the tools stay as they were).</li>
 *   <li>{@link #close()} ends the session and stops a server started as a command.</li>
 * </ul>
 */
public final class McpToolkit implements Toolkit, AutoCloseable {

    /** The most {@code tools/list} pages read for one listing, unless {@link Builder#listLimits} says otherwise. */
    public static final int DEFAULT_MAX_LIST_PAGES = 100;

    /** The most tools one listing may hold, unless {@link Builder#listLimits} says otherwise. */
    public static final int DEFAULT_MAX_TOOLS = 5_000;

    /** Which of a server's tools need the user's approval before a {@code ToolLoop} runs a call. */
    public enum Confirm {
        /**
         * The default: the tools MCP's defaults call destructive, which is every tool the server does not mark
         * {@code readOnlyHint: true}, unless it marks it {@code destructiveHint: false}.
         */
        DESTRUCTIVE,
        /** Every tool, read-only ones too. */
        ALL,
        /** None: the user trusts this server, and its tools run without asking (an opt-out, per server). */
        NONE
    }

    /** Which revision each server spoke when last connected, by source: the next connect tries it first. */
    private static final Map<String, Boolean> STATELESS = new ConcurrentHashMap<>();
    /** The longest a stdio server's answer to the first {@code server/discover} is awaited before a session is tried. */
    static final Duration PROBE_WAIT = Duration.ofSeconds(5);
    /** The shortest time a listing is kept, however small the server's {@code ttlMs}. */
    static final Duration MIN_LIST_TTL = Duration.ofSeconds(1);

    /** The session of the 2025-11-25 path (the SDK's client); {@code null} on the stateless path. */
    private final McpAsyncClient client;
    /** The stateless path's wire (2026-07-28); {@code null} on the session path. */
    private final StatelessClient wire;
    /** On the stateless path: when the listing's {@code ttlMs} runs out ({@link System#nanoTime()}). */
    private volatile long listedUntil;
    private final String source;
    private final Duration timeout;
    private final Confirm confirm;
    private final int maxPages;
    private final int maxTools;
    private volatile Toolkit tools;
    /** Completes when a server started as a command exits; a pending call then fails at once. */
    private final Sinks.Empty<Void> exited = Sinks.empty();
    private volatile boolean hasExited;
    /** Progress heard for calls waiting now, by progress token: each beat restarts the call's wait. */
    private final Map<Object, Sinks.Many<Long>> progress = new ConcurrentHashMap<>();
    private final AtomicLong tokens = new AtomicLong();
    /** A re-list is wanted (the server said its tools changed), and one is running: a burst makes few. */
    private final AtomicBoolean relistWanted = new AtomicBoolean();
    private final AtomicBoolean relisting = new AtomicBoolean();

    /** How many times the {@linkplain Builder#timeout timeout} progress notifications can stretch one call's wait. */
    static final int MAX_PROGRESS_FACTOR = 10;

    private McpToolkit(McpAsyncClient client, StatelessClient wire, String source, Builder settings) {
        this.client = client;
        this.wire = wire;
        this.source = source;
        this.timeout = settings.timeout;
        this.confirm = settings.confirm;
        this.maxPages = settings.maxPages;
        this.maxTools = settings.maxTools;
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

    /**
     * The revision this toolkit speaks with its server: {@code 2026-07-28} (stateless) or {@code 2025-11-25} (a
     * session through {@code initialize}).
     *
     * @return the protocol revision
     */
    public String protocolVersion() {
        return wire != null ? Stateless.REVISION : client.getCurrentInitializationResult() == null
                ? io.modelcontextprotocol.spec.ProtocolVersions.MCP_2025_11_25
                : client.getCurrentInitializationResult().protocolVersion();
    }

    @Override
    public List<ToolSpec> tools() {
        return current().tools();
    }

    @Override
    public String schemaJson(SchemaDialect dialect) {
        return current().schemaJson(dialect);
    }

    @Override
    public String formatInstructions(PromptFormat format) {
        return current().formatInstructions(format);
    }

    @Override
    public ToolResult dispatch(ToolCall call) {
        return current().dispatch(call);
    }

    /**
     * The tools as listed; on the stateless path a listing whose {@code ttlMs} has run out is listed again first
     * (a failed re-list keeps the tools as they were, and is tried again after {@link #MIN_LIST_TTL}).
     */
    private Toolkit current() {
        if (wire != null && System.nanoTime() - listedUntil > 0 && relisting.compareAndSet(false, true)) {
            try {
                install(listAll());
            } catch (RuntimeException e) {
                listedUntil = System.nanoTime() + MIN_LIST_TTL.toNanos();
            } finally {
                relisting.set(false);
            }
        }
        return tools;
    }

    /**
     * Binds a name to the server's tool as it is listed now. The binding sends the call only while the server still
     * lists that tool as it was bound (same name, description, schemas and hints, so the same need for approval);
     * when the listing changed and the tool is gone or different, the call is not sent and the result is a failure.
     */
    @Override
    public Optional<BoundTool> bind(String name) {
        Toolkit listing = current();
        return listing.resolve(name).map(tool -> BoundTool.of(this, tool, call -> {
            Toolkit now = tools;
            if (now != listing && !now.resolve(tool.name()).filter(tool::equals).isPresent()) {
                return null;
            }
            return now.dispatch(call);
        }));
    }

    /** An extractor over the tools as listed now: the same one until the server's tools change. */
    @Override
    public ToolCallExtractor extractor() {
        return current().extractor();
    }

    /**
     * Lists the server's tools again (every page, within the {@linkplain Builder#listLimits listing limits}).
     *
     * @throws IllegalStateException when the server sends more pages or tools than the limits allow, or repeats a
     *     cursor (the tools stay as they were)
     */
    public void refresh() {
        install(listAll());
    }

    /** Ends the session; a server started as a command is stopped. */
    @Override
    public void close() {
        if (wire != null) {
            wire.close();
            return;
        }
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
        int pages = 0;
        do {
            if (++pages > maxPages) {
                throw new IllegalStateException("the server sent more than " + maxPages + " pages of tools/list (a new"
                        + " nextCursor each time); if it really has that many, raise McpToolkit.Builder.listLimits");
            }
            McpSchema.ListToolsResult page = wire != null ? statelessPage(cursor)
                    : await(client.listTools(cursor).timeout(timeout), "tools/list");
            List<McpSchema.Tool> listed = page.tools() == null ? List.of() : page.tools();
            if (listed.size() > maxTools - all.size()) {
                throw new IllegalStateException("the server listed more than " + maxTools + " tools; if it really has"
                        + " that many, raise McpToolkit.Builder.listLimits");
            }
            all.addAll(listed);
            cursor = page.nextCursor();
            if (cursor != null && !cursors.add(cursor)) {
                throw new IllegalStateException(this + " sent the tools/list cursor \"" + cursor + "\" twice");
            }
        } while (cursor != null);
        return all;
    }

    /** One page of {@code tools/list} on the stateless path; its {@code ttlMs} sets when the listing runs out. */
    private McpSchema.ListToolsResult statelessPage(String cursor) {
        ObjectNode params = McpTools.JSON.createObjectNode();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        JsonNode result = statelessRequest("tools/list", params);
        long ttl = Math.max(MIN_LIST_TTL.toMillis(), result.path("ttlMs").asLong(0));
        listedUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ttl);
        List<McpSchema.Tool> listed = new ArrayList<>();
        for (JsonNode tool : result.path("tools")) {
            if (!ClientWire.needsTasks(McpTools.JSON.convertValue(tool, Map.class))) {
                listed.add(McpTools.JSON.convertValue(tool, McpSchema.Tool.class));
            }
        }
        String next = result.path("nextCursor").isTextual() ? result.get("nextCursor").asText() : null;
        return new McpSchema.ListToolsResult(listed, next);
    }

    /** One request on the stateless path: its result, or a failure saying what the server answered. */
    private JsonNode statelessRequest(String method, ObjectNode params) {
        StatelessClient.Answer answer;
        try {
            answer = wire.request(method, params, timeout);
        } catch (StatelessClient.Unreachable e) {
            // worded as the session path words the same failures
            throw new RemoteToolException(switch (e.why) {
                case TIMEOUT -> "the MCP server did not answer " + method + " within " + seconds(timeout);
                case EXITED -> "the MCP server has exited";
                case UNREACHABLE -> "the MCP server cannot be reached (" + method + ")";
            });
        } catch (java.io.IOException e) {
            throw new RemoteToolException("the MCP server cannot be reached (" + method + ")");
        }
        if (answer.isError()) {
            throw new RemoteToolException("the server answered " + method + " with an error: "
                    + McpTools.shown(answer.error().path("message").asText(), 500));
        }
        if (answer.result() == null || !answer.result().isObject()) {
            throw new RemoteToolException("the server sent no " + method + " result");
        }
        return answer.result();
    }

    /**
     * The server said its tools changed: one re-list runs (on its own thread, never the transport's), and changes
     * announced while it runs are covered by one more, however many notifications came.
     */
    private void toolsChanged() {
        relistWanted.set(true);
        if (relisting.compareAndSet(false, true)) {
            Thread relist = new Thread(this::relist, "mcp-relist");
            relist.setDaemon(true);
            relist.start();
        }
    }

    private void relist() {
        do {
            try {
                while (relistWanted.getAndSet(false)) {
                    install(listAll());
                }
            } catch (RuntimeException e) {
                // the server is gone or not answering: the tools stay as they were listed, and calls say why
            } finally {
                relisting.set(false);
            }
        } while (relistWanted.get() && relisting.compareAndSet(false, true));
    }

    /** A progress notification for {@code token} came: the call waiting for it waits longer. */
    private void progressed(Object token) {
        Sinks.Many<Long> beats = progress.get(JsonRpc.key(token));
        if (beats != null) {
            beats.tryEmitNext(1L);
        }
    }

    /** Takes a listing: the tools as specs, each needing approval as {@link #confirm} reads its hints. */
    private void install(List<McpSchema.Tool> listed) {
        List<ToolSpec> read = ToolSpecs.fromJson(McpTools.listingJson(listed));
        List<ToolSpec> specs = new ArrayList<>(read.size());
        for (int i = 0; i < read.size(); i++) {
            boolean approval = switch (confirm) {
                case ALL -> true;
                case NONE -> false;
                case DESTRUCTIVE -> McpTools.destructive(listed.get(i));
            };
            specs.add(McpTools.confirmed(read.get(i), approval));
        }
        this.tools = Toolkits.of(specs, this::call);
    }

    /** The handler behind {@link #dispatch}: one {@code tools/call} with checked arguments. */
    private JsonNode call(String name, ObjectNode arguments) throws RemoteToolException {
        if (wire != null) {
            ObjectNode params = McpTools.JSON.createObjectNode().put("name", name);
            params.set("arguments", arguments);
            McpSchema.CallToolResult result = McpTools.JSON.convertValue(statelessRequest("tools/call", params),
                    McpSchema.CallToolResult.class);
            return value(result);
        }
        String token = source.hashCode() + "-" + tokens.incrementAndGet();
        String key = JsonRpc.key(token);
        Sinks.Many<Long> beats = Sinks.many().multicast().directBestEffort();
        progress.put(key, beats);
        McpSchema.CallToolResult result;
        try {
            // each progress notification restarts the wait; the SDK's own timeout caps it
            Mono<Long> quiet = beats.asFlux().startWith(0L).switchMap(beat -> Mono.delay(timeout)).next();
            result = await(client.callTool(new McpSchema.CallToolRequest(name, McpTools.toMap(arguments),
                    Map.of("progressToken", token))).timeout(quiet), "tools/call");
        } finally {
            progress.remove(key);
        }
        return value(result);
    }

    /** A call's result as the toolkit's value, or the failure the server reported. */
    private static JsonNode value(McpSchema.CallToolResult result) {
        if (Boolean.TRUE.equals(result.isError())) {
            String text = McpTools.text(result);
            throw new RemoteToolException(text.isBlank() ? "the server reported an error without text" : text);
        }
        return McpTools.value(result);
    }

    private <T> T await(Mono<T> request, String method) {
        try {
            T value = request.takeUntilOther(exited.asMono()).block();
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
    private void watch(ChildProcessTransport transport) {
        transport.exited().thenRun(() -> {
            hasExited = true;
            exited.tryEmitEmpty();
        });
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
        return McpTools.seconds(d);
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
        private final List<String> inherited = new ArrayList<>();
        private Duration timeout = Duration.ofSeconds(30);
        private String bearerToken;
        private String clientName = "calltype";
        private Confirm confirm = Confirm.DESTRUCTIVE;
        private int maxPages = DEFAULT_MAX_LIST_PAGES;
        private int maxTools = DEFAULT_MAX_TOOLS;

        private Builder(List<String> commandLine, URI endpoint) {
            this.commandLine = commandLine;
            this.endpoint = endpoint;
        }

        /**
         * An environment variable for the server command. The command inherits only a short allowlist of this
         * process's variables ({@code HOME}, {@code LOGNAME}, {@code PATH}, {@code SHELL}, {@code TERM},
         * {@code USER}; on Windows {@code APPDATA}, {@code PATH}, {@code SYSTEMROOT}, {@code TEMP},
         * {@code USERPROFILE} and the like), so that secrets in it (API keys, tokens) reach a server only when named
         * here or with {@link #inheritEnv}.
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
         * Variables of this process's environment to pass to the server command as they are, beside the allowlist
         * (see {@link #env(String, String)}); a name this process does not have is skipped.
         *
         * @param names the variables' names
         * @return this builder
         */
        public Builder inheritEnv(String... names) {
            for (String name : names) {
                inherited.add(Objects.requireNonNull(name, "name"));
            }
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
         * 30 seconds unless set. A call's wait starts again with each progress notification the server sends for
         * it, up to {@value McpToolkit#MAX_PROGRESS_FACTOR} times this in all.
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
         * Which of this server's tools need the user's approval before a {@code ToolLoop} runs a call (its
         * {@link ToolSpec#confirm()}): {@link Confirm#DESTRUCTIVE} unless set, as MCP's defaults read the server's
         * hints. {@link Confirm#NONE} is the opt-out for a server the user trusts.
         *
         * @param which the tools to confirm
         * @return this builder
         */
        public Builder confirm(Confirm which) {
            this.confirm = Objects.requireNonNull(which, "which");
            return this;
        }

        /**
         * Bounds on one listing of the server's tools ({@code tools/list} and the pages its {@code nextCursor}
         * leads to): a server that sends more pages or more tools fails {@link #connect()} (or
         * {@link McpToolkit#refresh()}) with an error saying so. Unless set: {@value McpToolkit#DEFAULT_MAX_LIST_PAGES} pages,
         * {@value McpToolkit#DEFAULT_MAX_TOOLS} tools.
         *
         * @param maxPages the most pages, at least 1
         * @param maxTools the most tools, at least 1
         * @return this builder
         * @throws IllegalArgumentException when a bound is below 1
         */
        public Builder listLimits(int maxPages, int maxTools) {
            if (maxPages < 1 || maxTools < 1) {
                throw new IllegalArgumentException("the listing limits must be at least 1: " + maxPages + " pages, "
                        + maxTools + " tools");
            }
            this.maxPages = maxPages;
            this.maxTools = maxTools;
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
            if (!STATELESS.getOrDefault(source, true)) {
                // spoke 2025-11-25 last time: a session first, and the stateless revision should that fail
                try {
                    return session(source);
                } catch (IllegalStateException e) {
                    return orElseThrow(stateless(source, timeout), e);
                }
            }
            // a silent server (one that ignores a method it does not know before initialize, as the Java SDK's
            // does) costs the probe's wait once per process; a slow one that speaks only 2026-07-28 is tried again
            McpToolkit stateless = stateless(source, commandLine != null && PROBE_WAIT.compareTo(timeout) < 0
                    ? PROBE_WAIT : timeout);
            if (stateless != null) {
                return stateless;
            }
            try {
                McpToolkit session = session(source);
                STATELESS.put(source, false);
                return session;
            } catch (IllegalStateException e) {
                if (commandLine == null || PROBE_WAIT.compareTo(timeout) >= 0) {
                    throw e;
                }
                return orElseThrow(stateless(source, timeout), e);
            }
        }

        private static McpToolkit orElseThrow(McpToolkit toolkit, IllegalStateException e) {
            if (toolkit == null) {
                throw e;
            }
            return toolkit;
        }

        /**
         * The stateless revision's path: {@code server/discover} on the toolkit's own wire, then the tools listed.
         *
         * @return the toolkit; {@code null} when the server does not speak the revision (no result naming it: an
         *     error, no answer, an exit, an HTTP status without a JSON-RPC answer)
         * @throws IllegalStateException when the server speaks it but its tools cannot be listed
         */
        private McpToolkit stateless(String source, Duration probeWait) {
            AtomicReference<McpToolkit> toolkit = new AtomicReference<>();
            StatelessClient wire;
            try {
                wire = commandLine != null
                        ? new StatelessClient.Stdio(commandLine, ChildEnvironment.of(System.getenv(), inherited, env),
                                source, clientName, () -> {
                                    McpToolkit listening = toolkit.get();
                                    if (listening != null) {
                                        listening.toolsChanged();
                                    }
                                })
                        : new StatelessClient.Http(endpoint, bearerToken, timeout, clientName);
            } catch (java.io.IOException e) {
                throw new IllegalStateException("cannot use the MCP server " + source + ": cannot start it ("
                        + e.getMessage() + ")");
            }
            boolean modern;
            try {
                StatelessClient.Answer discover = wire.request("server/discover", null, probeWait);
                modern = !discover.isError() && discover.result() != null
                        && discover.result().path("supportedVersions").toString().contains("\"" + Stateless.REVISION + "\"");
            } catch (java.io.IOException e) {
                modern = false;
            }
            if (!modern) {
                wire.close();
                return null;
            }
            McpToolkit result = new McpToolkit(null, wire, source, this);
            toolkit.set(result);
            try {
                result.install(result.listAll());
            } catch (RuntimeException e) {
                result.close();
                throw new IllegalStateException("cannot use the MCP server " + source + ": " + e.getMessage());
            }
            STATELESS.put(source, true);
            return result;
        }

        /** The 2025-11-25 path: a session through the official SDK's client, {@code initialize} first. */
        private McpToolkit session(String source) {
            ChildProcessTransport stdio = commandLine != null ? new ChildProcessTransport(commandLine,
                    ChildEnvironment.of(System.getenv(), inherited, env), source) : null;
            AtomicReference<McpToolkit> toolkit = new AtomicReference<>();
            McpClientTransport transport = new ClientWire(stdio != null ? stdio : httpTransport(), () -> {
                McpToolkit listening = toolkit.get();
                if (listening != null) {
                    listening.toolsChanged();
                }
            }, token -> {
                McpToolkit listening = toolkit.get();
                if (listening != null) {
                    listening.progressed(token);
                }
            });
            McpAsyncClient client = McpClient.async(transport)
                    .clientInfo(new McpSchema.Implementation(clientName, "1.0.0"))
                    // the longest any request may take: progress notifications stretch a call's wait up to this
                    .requestTimeout(timeout.multipliedBy(MAX_PROGRESS_FACTOR))
                    .initializationTimeout(timeout)
                    .jsonSchemaValidator(new OutputSchemaValidator())
                    .build();
            McpToolkit result = new McpToolkit(client, null, source, this);
            toolkit.set(result);
            try {
                result.await(client.initialize().timeout(timeout), "initialize");
                if (stdio != null) {
                    result.watch(stdio);
                }
                result.install(result.listAll());
            } catch (RuntimeException e) {
                result.close();
                throw new IllegalStateException("cannot use the MCP server " + source + ": " + e.getMessage());
            }
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
