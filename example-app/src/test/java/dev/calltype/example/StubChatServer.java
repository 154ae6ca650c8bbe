package dev.calltype.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A Chat Completions server on 127.0.0.1 and a free port that answers each request with the next
 * recorded response and keeps every request it received.
 */
final class StubChatServer implements AutoCloseable {

    /** A request as the server received it. */
    record Request(String method, String path, Map<String, List<String>> headers, JsonNode body) {
        String header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue().get(0);
                }
            }
            return null;
        }
    }

    private record Response(int status, String contentType, String body) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Deque<Response> responses = new ArrayDeque<>();
    private final List<Request> requests = new ArrayList<>();

    private StubChatServer(HttpServer server) {
        this.server = server;
    }

    static StubChatServer start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        StubChatServer stub = new StubChatServer(server);
        server.createContext("/", stub::handle);
        server.start();
        return stub;
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    /** Answers the next request with a recorded response from {@code /chat/NAME}: {@code .sse} streamed, {@code .json} whole. */
    StubChatServer thenRecorded(String name) {
        return then(200, name.endsWith(".sse") ? "text/event-stream" : "application/json", resource(name));
    }

    synchronized StubChatServer then(int status, String contentType, String body) {
        responses.add(new Response(status, contentType, body));
        return this;
    }

    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    static String resource(String name) {
        try (InputStream in = StubChatServer.class.getResourceAsStream("/chat/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /chat/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] raw = exchange.getRequestBody().readAllBytes();
        JsonNode body = raw.length == 0 ? null : JSON.readTree(raw);
        Response response;
        synchronized (this) {
            requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    Map.copyOf(exchange.getRequestHeaders()), body));
            response = responses.poll();
        }
        if (response == null) {
            response = new Response(500, "application/json", "{\"error\":{\"message\":\"the stub has no recorded response left\"}}");
        }
        byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
        exchange.sendResponseHeaders(response.status(), 0); // chunked, the way streaming servers send
        try (OutputStream out = exchange.getResponseBody()) {
            // Small writes, flushed, so the client sees the stream arrive in pieces.
            for (int i = 0; i < bytes.length; i += 64) {
                out.write(bytes, i, Math.min(64, bytes.length - i));
                out.flush();
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
