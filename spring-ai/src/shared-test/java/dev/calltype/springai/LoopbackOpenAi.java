package dev.calltype.springai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1, for the application tests: it answers every
 * {@code …/chat/completions} request (Spring AI 1.1 asks {@code /v1/chat/completions} of its base URL, the OpenAI
 * SDK behind Spring AI 2 {@code /chat/completions}) with the text the script gives for the request, as one
 * completion or, when the request asks to stream, as server-sent chunks of a few characters with the finish reason
 * on the last. It keeps every request body.
 */
final class LoopbackOpenAi implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Function<JsonNode, String> script;
    final List<JsonNode> requests = new CopyOnWriteArrayList<>();

    /**
     * Starts the server.
     *
     * @param script the reply's text for a request body
     */
    LoopbackOpenAi(Function<JsonNode, String> script) throws IOException {
        this.script = script;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The base URL to give Spring AI's OpenAI starter. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().endsWith("/chat/completions")) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            requests.add(request);
            String text = script.apply(request);
            if (request.path("stream").asBoolean(false)) {
                exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
                exchange.sendResponseHeaders(200, 0);
                OutputStream out = exchange.getResponseBody();
                for (int i = 0; i < text.length(); i += 5) {
                    event(out, chunk(text.substring(i, Math.min(text.length(), i + 5)), null));
                }
                event(out, chunk("", "stop"));
                out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
            } else {
                byte[] body = JSON.writeValueAsBytes(completion(text));
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
        }
    }

    private static void event(OutputStream out, ObjectNode chunk) throws IOException {
        out.write(("data: " + JSON.writeValueAsString(chunk) + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static ObjectNode envelope(String object) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", "chatcmpl-1").put("object", object).put("created", 1_764_000_000L).put("model", "loopback");
        return o;
    }

    private static ObjectNode completion(String text) {
        ObjectNode o = envelope("chat.completion");
        ObjectNode choice = o.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop").putNull("logprobs");
        choice.putObject("message").put("role", "assistant").put("content", text);
        o.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 10).put("total_tokens", 20);
        return o;
    }

    private static ObjectNode chunk(String text, String finishReason) {
        ObjectNode o = envelope("chat.completion.chunk");
        ArrayNode choices = o.putArray("choices");
        ObjectNode choice = choices.addObject();
        choice.put("index", 0).putNull("logprobs");
        if (finishReason == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finishReason);
        }
        choice.putObject("delta").put("role", "assistant").put("content", text);
        return o;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
