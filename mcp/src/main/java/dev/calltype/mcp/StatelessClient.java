package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link McpToolkit}'s own wire for the stateless revision (2026-07-28), which the official Java SDK does not speak:
 * every request carries the per-request {@code _meta} (version, capabilities, client identity) and, over HTTP, the
 * {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} headers; no {@code initialize}, no session.
 * Over stdio and over HTTP (a JSON answer or an event stream) a line that is not a JSON-RPC message is skipped.
 */
abstract class StatelessClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StatelessClient.class);

    /** An answer: its result, or the error the server sent. */
    record Answer(JsonNode result, JsonNode error) {

        boolean isError() {
            return error != null;
        }
    }

    /** Why there is no answer. */
    enum Silence { TIMEOUT, EXITED, UNREACHABLE }

    /** The server could not be reached or did not answer: not an answer of the protocol. */
    static final class Unreachable extends IOException {
        final Silence why;

        Unreachable(String message, Silence why) {
            super(message, null);
            this.why = why;
        }
    }

    private final String clientName;
    private final AtomicLong ids = new AtomicLong();

    StatelessClient(String clientName) {
        this.clientName = clientName;
    }

    /** Sends {@code method} with {@code params} (the envelope added) and waits at most {@code timeout}. */
    final Answer request(String method, ObjectNode params, Duration timeout) throws IOException {
        ObjectNode body = params == null ? JsonNodeFactory.instance.objectNode() : params.deepCopy();
        ObjectNode meta = body.has("_meta") && body.get("_meta").isObject() ? (ObjectNode) body.get("_meta")
                : body.putObject("_meta");
        meta.put(Stateless.VERSION_KEY, Stateless.REVISION);
        meta.putObject(Stateless.CAPABILITIES_KEY);
        meta.putObject(Stateless.CLIENT_INFO_KEY).put("name", clientName).put("version", "1.0.0");
        long id = ids.incrementAndGet();
        ObjectNode message = JsonNodeFactory.instance.objectNode();
        message.put("jsonrpc", "2.0").put("id", id).put("method", method).set("params", body);
        String name = switch (method) {
            case "tools/call", "prompts/get" -> body.path("name").isTextual() ? body.get("name").asText() : null;
            case "resources/read" -> body.path("uri").isTextual() ? body.get("uri").asText() : null;
            default -> null;
        };
        JsonNode answer = exchange(id, method, name, message, timeout);
        return new Answer(answer.get("result"), answer.get("error"));
    }

    /** One exchange: the response with id {@code id}. */
    abstract JsonNode exchange(long id, String method, String name, ObjectNode message, Duration timeout)
            throws IOException;

    @Override
    public abstract void close();

    /** Whether {@code node} is the JSON-RPC response to {@code id}. */
    static boolean answers(JsonNode node, long id) {
        return node != null && node.isObject() && node.path("id").canConvertToLong() && node.path("id").asLong() == id
                && (node.has("result") || node.has("error"));
    }

    static JsonNode readJson(String line) {
        try {
            return McpTools.JSON.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------------------------------------

    /** Over streamable HTTP: one POST a request, answered with JSON or with an event stream. */
    static final class Http extends StatelessClient {

        private final HttpClient http;
        private final URI endpoint;
        private final String bearerToken;

        Http(URI endpoint, String bearerToken, Duration connectTimeout, String clientName) {
            super(clientName);
            this.endpoint = endpoint;
            this.bearerToken = bearerToken;
            this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
        }

        @Override
        JsonNode exchange(long id, String method, String name, ObjectNode message, Duration timeout)
                throws IOException {
            HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .header("MCP-Protocol-Version", Stateless.REVISION)
                    .header("Mcp-Method", method)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(McpTools.JSON.writeValueAsBytes(message)));
            if (name != null) {
                request.header("Mcp-Name", Stateless.encodeName(name));
            }
            if (bearerToken != null) {
                request.header("Authorization", "Bearer " + bearerToken);
            }
            HttpResponse<InputStream> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Unreachable("interrupted", Silence.UNREACHABLE);
            } catch (java.net.http.HttpTimeoutException e) {
                throw new Unreachable("no answer within " + McpTools.seconds(timeout), Silence.TIMEOUT);
            } catch (IOException e) {
                throw new Unreachable("cannot connect: " + e.getMessage(), Silence.UNREACHABLE);
            }
            String type = response.headers().firstValue("Content-Type").orElse("");
            try (InputStream body = response.body()) {
                LineReader lines = new LineReader(body, ChildProcessTransport.MAX_LINE);
                boolean events = type.toLowerCase(java.util.Locale.ROOT).startsWith("text/event-stream");
                StringBuilder data = new StringBuilder();
                for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                    if (line.tooLong()) {
                        continue;
                    }
                    String text = new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8);
                    if (!events) {
                        data.append(text).append('\n');
                        continue;
                    }
                    if (text.startsWith("data:")) {
                        data.append(text.substring(text.startsWith("data: ") ? 6 : 5)).append('\n');
                    } else if (text.isEmpty() && data.length() > 0) {
                        JsonNode node = readJson(data.toString());
                        data.setLength(0);
                        if (answers(node, id)) {
                            return node;
                        }
                        // a notification, or an event that is not JSON-RPC: skipped, as the stdio client skips
                    }
                }
                JsonNode node = data.length() == 0 ? null : readJson(data.toString());
                if (answers(node, id)) {
                    return node;
                }
                throw new Unreachable("HTTP " + response.statusCode() + " without a JSON-RPC answer", Silence.UNREACHABLE);
            }
        }

        @Override
        public void close() {
            // nothing is kept between requests
        }
    }

    // ---------------------------------------------------------------------------------------------

    /** Over a child process's standard input and output, a message a line; other lines are skipped. */
    static final class Stdio extends StatelessClient {

        private final Process process;
        private final OutputStream in;
        private final Map<Long, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
        private final Runnable toolsChanged;
        private final String source;

        Stdio(List<String> commandLine, Map<String, String> environment, String source, String clientName,
                Runnable toolsChanged) throws IOException {
            super(clientName);
            this.source = source;
            this.toolsChanged = toolsChanged;
            ProcessBuilder builder = new ProcessBuilder(commandLine);
            builder.environment().clear();
            builder.environment().putAll(environment);
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            process = builder.start();
            in = process.getOutputStream();
            Thread reader = new Thread(this::read, "mcp-stateless-stdio");
            reader.setDaemon(true);
            reader.start();
        }

        /** Completes when the child has exited. */
        CompletableFuture<Process> exited() {
            return process.onExit();
        }

        private void read() {
            LineReader lines = new LineReader(process.getInputStream(), ChildProcessTransport.MAX_LINE);
            try {
                for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                    if (line.tooLong()) {
                        continue;
                    }
                    JsonNode node = readJson(new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8));
                    if (node == null || !node.isObject()) {
                        LOG.debug("MCP server {} wrote a line that is not a message; skipped", source);
                        continue;
                    }
                    if ("notifications/tools/list_changed".equals(node.path("method").asText(null))) {
                        toolsChanged.run();
                        continue;
                    }
                    if (node.path("id").canConvertToLong()) {
                        CompletableFuture<JsonNode> answer = waiting.remove(node.path("id").asLong());
                        if (answer != null && (node.has("result") || node.has("error"))) {
                            answer.complete(node);
                        }
                    }
                }
            } catch (IOException e) {
                LOG.debug("MCP server {} output ended: {}", source, e.toString());
            } finally {
                waiting.values().forEach(w -> w.completeExceptionally(new Unreachable("the MCP server has exited", Silence.EXITED)));
                waiting.clear();
            }
        }

        @Override
        JsonNode exchange(long id, String method, String name, ObjectNode message, Duration timeout)
                throws IOException {
            CompletableFuture<JsonNode> answer = new CompletableFuture<>();
            waiting.put(id, answer);
            if (!process.isAlive()) {
                waiting.remove(id);
                throw new Unreachable("the MCP server has exited", Silence.EXITED);
            }
            try {
                byte[] bytes = McpTools.JSON.writeValueAsBytes(message);
                synchronized (in) {
                    in.write(bytes);
                    in.write('\n');
                    in.flush();
                }
                return answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                waiting.remove(id);
                send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id
                        + ",\"reason\":\"timed out\"}}");
                throw new Unreachable("no answer within " + McpTools.seconds(timeout), Silence.TIMEOUT);
            } catch (InterruptedException e) {
                waiting.remove(id);
                Thread.currentThread().interrupt();
                throw new Unreachable("interrupted", Silence.UNREACHABLE);
            } catch (ExecutionException e) {
                throw new Unreachable("the MCP server has exited", Silence.EXITED);
            } catch (IOException e) {
                waiting.remove(id);
                throw new Unreachable("the MCP server cannot be written to", Silence.EXITED);
            }
        }

        private void send(String line) {
            try {
                synchronized (in) {
                    in.write(line.getBytes(StandardCharsets.UTF_8));
                    in.write('\n');
                    in.flush();
                }
            } catch (IOException e) {
                // the server has gone
            }
        }

        @Override
        public void close() {
            List<ProcessHandle> children = process.descendants().toList();
            synchronized (in) {
                ChildProcessTransport.stop(process, in);
            }
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
