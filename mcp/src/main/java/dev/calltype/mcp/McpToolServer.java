package dev.calltype.mcp;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.agent.Approvals;
import dev.calltype.runtime.agent.ToolLoop;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * Serves a {@link Toolkit} (generated, dynamic or combined) to MCP hosts: Claude Desktop, IDEs, the MCP
 * Inspector, or any MCP client.
 *
 * <pre>{@code
 * // stdio: the host starts this program and speaks MCP over its standard input and output
 * McpToolServer.builder(new WeatherServiceTools(weather)).name("weather").stdio().awaitClosed();
 *
 * // streamable HTTP at http://127.0.0.1:8080/mcp
 * McpToolServer server = McpToolServer.builder(toolkit).bearerToken(secret).http(8080);
 * }</pre>
 *
 * <ul>
 *   <li>{@code tools/list} lists every tool with the toolkit's MCP schema; a tool that needs a person's approval
 *       ({@code confirm = true}) is marked {@code destructiveHint}, a read-only one {@code readOnlyHint}; a tool
 *       whose {@link dev.calltype.runtime.ToolSpec#outputSchema()} describes an object (a record) is listed with it
 *       as {@code outputSchema}, and its successful results always carry {@code structuredContent} checked
 *       against it.</li>
 *   <li>{@code tools/call} goes through {@link Toolkit#dispatch}: arguments are coerced leniently, and every
 *       argument problem comes back as an {@code isError} result carrying the correction text a model gets
 *       elsewhere. A result whose value is a JSON object is also sent as {@code structuredContent}.</li>
 *   <li>Nothing a tool throws reaches the client except its message (never a stack trace or a class name).</li>
 *   <li>Over HTTP the server binds to 127.0.0.1 unless told otherwise; a request whose {@code Origin} header is
 *       not allowed is refused with 403, as the specification asks (DNS rebinding), and on a loopback address a
 *       {@code Host} other than the loopback names is refused with 403 too. With a bearer token every request must
 *       carry {@code Authorization: Bearer <token>} (401 otherwise). Every refusal is a JSON-RPC error object.</li>
 *   <li>Messages that are not MCP get JSON-RPC errors and the session goes on; each call is bounded by the
 *       {@linkplain Builder#requestTimeout request timeout} and runs on the server's own pool;
 *       {@code notifications/cancelled} interrupts it; the bytes in flight are bounded
 *       ({@link Builder#maxBytesInFlight}).</li>
 * </ul>
 * Resources, prompts, sampling and elicitation are not offered: the server has tools only.
 */
public final class McpToolServer implements AutoCloseable {

    /** The path of the streamable HTTP endpoint. */
    public static final String HTTP_PATH = "/mcp";

    private final McpAsyncServer server;
    private final Server jetty;
    private final URI uri;
    private final CountDownLatch closed;
    private final ServerLimits limits;

    private McpToolServer(McpAsyncServer server, Server jetty, URI uri, CountDownLatch closed, ServerLimits limits) {
        this.server = server;
        this.jetty = jetty;
        this.uri = uri;
        this.closed = closed;
        this.limits = limits;
    }

    /**
     * A server over {@code toolkit}, configured by the builder and started by {@link Builder#stdio} or
     * {@link Builder#http}.
     *
     * @param toolkit the tools to serve, read once when the server starts (later changes are not announced)
     * @return a builder with the defaults: name {@code calltype}, version {@code 1.0.0}, 5-minute requests
     * @throws NullPointerException when {@code toolkit} is {@code null}
     */
    public static Builder builder(Toolkit toolkit) {
        return new Builder(toolkit);
    }

    /**
     * The streamable HTTP endpoint ({@code http://127.0.0.1:PORT/mcp}).
     *
     * @return the endpoint with the port bound; empty for a stdio server
     */
    public Optional<URI> uri() {
        return Optional.ofNullable(uri);
    }

    /** The bytes of requests the server holds now (read and not yet answered). */
    long bytesInFlight() {
        return limits.inFlight();
    }

    /**
     * Blocks until the server is closed: for stdio, until the host closes this process's input; for HTTP, until
     * {@link #close()} is called.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public void awaitClosed() throws InterruptedException {
        closed.await();
    }

    /**
     * Waits at most {@code timeout} for the server to close, as {@link #awaitClosed()} does.
     *
     * @param timeout the longest wait
     * @return whether the server closed in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return closed.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Stops the server: the sessions end, running calls are interrupted, and an HTTP server stops listening. No
     * thread of the server outlives this call but daemon threads finishing a tool that ignores interrupts.
     */
    @Override
    public void close() {
        try {
            server.closeGracefully().block(Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            // the sessions are closed either way
        } finally {
            limits.tools.shutdownNow();
            try {
                if (jetty != null) {
                    jetty.stop();
                }
            } catch (Exception e) {
                // the connector is closed by now; a failed stop leaves nothing to clean up for the caller
            } finally {
                closed.countDown();
            }
        }
    }

    /** What to serve and how. */
    public static final class Builder {

        private final Toolkit toolkit;
        private String name = "calltype";
        private String version = "1.0.0";
        private String instructions;
        private String host = "127.0.0.1";
        private String bearerToken;
        private final List<String> allowedOrigins = new ArrayList<>();
        private Duration requestTimeout = Duration.ofMinutes(5);
        private int maxMessageBytes = 16 << 20;
        private long maxBytesInFlight;
        private int callsPerSession = 16;
        private int maxSessions = 1000;
        private int sessionsPerClient = 100;
        private int requestsPerClient = 64;
        private Duration sessionIdle = Duration.ofMinutes(30);
        private Duration headerTimeout = Duration.ofSeconds(10);
        private ToolLoop.Approver approver;
        private Duration listTtl = Duration.ofMinutes(5);

        private Builder(Toolkit toolkit) {
            this.toolkit = Objects.requireNonNull(toolkit, "toolkit");
        }

        /**
         * The server's name, as hosts show it ({@code calltype} unless set).
         *
         * @param name the name sent in the {@code initialize} answer
         * @return this builder
         */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * The server's version ({@code 1.0.0} unless set).
         *
         * @param version the version sent in the {@code initialize} answer
         * @return this builder
         */
        public Builder version(String version) {
            this.version = Objects.requireNonNull(version, "version");
            return this;
        }

        /**
         * Text the server gives hosts on initialization, about how to use its tools.
         *
         * @param instructions the text; {@code null} for none (the default)
         * @return this builder
         */
        public Builder instructions(String instructions) {
            this.instructions = instructions;
            return this;
        }

        /**
         * How long one request may take before the server gives up on it (5 minutes unless set): a tool call still
         * running then is interrupted and answered with a failure result saying so.
         *
         * @param timeout the longest time one request may take
         * @return this builder
         */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * HTTP only: the address to listen on ({@code 127.0.0.1} unless set). On a loopback address the server
         * accepts requests from its own host's origins; on another it accepts only the origins allowed.
         *
         * @param host a host name or IP address
         * @return this builder
         */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /**
         * HTTP only: every request must carry {@code Authorization: Bearer <token>}.
         *
         * @param token the token; {@code null} for none (the default)
         * @return this builder
         * @throws IllegalArgumentException when {@code token} is blank
         */
        public Builder bearerToken(String token) {
            if (token != null && token.isBlank()) {
                throw new IllegalArgumentException("the bearer token is blank");
            }
            this.bearerToken = token;
            return this;
        }

        /**
         * HTTP only: an {@code Origin} a browser-based client may send (such as {@code http://localhost:6274});
         * {@code http://host:*} allows any port. Requests without an {@code Origin} header are always allowed; on a
         * loopback address, loopback origins too.
         *
         * @param origin an origin ({@code scheme://host:port}), the port {@code *} for any
         * @return this builder
         */
        public Builder allowedOrigin(String origin) {
            allowedOrigins.add(Objects.requireNonNull(origin, "origin"));
            return this;
        }

        /**
         * The most bytes one message may hold (16 MiB unless set, and never more than
         * {@link #maxBytesInFlight}): a longer request is refused with a JSON-RPC error (HTTP 413), and a tool
         * result that would be longer is sent as a failure saying so.
         *
         * @param bytes the limit, at least 1024
         * @return this builder
         */
        public Builder maxMessageBytes(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("maxMessageBytes must be at least 1024: " + bytes);
            }
            this.maxMessageBytes = bytes;
            return this;
        }

        /**
         * The most bytes of requests all sessions together may have in flight (read and not yet answered); a request
         * that would pass it is refused at once with a JSON-RPC error ({@code -32000}, HTTP 503) instead of risking
         * the heap. Unless set: a sixteenth of the JVM's maximum heap (a request is held several times over while it
         * is read, parsed and dispatched), at least 4 MiB and at most 256 MiB.
         *
         * @param bytes the budget, at least 1024
         * @return this builder
         */
        public Builder maxBytesInFlight(long bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("maxBytesInFlight must be at least 1024: " + bytes);
            }
            this.maxBytesInFlight = bytes;
            return this;
        }

        /**
         * How many tool calls one session may have running at once (16 unless set); past it a call gets a failure
         * result at once. With the server-wide bound (eight times this) it keeps tools that hang in one session
         * from taking the threads the other sessions need.
         *
         * @param calls the bound, positive
         * @return this builder
         */
        public Builder callsPerSession(int calls) {
            if (calls < 1) {
                throw new IllegalArgumentException("callsPerSession must be positive: " + calls);
            }
            this.callsPerSession = calls;
            return this;
        }

        /**
         * HTTP only: how many sessions may be open at once (1,000 unless set). When all are taken, sessions idle for
         * more than 30 minutes are dropped; if none is, {@code initialize} is refused with 503.
         *
         * @param sessions the bound, positive
         * @return this builder
         */
        public Builder maxSessions(int sessions) {
            if (sessions < 1) {
                throw new IllegalArgumentException("maxSessions must be positive: " + sessions);
            }
            this.maxSessions = sessions;
            return this;
        }

        /**
         * HTTP only: how many sessions one client (one remote address) may hold at once (100 unless set). A client at
         * its bound that starts another gives up its least recently used idle session for it, so that a client
         * opening sessions without end crowds out only itself.
         *
         * @param sessions the bound, positive
         * @return this builder
         */
        public Builder sessionsPerClient(int sessions) {
            if (sessions < 1) {
                throw new IllegalArgumentException("sessionsPerClient must be positive: " + sessions);
            }
            this.sessionsPerClient = sessions;
            return this;
        }

        /**
         * HTTP only: how many requests one client (one remote address) may have open at once (64 unless set):
         * being read, running, or waiting for their answer. Past it a request is refused with 503 before its body
         * is read, so that slow or many connections from one client cannot take the threads every client needs.
         *
         * @param requests the bound, positive
         * @return this builder
         */
        public Builder requestsPerClient(int requests) {
            if (requests < 1) {
                throw new IllegalArgumentException("requestsPerClient must be positive: " + requests);
            }
            this.requestsPerClient = requests;
            return this;
        }

        /**
         * HTTP only: how long a session may go unused (no request, none pending) before it ends (30 minutes unless
         * set); its client then gets 404 and initializes again.
         *
         * @param idle the idle time, positive
         * @return this builder
         */
        public Builder sessionIdleTimeout(Duration idle) {
            if (idle.isNegative() || idle.isZero()) {
                throw new IllegalArgumentException("the session idle timeout must be positive: " + idle);
            }
            this.sessionIdle = idle;
            return this;
        }

        /**
         * How long a host of the stateless revision (2026-07-28) may keep this server's {@code tools/list} and
         * {@code server/discover} answers ({@code ttlMs}; 5 minutes unless set). The served tools never change
         * while the server runs. The lists are {@code cacheScope: "public"}, or {@code "private"} with a
         * {@linkplain #bearerToken bearer token}.
         *
         * @param ttl how long, zero or more
         * @return this builder
         */
        public Builder listTtl(Duration ttl) {
            if (ttl.isNegative()) {
                throw new IllegalArgumentException("the list TTL must not be negative: " + ttl);
            }
            this.listTtl = ttl;
            return this;
        }

        /**
         * Who approves calls to tools that need a person's approval ({@code @Tool(confirm = true)},
         * {@link dev.calltype.runtime.ToolSpec#confirm()}). Such a call runs only after the approver said yes to
         * exactly that call (its name and arguments, as they will run); without an approver, or when it says no or
         * throws, the client gets a failure result saying the call was declined and why. Calls to other tools run
         * without asking.
         *
         * @param approver decides on each call to a tool that needs approval, on the call's thread; {@code null} (the
         *     default) declines them all
         * @return this builder
         */
        public Builder approver(ToolLoop.Approver approver) {
            this.approver = approver;
            return this;
        }

        /**
         * HTTP only: how long a request's headers may take to arrive, for every request on a connection (10 seconds
         * unless set, counted from the connection's opening for the first, from its first bytes for each later one);
         * a client that trickles them is disconnected.
         *
         * @param timeout the deadline, positive
         * @return this builder
         */
        public Builder headerTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("the header timeout must be positive: " + timeout);
            }
            this.headerTimeout = timeout;
            return this;
        }

        /**
         * Serves over this process's standard input and output. From this call on, standard output carries the
         * protocol only: {@link System#out} is pointed at standard error, so that a logging framework's console
         * output (Logback's and slf4j-simple's follow {@code System.out}), and anything else the program prints,
         * goes to standard error instead of into the protocol.
         *
         * @return the running server; {@link #awaitClosed()} returns when the host closes the input
         */
        public McpToolServer stdio() {
            OutputStream protocol = new FileOutputStream(FileDescriptor.out);
            System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
            return stdio(System.in, protocol);
        }

        /**
         * Serves over the given streams (one session); {@link #awaitClosed()} returns when {@code in} ends.
         *
         * @param in where the host's messages come from
         * @param out where the server's messages go; nothing else may write to it
         * @return the running server
         */
        public McpToolServer stdio(InputStream in, OutputStream out) {
            CountDownLatch closed = new CountDownLatch(1);
            ServerLimits limits = limits();
            StdioServerTransport transport = new StdioServerTransport(in, out, limits, toolNames(), stateless(), closed);
            McpAsyncServer server = build(transport, limits);
            return new McpToolServer(server, null, null, closed, limits);
        }

        /**
         * Serves over streamable HTTP at {@code http://host:port/mcp}; port 0 picks a free one (see
         * {@link McpToolServer#uri()}).
         *
         * @param port the port to listen on, or 0 for a free one
         * @return the running server
         * @throws IOException when the port cannot be bound
         */
        public McpToolServer http(int port) throws IOException {
            ServerLimits limits = limits();
            HttpServerTransport transport = new HttpServerTransport(limits, toolNames(), stateless(),
                    new HttpGuard(allowedOrigins, isLoopback(host), bearerToken));
            McpAsyncServer server = build(transport, limits);

            HttpConfiguration config = new HttpConfiguration();
            config.setSendServerVersion(false);
            config.setSendXPoweredBy(false);
            Server jetty = new Server();
            ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(config));
            connector.setHost(host);
            connector.setPort(port);
            long deadline = headerTimeout.toMillis();
            connector.addEventListener(new Connection.Listener() {
                @Override
                public void onOpened(Connection connection) {
                    HeaderDeadline.watch(connection, connector.getScheduler(), transport::serving, deadline);
                }
            });
            jetty.addConnector(connector);
            long sweepMillis = Math.max(50, Math.min(60_000, sessionIdle.toMillis() / 2));
            Runnable[] sweep = new Runnable[1];
            sweep[0] = () -> {
                transport.sweep();
                if (jetty.isRunning() || jetty.isStarting()) {
                    connector.getScheduler().schedule(sweep[0], sweepMillis, TimeUnit.MILLISECONDS);
                }
            };
            ServletContextHandler context = new ServletContextHandler();
            context.setContextPath("/");
            ServletHolder servlet = new ServletHolder(transport);
            servlet.setAsyncSupported(true);
            context.addServlet(servlet, HTTP_PATH);
            jetty.setHandler(context);
            ErrorHandler errors = new ErrorHandler();
            errors.setShowStacks(false);
            errors.setShowMessageInTitle(false);
            jetty.setErrorHandler(errors);
            try {
                jetty.start();
            } catch (Exception e) {
                server.close();
                limits.tools.shutdownNow();
                try {
                    jetty.stop();
                } catch (Exception ignored) {
                    // nothing was started
                }
                throw new IOException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
            }
            connector.getScheduler().schedule(sweep[0], sweepMillis, TimeUnit.MILLISECONDS);
            String shownHost = host.contains(":") ? "[" + host + "]" : host;
            URI uri = URI.create("http://" + shownHost + ":" + connector.getLocalPort() + HTTP_PATH);
            return new McpToolServer(server, jetty, uri, new CountDownLatch(1), limits);
        }

        private ServerLimits limits() {
            long budget = maxBytesInFlight > 0 ? maxBytesInFlight
                    : Math.max(4L << 20, Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 16));
            int message = (int) Math.min(maxMessageBytes, budget);
            return new ServerLimits(requestTimeout, message, budget, callsPerSession, callsPerSession * 8,
                    maxSessions, sessionIdle, requestsPerClient, sessionsPerClient);
        }

        /** The stateless revision's serving of the same tools, with the same approval rule. */
        private Stateless stateless() {
            return new Stateless(toolkit, approver, McpTools.listing(toolkit), name, version, instructions, listTtl,
                    bearerToken != null);
        }

        private Set<String> toolNames() {
            Set<String> names = new LinkedHashSet<>();
            toolkit.tools().forEach(spec -> names.add(spec.name()));
            return Set.copyOf(names);
        }

        private McpAsyncServer build(McpServerTransportProvider transport, ServerLimits limits) {
            McpServer.AsyncSpecification<?> spec = McpServer.async(transport)
                    .serverInfo(name, version)
                    .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                    .jsonMapper(McpTools.MAPPER)
                    .jsonSchemaValidator(new OutputSchemaValidator())
                    .validateToolInputs(false)
                    .requestTimeout(requestTimeout);
            if (instructions != null) {
                spec.instructions(instructions);
            }
            for (McpSchema.Tool tool : McpTools.listing(toolkit)) {
                boolean structured = tool.outputSchema() != null;
                spec.tools(McpServerFeatures.AsyncToolSpecification.builder()
                        .tool(tool)
                        .callHandler((exchange, request) -> ServedSession.run(exchange, tool.name(),
                                () -> McpTools.bounded(tool.name(), call(toolkit, approver, request, structured),
                                        limits.maxMessageBytes)))
                        .build());
            }
            return spec.build();
        }
    }

    /**
     * One {@code tools/call}, through the toolkit's dispatch. A call to a tool that needs approval runs only when
     * {@code approver} says yes to exactly this call ({@link Approvals#refusal}, the rule every door applies).
     *
     * @param structured whether the tool was listed with an {@code outputSchema}, so that a successful result must
     *     carry {@code structuredContent}
     */
    static McpSchema.CallToolResult call(Toolkit toolkit, ToolLoop.Approver approver, McpSchema.CallToolRequest request,
            boolean structured) {
        ToolCall call = ToolCall.of(request.name(), McpTools.arguments(request.arguments()));
        ToolResult result;
        try {
            ToolSpec tool = spec(toolkit, request.name());
            Optional<String> refusal = tool == null ? Optional.empty() : Approvals.refusal(approver, call, tool);
            result = refusal.isPresent() ? ToolResult.failure(request.name(), call.id(), refusal.get())
                    : toolkit.dispatch(call);
        } catch (RuntimeException | Error e) {
            result = null;
        }
        if (result == null) {
            // Toolkit.dispatch promises a result and never to throw; should one break that promise, the client
            // learns only that the call failed (in the wording every toolkit uses), not what was thrown.
            result = ToolResult.thrown(request.name(), call.id(), null);
        }
        return McpTools.result(result, structured);
    }

    /** The listed tool of exactly this name (MCP names are exact: the server lists each under its own name). */
    private static ToolSpec spec(Toolkit toolkit, String name) {
        for (ToolSpec tool : toolkit.tools()) {
            if (tool.name().equals(name)) {
                return tool;
            }
        }
        return null;
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
