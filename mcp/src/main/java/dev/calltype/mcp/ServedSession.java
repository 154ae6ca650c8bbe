package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One client's session, whatever transport carries it: what stands between the transport's messages and the SDK's
 * session. It answers what the SDK would not (or would wrongly): requests before {@code initialize}, a repeated
 * request id, an unknown tool, a request over the in-flight budget, {@code ping} at any time. It handles
 * {@code notifications/cancelled} (the call is interrupted and its late answer never sent) and runs every tool call
 * on the server's pool, bounded by the call timeout.
 */
final class ServedSession {

    private static final Logger LOG = LoggerFactory.getLogger(ServedSession.class);
    private static final String CONNECTION = "dev.calltype.mcp.connection";
    private static final String REQUEST = "dev.calltype.mcp.request";

    /** Where a transport puts what the session sends. */
    interface Outbound {
        /**
         * Sends {@code message} (an SDK message or a JSON tree).
         *
         * @param key the key of the request it answers ({@link JsonRpc#key}); {@code null} for anything else
         */
        void deliver(String key, Object message);

        /**
         * The answer to the request {@code key} will not be sent: the client cancelled it. A transport that owes
         * the request a reply of its own (an HTTP response) ends it here.
         */
        default void withheld(String key) {
        }
    }

    private enum State { NEW, INITIALIZING, READY, CLOSED }

    private final ServerLimits limits;
    private final Set<String> toolNames;
    private final Stateless stateless;
    private final Outbound out;
    private McpServerSession session;
    private volatile State state = State.NEW;
    private volatile String initializeKey;
    /** Requests answered by nobody yet, with the bytes each holds of the in-flight budget. */
    private final Map<String, Long> pending = new ConcurrentHashMap<>();
    /** Tool calls running, by request key. */
    private final Map<String, Call> running = new ConcurrentHashMap<>();
    /** Requests the client cancelled: their answers are not sent. */
    private final Set<String> cancelled = ConcurrentHashMap.newKeySet();
    private final AtomicInteger calls = new AtomicInteger();
    private volatile long lastUsed = System.nanoTime();

    ServedSession(ServerLimits limits, Set<String> toolNames, Stateless stateless, Outbound out) {
        this.limits = limits;
        this.toolNames = toolNames;
        this.stateless = stateless;
        this.out = out;
    }

