package dev.calltype.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP over a child process's standard input and output. A line on its output that is not a JSON-RPC message (a
 * banner, a stray print, a log line) is logged and skipped, and the session goes on; so is a line longer than the
 * limit. The child's standard error is logged at debug level. The child gets only the environment it is given.
 */
final class ChildProcessTransport implements McpClientTransport {

    private static final Logger LOG = LoggerFactory.getLogger(ChildProcessTransport.class);
    /** The longest line read from the server: longer ones are skipped. */
    static final int MAX_LINE = 64 << 20;

    private final List<String> commandLine;
    private final Map<String, String> environment;
    private final String source;
    private final CompletableFuture<Void> exited = new CompletableFuture<>();
    private volatile Process process;
    private OutputStream stdin;

    ChildProcessTransport(List<String> commandLine, Map<String, String> environment, String source) {
        this.commandLine = commandLine;
        this.environment = environment;
        this.source = source;
    }

    /** Completes when the child has exited (or could not be started). */
    CompletableFuture<Void> exited() {
        return exited;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> {
            ProcessBuilder builder = new ProcessBuilder(commandLine);
            builder.environment().clear();
            builder.environment().putAll(environment);
            try {
                process = builder.start();
            } catch (IOException e) {
                exited.complete(null);
                throw new IllegalStateException("cannot start " + source + ": " + e.getMessage());
            }
            stdin = process.getOutputStream();
            process.onExit().thenRun(() -> exited.complete(null));
            daemon("mcp-client-out", () -> readOutput(process.getInputStream(), handler));
            daemon("mcp-client-err", () -> readErrors(process.getErrorStream()));
        });
    }

    private void readOutput(InputStream out,
            Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        LineReader lines = new LineReader(out, MAX_LINE);
        try {
            for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                if (line.tooLong()) {
                    LOG.warn("MCP server {} wrote a line longer than {} bytes; skipped", source, MAX_LINE);
                    continue;
                }
                String text = new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8);
                McpSchema.JSONRPCMessage message = parse(text);
                if (message == null) {
                    continue;
                }
                // the session handles the message (and sends any answer itself); what the handler emits is the
                // message it was given, not a reply
                handler.apply(Mono.just(message))
                        .subscribe(null, e -> LOG.debug("MCP message from {} not handled: {}", source, e.toString()));
            }
        } catch (IOException e) {
            LOG.debug("MCP server {} output ended: {}", source, e.toString());
        }
    }

    private McpSchema.JSONRPCMessage parse(String text) {
        if (text.isBlank()) {
            return null;
        }
        try {
            return McpSchema.deserializeJsonRpcMessage(McpTools.MAPPER, text);
        } catch (IOException | RuntimeException e) {
            LOG.warn("MCP server {} wrote a line that is not an MCP message; skipped: {}", source,
                    McpTools.shown(text, 200));
            return null;
        }
    }

    private void readErrors(InputStream err) {
        LineReader lines = new LineReader(err, 1 << 16);
        try {
            for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                if (LOG.isDebugEnabled() && !line.tooLong()) {
                    LOG.debug("MCP server {} stderr: {}", source,
                            McpTools.shown(new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8), 200));
                }
            }
        } catch (IOException e) {
            // the child has gone
        }
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.fromRunnable(() -> {
            try {
                byte[] bytes = McpTools.MAPPER.writeValueAsBytes(message);
                synchronized (this) {
                    stdin.write(bytes);
                    stdin.write('\n');
                    stdin.flush();
                }
            } catch (IOException e) {
                throw new IllegalStateException("the MCP server " + source + " cannot be written to: " + e.getMessage());
            }
        });
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::stop);
    }

    @Override
    public void close() {
        stop();
    }

    /** Closes the child's input (a server exits then), then stops it if it has not within two seconds. */
    private void stop() {
        Process p = process;
        if (p == null) {
            return;
        }
        synchronized (this) {
            stop(p, stdin);
        }
    }

    /**
     * Stops a server process: closes its input (a server exits then), then stops it if it has not within two
     * seconds, and forcibly two seconds later.
     */
    static void stop(Process p, OutputStream stdin) {
        try {
            stdin.close();
        } catch (IOException e) {
            // closed already
        }
        try {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroy();
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return McpTools.MAPPER.convertValue(data, type);
    }

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }
}
