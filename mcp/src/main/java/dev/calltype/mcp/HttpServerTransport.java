package dev.calltype.mcp;

import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP's streamable HTTP transport, answering every request with {@code application/json}: {@code POST} carries one
 * message, {@code DELETE} ends a session, {@code GET} is refused with 405 (the server sends nothing unasked). Every
 * refusal is a JSON-RPC error object with an HTTP status, never an exception's text: a body that is not one message
 * (400), no or an unknown {@code Mcp-Session-Id} (400, 404), an {@code MCP-Protocol-Version} this server does not
 * speak (400), a body over the size limit (413), more sessions or bytes in flight than allowed (503).
 * Each client address has a bound on its open requests (503 past it, before its body is read) and on its
 * sessions (its least recently used idle one gives way to a new one); sessions idle longer than the idle time end,
 * swept on a schedule, so that neither a slow nor a prolific client can take what other clients need.
 */
final class HttpServerTransport extends HttpServlet implements McpServerTransportProvider {

    private static final Logger LOG = LoggerFactory.getLogger(HttpServerTransport.class);
    private static final String SESSION = "Mcp-Session-Id";
    private static final String VERSION = "MCP-Protocol-Version";
    private static final List<String> VERSIONS = List.of(ProtocolVersions.MCP_2025_03_26,
            ProtocolVersions.MCP_2025_06_18, ProtocolVersions.MCP_2025_11_25);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String LEASE = "dev.calltype.mcp.lease";

    private final transient ServerLimits limits;
    private final transient Set<String> toolNames;
    private final transient Stateless stateless;
    private final transient HttpGuard guard;
    private transient McpServerSession.Factory sessions;
    private final transient Map<String, HttpSession> open = new ConcurrentHashMap<>();
    /** The connections whose request is being served now (read, run, answered), for the header deadline. */
    private final transient Set<Object> serving = ConcurrentHashMap.newKeySet();
    /** Requests open now, by client address: read, run, or waiting for their answer. */
    private final transient Map<String, AtomicInteger> active = new ConcurrentHashMap<>();

    HttpServerTransport(ServerLimits limits, Set<String> toolNames, Stateless stateless, HttpGuard guard) {
        this.limits = limits;
        this.toolNames = toolNames;
        this.stateless = stateless;
        this.guard = guard;
    }

    /** One session: its client's address, its connection, and the requests waiting for their answers. */
    private final class HttpSession {
        final String client;
        final ServedSession connection;
        final Map<String, AsyncContext> waiting = new ConcurrentHashMap<>();

        HttpSession(String client) {
            this.client = client;
            connection = new ServedSession(limits, toolNames, stateless, new ServedSession.Outbound() {
                @Override
                public void deliver(String key, Object message) {
                    HttpSession.this.deliver(key, message);
                }

                @Override
                public void withheld(String key) {
                    AsyncContext exchange = waiting.remove(key);
                    if (exchange != null) {
                        // the request was cancelled: its POST ends with no message, as a notification's does
                        ((HttpServletResponse) exchange.getResponse()).setStatus(202);
                        exchange.complete();
                    }
                }
            });
            connection.attach(sessions.create(connection.transport()));
        }

        private void deliver(String key, Object message) {
            AsyncContext exchange = key == null ? null : waiting.remove(key);
            if (exchange == null) {
                return; // a notification (there is no stream to send it on), or a request given up on
            }
            try {
                write((HttpServletResponse) exchange.getResponse(), HttpServletResponse.SC_OK, message);
            } catch (IOException e) {
                LOG.debug("MCP HTTP answer not sent: {}", e.toString());
            } finally {
                exchange.complete();
            }
        }
    }