    /** The SDK transport of this connection, for {@link McpServerSession.Factory#create}. */
    McpServerTransport transport() {
        return new McpServerTransport() {
            @Override
            public Mono<Void> closeGracefully() {
                return Mono.fromRunnable(ServedSession.this::close);
            }

            @Override
            public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
                return Mono.fromRunnable(() -> send(message));
            }

            @Override
            public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
                return McpTools.MAPPER.convertValue(data, type);
            }
        };
    }

    /** Joins this connection to the SDK session made over {@link #transport()}. */
    void attach(McpServerSession session) {
        this.session = session;
    }

    /** When the client last sent anything ({@link System#nanoTime()}). */
    long lastUsed() {
        return lastUsed;
    }

    /** Whether a call or another request of this session is unanswered. */
    boolean busy() {
        return !pending.isEmpty();
    }

    /**
     * Takes one message read off the transport, which has reserved {@code bytes} of the in-flight budget for it
     * (given back here: when a request is answered, at once for anything else).
     */
    void receive(JsonRpc.Read read, long bytes) {
        lastUsed = System.nanoTime();
        if (read instanceof JsonRpc.Refusal refusal) {
            limits.release(bytes);
            if (refusal.answered()) {
                out.deliver(refusal.key(), refusal.toJson());
            }
            return;
        }
        JsonRpc.Message message = (JsonRpc.Message) read;
        if (message.message() instanceof McpSchema.JSONRPCRequest request) {
            request(message, request, bytes);
            return;
        }
        limits.release(bytes);
        if (message.message() instanceof McpSchema.JSONRPCNotification notification) {
            notification(notification, message.params());
        }
        // a response: this server sends no requests, so there is nothing it could answer
    }

    private void request(JsonRpc.Message message, McpSchema.JSONRPCRequest request, long bytes) {
        if (Stateless.claims(message.params())) {
            stateless(message, bytes);
            return;
        }
        String key = message.key();
        String method = request.method();
        String refused = null;
        int code = JsonRpc.INVALID_REQUEST;
        if (state == State.CLOSED) {
            refused = "the session is closed";
        } else if ("initialize".equals(method) && state != State.NEW) {
            refused = "invalid request: the session is initialized already";
        } else if (!"initialize".equals(method) && !"ping".equals(method) && state != State.READY) {
            refused = "invalid request: " + method + " before the session is initialized (send initialize, then "
                    + "notifications/initialized)";
        } else if ("tools/call".equals(method) && !toolNames.contains(String.valueOf(message.params().get("name")))) {
            code = JsonRpc.INVALID_PARAMS;
            refused = "Unknown tool: " + McpTools.shown(String.valueOf(message.params().get("name")), 100);
        }
        if (refused == null && pending.putIfAbsent(key, bytes) != null) {
            refused = "invalid request: the id " + key + " belongs to a request not answered yet";
        }
        if (refused != null) {
            limits.release(bytes);
            out.deliver(key, JsonRpc.error(key, code, refused));
            return;
        }
        if ("ping".equals(method)) {
            send(McpSchema.JSONRPCResponse.result(request.id(), Map.of()));
            return;
        }
        if ("initialize".equals(method)) {
            state = State.INITIALIZING;
            initializeKey = key;
        }
        McpTransportContext context = McpTransportContext.create(Map.of(CONNECTION, this, REQUEST, key));
        session.handle(request)
                .contextWrite(ctx -> ctx.put(McpTransportContext.KEY, context))
                .subscribe(null, e -> {
                    // the session answers its own failures; this is only a failure to send that answer
                    LOG.debug("MCP request {} ended with {}", key, e.toString());
                });
    }

    private void notification(McpSchema.JSONRPCNotification notification, Map<String, Object> params) {
        switch (notification.method()) {
            case "notifications/cancelled" -> {
                Object id = params == null ? null : params.get("requestId");
                if (id != null) {
                    cancel(JsonRpc.key(id));
                }
            }
            case "notifications/initialized" -> {
                if (state == State.INITIALIZING) {
                    state = State.READY;
                    session.handle(notification).subscribe(null, e -> LOG.debug("initialized: {}", e.toString()));
                }
            }
            default -> LOG.debug("MCP notification {} ignored", notification.method());
        }
    }

    /** The client gave up on the request {@code key}: its call is interrupted, and its answer will not be sent. */
    void cancel(String key) {
        if (!pending.containsKey(key)) {
            return; // answered already, or never asked
        }
        cancelled.add(key);
        Call call = running.remove(key);
        if (call != null) {
            call.stop("it was cancelled by the client");
        }
        if (!pending.containsKey(key)) {
            cancelled.remove(key); // answered meanwhile
        }
    }

    /**
     * A request of the stateless revision, answered on its own whatever the session's state (it needs no
     * {@code initialize}), with the same bounds, cancellation and budget as a session's requests; nothing of it is
     * kept once it is answered.
     */
    private void stateless(JsonRpc.Message message, long bytes) {
        String key = message.key();
        Map<String, Object> params = message.params();
        String method = message.method();
        ObjectNode refused = Stateless.envelopeRefusal(key, params);
        if (refused == null && "tools/call".equals(method) && !toolNames.contains(String.valueOf(params.get("name")))) {
            refused = JsonRpc.error(key, JsonRpc.INVALID_PARAMS, "Unknown tool: "
                    + McpTools.shown(String.valueOf(params.get("name")), 100));
        }
        if (refused == null && state == State.CLOSED) {
            refused = JsonRpc.error(key, JsonRpc.INVALID_REQUEST, "the session is closed");
        }
        if (refused == null && pending.putIfAbsent(key, bytes) != null) {
            refused = JsonRpc.error(key, JsonRpc.INVALID_REQUEST, "invalid request: the id " + key
                    + " belongs to a request not answered yet");
        }
        if (refused != null) {
            limits.release(bytes);
            out.deliver(key, refused);
            return;
        }
        JsonNode id = Stateless.id(key);
        if (!"tools/call".equals(method)) {
            answer(key, stateless.answer(key, id, method));
            return;
        }
        String tool = (String) params.get("name");
        run(key, tool, () -> McpTools.bounded(tool, stateless.call(params), limits.maxMessageBytes))
                .subscribe(result -> answer(key, stateless.response(id, result)),
                        e -> answer(key, stateless.response(id, McpTools.failure(tool, null))));
    }

    /** What the SDK session sends: an answer goes out unless its request was cancelled; the budget is given back. */
    private void send(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCResponse response) {
            String key = JsonRpc.key(response.id());
            if (key.equals(initializeKey) && response.error() != null) {
                state = State.NEW; // a failed initialize may be tried again
            }
            answer(key, message);
            return;
        }
        out.deliver(null, message);
    }

    /** Sends the answer to the request {@code key}, unless it was cancelled; its budget is given back. */
    private void answer(String key, Object message) {
        running.remove(key);
        Long bytes = pending.remove(key);
        if (bytes != null) {
            limits.release(bytes);
        }
        if (cancelled.remove(key)) {
            out.withheld(key);
            return;
        }
        out.deliver(key, message);
    }

    /** Ends the session: running calls are interrupted, and nothing more is taken. */
    void close() {
        state = State.CLOSED;
        running.values().forEach(call -> call.stop("the session was closed"));
        running.clear();
        pending.forEach((key, bytes) -> {
            if (pending.remove(key) != null) {
                limits.release(bytes);
            }
        });
    }

    /**
     * Runs one tool call of this connection on the server's pool: an error result when the session has too many
     * running or the server no thread, or when the call passes the timeout (the call is then interrupted).
     */
    static Mono<McpSchema.CallToolResult> run(McpAsyncServerExchange exchange, String tool,
            Supplier<McpSchema.CallToolResult> work) {
        ServedSession connection = (ServedSession) exchange.transportContext().get(CONNECTION);
        String key = (String) exchange.transportContext().get(REQUEST);
        return connection.run(key, tool, work);
    }

    private Mono<McpSchema.CallToolResult> run(String key, String tool, Supplier<McpSchema.CallToolResult> work) {
        if (calls.incrementAndGet() > limits.callsPerSession) {
            calls.decrementAndGet();
            return Mono.just(McpTools.failure(tool, "the session has " + limits.callsPerSession
                    + " calls running, as many as the server allows; retry when one has finished"));
        }
        CompletableFuture<McpSchema.CallToolResult> result = new CompletableFuture<>();
        // the call's place is given back once: when its thread is done with it, or when it is cancelled before a
        // thread took it up (then it never runs)
        java.util.concurrent.atomic.AtomicBoolean started = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean released = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable release = () -> {
            if (released.compareAndSet(false, true)) {
                calls.decrementAndGet();
            }
        };
        FutureTask<Void> task = new FutureTask<>(() -> {
            started.set(true);
            try {
                result.complete(work.get());
            } finally {
                release.run();
            }
        }, null) {
            @Override
            protected void done() {
                if (!started.get()) {
                    release.run();
                }
            }
        };
        Call call = new Call(tool, task, result);
        running.put(key, call);
        try {
            limits.tools.execute(task);
        } catch (RejectedExecutionException e) {
            running.remove(key);
            calls.decrementAndGet();
            return Mono.just(McpTools.failure(tool, "the server is running as many calls as it allows; retry later"));
        }
        if (cancelled.contains(key)) {
            call.stop("it was cancelled by the client");
        }
        return Mono.fromFuture(result, true).timeout(limits.callTimeout, Mono.fromSupplier(() -> {
            call.stop("it did not finish within " + McpTools.seconds(limits.callTimeout)
                    + " (the server's request timeout) and was interrupted");
            return result.join();
        }));
    }

    /** A tool call running on the pool, and the result it will be answered with. */
    private record Call(String tool, Future<?> task, CompletableFuture<McpSchema.CallToolResult> result) {

        /** Interrupts the call (where the tool heeds interrupts) and settles its answer as a failure saying why. */
        void stop(String why) {
            result.complete(McpTools.failure(tool, why));
            task.cancel(true);
        }
    }
}
