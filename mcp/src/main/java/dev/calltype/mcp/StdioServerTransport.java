package dev.calltype.mcp;

import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One MCP session over a pair of streams, a message per line; a request of the stateless revision (2026-07-28) is
 * answered on its own, beside the session ({@link Stateless}). A line that is not a message (empty, not JSON, a
 * batch, not JSON-RPC, too long) is answered with a JSON-RPC error and the session goes on; at the end of the input
 * the session ends, its running calls are interrupted, and {@code closed} is counted down.
 */
final class StdioServerTransport implements McpServerTransportProvider {

    private static final Logger LOG = LoggerFactory.getLogger(StdioServerTransport.class);

    private final InputStream in;
    private final OutputStream out;
    private final ServerLimits limits;
    private final Set<String> toolNames;
    private final Stateless stateless;
    private final CountDownLatch closed;
    private ServedSession connection;
    private volatile boolean writable = true;

    StdioServerTransport(InputStream in, OutputStream out, ServerLimits limits, Set<String> toolNames,
            Stateless stateless, CountDownLatch closed) {
        this.in = in;
        this.out = out;
        this.limits = limits;
        this.toolNames = toolNames;
        this.stateless = stateless;
        this.closed = closed;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessions) {
        connection = new ServedSession(limits, toolNames, stateless, (key, message) -> write(message));
        connection.attach(sessions.create(connection.transport()));
        Thread reader = new Thread(this::read, "mcp-stdio-server");
        reader.setDaemon(true); // awaitClosed() is what keeps a program alive while its host talks to it
        reader.start();
    }

    private void read() {
        LineReader lines = new LineReader(in, limits.maxMessageBytes);
        try {
            for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                if (line.tooLong()) {
                    write(JsonRpc.error((String) null, JsonRpc.INVALID_REQUEST, "invalid request: a message longer "
                            + "than " + limits.maxMessageBytes + " bytes, the most this server takes"));
                } else if (!limits.reserve(line.length())) {
                    JsonRpc.Read read = JsonRpc.read(line.bytes(), line.length());
                    String key = read instanceof JsonRpc.Message m ? m.key() : null;
                    if (key != null) {
                        write(JsonRpc.error(key, JsonRpc.SERVER_BUSY, limits.busy()));
                    }
                } else {
                    connection.receive(JsonRpc.read(line.bytes(), line.length()), line.length());
                }
            }
        } catch (IOException e) {
            LOG.debug("MCP stdio input ended: {}", e.toString());
        } finally {
            connection.close();
            closed.countDown();
        }
    }

    private void write(Object message) {
        if (!writable) {
            return;
        }
        try {
            byte[] bytes = McpTools.JSON.writeValueAsBytes(message);
            synchronized (out) {
                out.write(bytes);
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            writable = false; // the host has gone; the end of the input follows
            LOG.debug("MCP stdio output closed: {}", e.toString());
        }
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return Mono.empty(); // the served tools never change, and nothing else is announced
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(() -> {
            if (connection != null) {
                connection.close();
            }
        });
    }
}