    @Override
    public List<String> protocolVersions() {
        return VERSIONS;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessions) {
        this.sessions = sessions;
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Mono.empty(); // the served tools never change, and nothing else is announced
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            open.values().forEach(s -> s.connection.close());
            open.clear();
        });
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String refused = guard.refusal(request);
        if (refused != null) {
            int status = refused.startsWith(HttpGuard.UNAUTHORIZED) ? 401 : 403;
            if (status == 401) {
                response.setHeader("WWW-Authenticate", "Bearer");
            }
            fail(response, status, JsonRpc.INVALID_REQUEST, refused);
            return;
        }
        String version = request.getHeader(VERSION);
        if (version != null && version.strip().compareTo(Stateless.REVISION) >= 0
                && !Stateless.REVISION.equals(version.strip())) {
            fail(response, 400, Stateless.unsupported(null, version.strip()));
            return;
        }
        if (version != null && !Stateless.VERSIONS.contains(version.strip())
                && !ProtocolVersions.MCP_2024_11_05.equals(version)) {
            fail(response, 400, JsonRpc.INVALID_REQUEST, "bad request: MCP-Protocol-Version \""
                    + McpTools.shown(version, 40) + "\""
                    + " is not one this server speaks (" + String.join(", ", VERSIONS) + ")");
            return;
        }
        String client = String.valueOf(request.getRemoteAddr());
        AtomicInteger load = active.computeIfAbsent(client, c -> new AtomicInteger());
        if (load.incrementAndGet() > limits.requestsPerClient) {
            release(client, load);
            response.setHeader("Connection", "close"); // the body is not read: a trickling client is not waited for
            fail(response, 503, JsonRpc.SERVER_BUSY, "server busy: this client has " + limits.requestsPerClient
                    + " requests open, as many as the server allows one client; retry when one has been answered");
            return;
        }
        Lease lease = new Lease(client, load, connection(request));
        request.setAttribute(LEASE, lease);
        try {
            switch (request.getMethod()) {
                case "POST" -> post(request, response);
                case "DELETE" -> delete(request, response);
                default -> {
                    response.setHeader("Allow", "POST, DELETE");
                    fail(response, 405, JsonRpc.INVALID_REQUEST, "method not allowed: this endpoint takes POST (one "
                            + "JSON-RPC message) and DELETE (end a session); the server sends no stream on GET");
                }
            }
        } finally {
            if (!lease.async) {
                lease.release();
            }
        }
    }

    /** One open request's place in its client's count, given back once when it is answered. */
    private final class Lease {
        final String client;
        final AtomicInteger load;
        final Object connection;
        volatile boolean async;
        private final AtomicBoolean released = new AtomicBoolean();

        Lease(String client, AtomicInteger load, Object connection) {
            this.client = client;
            this.load = load;
            this.connection = connection;
            if (connection != null) {
                serving.add(connection);
            }
        }

        void release() {
            if (released.compareAndSet(false, true)) {
                if (connection != null) {
                    serving.remove(connection);
                }
                HttpServerTransport.this.release(client, load);
            }
        }
    }

    /** Whether {@code connection}'s request is being served now (its headers have arrived). */
    boolean serving(org.eclipse.jetty.io.Connection connection) {
        return serving.contains(connection);
    }

    /** The connection {@code request} came on, as Jetty's connection listeners see it; {@code null} if unknown. */
    private static Object connection(HttpServletRequest request) {
        org.eclipse.jetty.ee11.servlet.ServletContextRequest core =
                org.eclipse.jetty.ee11.servlet.ServletContextRequest.getServletContextRequest(request);
        return core == null ? null : core.getConnectionMetaData().getConnection();
    }

    private void release(String client, AtomicInteger load) {
        if (load.decrementAndGet() <= 0) {
            active.remove(client, load);
            if (load.get() > 0) {
                active.putIfAbsent(client, load); // taken again meanwhile: keep counting it
            }
        }
    }

    /**
     * Starts answering {@code request} asynchronously; its client's count is given back when the exchange ends,
     * however it ends.
     */
    private static AsyncContext startAsync(HttpServletRequest request, long timeoutMillis) {
        AsyncContext exchange = request.startAsync();
        exchange.setTimeout(timeoutMillis);
        Lease lease = (Lease) request.getAttribute(LEASE);
        if (lease != null) {
            lease.async = true;
            exchange.addListener(ended(lease::release, lease::release));
        }
        return exchange;
    }

    private void post(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String type = request.getContentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            fail(response, 415, JsonRpc.INVALID_REQUEST, "unsupported media type: the body must be application/json");
            return;
        }
        String accept = request.getHeader("Accept");
        if (accept != null && !acceptsJson(accept)) {
            fail(response, 406, JsonRpc.INVALID_REQUEST, "not acceptable: this server answers with application/json");
            return;
        }
        long declared = request.getContentLengthLong();
        if (declared > limits.maxMessageBytes) {
            drain(request.getInputStream());
            fail(response, 413, JsonRpc.INVALID_REQUEST, tooLarge());
            return;
        }
        // the body's bytes are taken from the in-flight budget as they arrive, never on the strength of the declared
        // length: a client that declares 16 MiB and trickles a byte at a time holds only what it has sent
        byte[] body;
        try {
            body = read(request.getInputStream(), declared);
        } catch (BodyRefused e) {
            limits.release(e.reserved);
            drain(request.getInputStream());
            fail(response, e.status, e.status == 503 ? JsonRpc.SERVER_BUSY : JsonRpc.INVALID_REQUEST,
                    e.status == 503 ? limits.busy() : tooLarge());
            return;
        }
        boolean taken = false;
        try {
            taken = take(request, response, body);
        } finally {
            if (!taken) {
                limits.release(body.length);
            }
        }
    }

    /**
     * Hands one message (its bytes reserved in the budget) to its session; {@code false} when it was refused here
     * instead, and the bytes are the caller's to give back.
     */
    private boolean take(HttpServletRequest request, HttpServletResponse response, byte[] body) throws IOException {
        JsonRpc.Read read = JsonRpc.read(body, body.length);
        if (read instanceof JsonRpc.Refusal refusal) {
            write(response, refusal.code() == JsonRpc.INVALID_PARAMS && refusal.key() != null ? 200 : 400,
                    refusal.toJson());
            return false;
        }
        JsonRpc.Message message = (JsonRpc.Message) read;
        String version = request.getHeader(VERSION);
        if (Stateless.claims(message.params())) {
            return stateless(request, response, message, body.length);
        }
        if (version != null && Stateless.REVISION.equals(version.strip()) && message.method() != null) {
            fail(response, 400, "initialize".equals(message.method())
                    ? JsonRpc.error(message.key(), Stateless.HEADER_MISMATCH, "bad request: the request headers and "
                            + "body disagree: initialize (the 2025-11-25 handshake) sent with MCP-Protocol-Version "
                            + Stateless.REVISION)
                    : JsonRpc.error(message.key(), JsonRpc.INVALID_PARAMS, "invalid params: the MCP-Protocol-Version "
                            + "header names " + Stateless.REVISION + " but params._meta lacks \"" + Stateless.VERSION_KEY
                            + "\" and \"" + Stateless.CAPABILITIES_KEY + "\", which every request of that revision carries"));
            return false;
        }
        String id = request.getHeader(SESSION);
        HttpSession found;
        if ("initialize".equals(message.method()) && message.key() != null) {
            if (id != null && open.containsKey(id)) {
                fail(response, 400, JsonRpc.INVALID_REQUEST, "bad request: initialize within a session; send it "
                        + "without Mcp-Session-Id to start a new one");
                return false;
            }
            found = start(request.getRemoteAddr(), response);
            if (found == null) {
                return false;
            }
        } else {
            if (id == null) {
                fail(response, 400, JsonRpc.INVALID_REQUEST, "bad request: no Mcp-Session-Id header; send the id "
                        + "the initialize answer carried (or initialize first)");
                return false;
            }
            found = open.get(id);
            if (found != null && expired(found, System.nanoTime())) {
                end(id, found);
                found = null;
            }
            if (found == null) {
                fail(response, 404, JsonRpc.INVALID_REQUEST, "session not found: it ended or never existed; "
                        + "initialize a new one");
                return false;
            }
        }
        HttpSession session = found;
        if (message.key() == null) {
            session.connection.receive(message, body.length);
            response.setStatus(202);
            return true;
        }
        AsyncContext exchange = startAsync(request, limits.callTimeout.plus(Duration.ofSeconds(30)).toMillis());
        String key = message.key();
        exchange.addListener(ended(() -> session.waiting.remove(key, exchange), () -> {
            if (session.waiting.remove(key, exchange)) {
                session.connection.cancel(key);
                exchange.complete();
            }
        }));
        if (session.waiting.putIfAbsent(key, exchange) != null) {
            write((HttpServletResponse) exchange.getResponse(), 200, JsonRpc.error(key, JsonRpc.INVALID_REQUEST,
                    "invalid request: the id " + key + " belongs to a request not answered yet"));
            exchange.complete();
            return false;
        }
        session.connection.receive(message, body.length);
        return true;
    }

    /**
     * A message of the stateless revision: its headers checked against its body, then answered on its own by a
     * session made for it alone and gone with the answer (a notification is taken and dropped: over HTTP the
     * revision has nothing for a client to announce).
     */
    private boolean stateless(HttpServletRequest request, HttpServletResponse response, JsonRpc.Message message,
            int bytes) throws IOException {
        String key = message.key();
        if (key == null) {
            response.setStatus(202);
            return false;
        }
        ObjectNode refused = Stateless.headerRefusal(key, message.method(), message.params(), request.getHeader(VERSION),
                request.getHeader("Mcp-Method"), request.getHeader("Mcp-Name"));
        if (refused == null) {
            refused = Stateless.envelopeRefusal(key, message.params());
        }
        if (refused != null) {
            fail(response, 400, refused);
            return false;
        }
        AsyncContext exchange = startAsync(request, limits.callTimeout.plus(Duration.ofSeconds(30)).toMillis());
        AtomicBoolean done = new AtomicBoolean();
        ServedSession[] one = new ServedSession[1];
        one[0] = new ServedSession(limits, toolNames, stateless, new ServedSession.Outbound() {
            @Override
            public void deliver(String answered, Object message) {
                if (answered == null || !done.compareAndSet(false, true)) {
                    return;
                }
                try {
                    write((HttpServletResponse) exchange.getResponse(), HttpServletResponse.SC_OK, message);
                } catch (IOException e) {
                    LOG.debug("MCP HTTP answer not sent: {}", e.toString());
                } finally {
                    exchange.complete();
                    one[0].close();
                }
            }

            @Override
            public void withheld(String answered) {
                if (done.compareAndSet(false, true)) {
                    exchange.complete();
                    one[0].close();
                }
            }
        });
        Runnable givenUp = () -> {
            one[0].cancel(key);
            if (done.compareAndSet(false, true)) {
                exchange.complete();
                one[0].close();
            }
        };
        exchange.addListener(ended(() -> { }, givenUp));
        whenDropped(request, response, givenUp);
        one[0].receive(message, bytes);
        return true;
    }

    /**
     * Runs {@code dropped} when the client closes its connection before the request is answered, so that a client
     * that gives up on a stateless request cancels it (the revision has no other way to). The connection carries
     * nothing after this request ({@code Connection: close} is answered), so it is watched for its end directly.
     */
    private static void whenDropped(HttpServletRequest request, HttpServletResponse response, Runnable dropped) {
        response.setHeader("Connection", "close");
        Object connection = connection(request);
        if (connection instanceof org.eclipse.jetty.io.Connection jetty) {
            watch(jetty.getEndPoint(), dropped);
        }
    }

    private static void watch(org.eclipse.jetty.io.EndPoint endPoint, Runnable dropped) {
        endPoint.tryFillInterested(new org.eclipse.jetty.util.Callback() {
            @Override
            public void succeeded() {
                try {
                    int n = endPoint.fill(java.nio.ByteBuffer.allocate(512).flip());
                    if (n < 0) {
                        // the client has closed its end: before the answer a cancellation, after it the usual end;
                        // either way this watch holds the connection's reading, so it closes the connection too
                        dropped.run();
                        endPoint.close();
                    } else {
                        watch(endPoint, dropped); // bytes after the request are dropped unread: none are due
                    }
                } catch (IOException e) {
                    dropped.run();
                    endPoint.close();
                }
            }

            @Override
            public void failed(Throwable x) {
                dropped.run();
                endPoint.close();
            }
        });
    }

    /** A listener of an asynchronous exchange: {@code completed} when it completes, {@code failed} on a timeout or error. */
    private static AsyncListener ended(Runnable completed, Runnable failed) {
        return new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                completed.run();
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                failed.run();
            }

            @Override
            public void onError(AsyncEvent event) {
                failed.run();
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // nothing to prepare
            }
        };
    }

    private void delete(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String id = request.getHeader(SESSION);
        if (id == null) {
            fail(response, 400, JsonRpc.INVALID_REQUEST, "bad request: no Mcp-Session-Id header to end");
            return;
        }
        HttpSession session = open.remove(id);
        if (session == null) {
            fail(response, 404, JsonRpc.INVALID_REQUEST, "session not found: it ended or never existed");
            return;
        }
        session.connection.close();
        response.setStatus(200);
    }

    /**
     * A new session for {@code client}, its id set on the response; {@code null} (503 sent) when there are as many as
     * allowed. A client at its own bound gives up its least recently used idle session for the new one, so a client
     * that opens sessions without end crowds out only itself.
     */
    private HttpSession start(String client, HttpServletResponse response) throws IOException {
        sweep();
        HttpSession oldest = null;
        String oldestId = null;
        int mine = 0;
        for (Map.Entry<String, HttpSession> e : open.entrySet()) {
            HttpSession s = e.getValue();
            if (!s.client.equals(client)) {
                continue;
            }
            mine++;
            if (!s.connection.busy() && (oldest == null || s.connection.lastUsed() < oldest.connection.lastUsed())) {
                oldest = s;
                oldestId = e.getKey();
            }
        }
        if (mine >= limits.sessionsPerClient) {
            if (oldest == null) {
                fail(response, 503, JsonRpc.SERVER_BUSY, "server busy: this client has " + limits.sessionsPerClient
                        + " sessions open and all are busy, as many as the server allows one client; end one "
                        + "(DELETE) or retry later");
                return null;
            }
            end(oldestId, oldest);
        }
        if (open.size() >= limits.maxSessions) {
            fail(response, 503, JsonRpc.SERVER_BUSY, "server busy: " + limits.maxSessions
                    + " sessions are open, as many as this server allows; end one (DELETE) or retry later");
            return null;
        }
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        String id = HexFormat.of().formatHex(random);
        HttpSession session = new HttpSession(client);
        open.put(id, session);
        response.setHeader(SESSION, id);
        return session;
    }

    /**
     * Ends every session idle (nothing asked, nothing pending) for longer than the server's idle time. Run on a
     * schedule by the server and before each new session.
     */
    void sweep() {
        long now = System.nanoTime();
        open.forEach((id, session) -> {
            if (expired(session, now)) {
                end(id, session);
            }
        });
    }

    private boolean expired(HttpSession session, long now) {
        return !session.connection.busy() && now - session.connection.lastUsed() > limits.sessionIdle.toNanos();
    }

    private void end(String id, HttpSession session) {
        if (open.remove(id, session)) {
            session.connection.close();
        }
    }

    /**
     * The body, its bytes taken from the budget as they arrive (all of them reserved when it returns).
     *
     * @throws BodyRefused when it is longer than a message may be (413) or the budget is spent (503); it says how
     *     much is reserved then
     */
    private byte[] read(InputStream in, long declared) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 ? (int) Math.min(declared, 1 << 16) : 256);
        byte[] chunk = new byte[1 << 14];
        long reserved = 0;
        try {
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                if (body.size() + n > limits.maxMessageBytes) {
                    throw new BodyRefused(413, reserved);
                }
                if (!limits.reserve(n)) {
                    throw new BodyRefused(503, reserved);
                }
                reserved += n;
                body.write(chunk, 0, n);
            }
        } catch (BodyRefused e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            limits.release(reserved);
            throw e;
        }
        return body.toByteArray();
    }

    /**
     * Reads and drops the rest of a refused body (up to twice the message limit), so that the client, still
     * sending, reads the refusal instead of a reset connection; nothing of it is kept.
     */
    private void drain(InputStream in) {
        byte[] chunk = new byte[1 << 14];
        long left = 2L * limits.maxMessageBytes;
        try {
            for (int n = in.read(chunk); n >= 0 && left > 0; n = in.read(chunk)) {
                left -= n;
            }
        } catch (IOException e) {
            // the client has gone; nothing to answer
        }
    }

    /** A body not read to its end: too long (413) or over the budget (503), with the bytes reserved so far. */
    private static final class BodyRefused extends IOException {
        final int status;
        final long reserved;

        BodyRefused(int status, long reserved) {
            super(null, null);
            this.status = status;
            this.reserved = reserved;
        }
    }

    private String tooLarge() {
        return "payload too large: a message may be at most " + limits.maxMessageBytes + " bytes";
    }

    private static boolean acceptsJson(String accept) {
        String a = accept.toLowerCase(Locale.ROOT);
        return a.contains("application/json") || a.contains("application/*") || a.contains("*/*");
    }

    private static void fail(HttpServletResponse response, int status, int code, String message) throws IOException {
        write(response, status, JsonRpc.error((String) null, code, message));
    }

    private static void fail(HttpServletResponse response, int status, ObjectNode error) throws IOException {
        write(response, status, error);
    }

    private static void write(HttpServletResponse response, int status, Object message) throws IOException {
        byte[] bytes = McpTools.JSON.writeValueAsBytes(message);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
