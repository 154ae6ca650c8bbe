package dev.calltype.example;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A client for one OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, llama.cpp server,
 * vLLM, LM Studio), on the JDK {@link HttpClient}. It always asks for a stream and reads server-sent
 * events as they arrive; a server that answers with one JSON body instead is read too. Every failure
 * is a {@link ChatFailure} with a one-line message.
 */
final class ChatCompletionsClient {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_ERROR_BODY = 4096;

    private final URI endpoint;
    private final String model;
    private final String apiKey;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * @param baseUrl the server's base URL, e.g. {@code http://localhost:11434/v1}; a URL that already
     *     ends in {@code /chat/completions} is used as it is
     * @param apiKey sent as a bearer token when not {@code null}
     */
    ChatCompletionsClient(URI baseUrl, String model, String apiKey, Duration timeout) {
        this.endpoint = endpoint(baseUrl);
        this.model = model;
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey.strip();
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(Math.min(10, Math.max(1, timeout.toSeconds()))))
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    static URI endpoint(URI baseUrl) {
        String s = baseUrl.toString();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return URI.create(s.endsWith("/chat/completions") ? s : s + "/chat/completions");
    }

    URI endpoint() {
        return endpoint;
    }

    /** The request body: the model, the messages, {@code stream: true}, and the tools when given. */
    ObjectNode requestBody(ArrayNode messages, ArrayNode tools) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", model);
        body.set("messages", messages);
        body.put("stream", true);
        if (tools != null && !tools.isEmpty()) {
            body.set("tools", tools);
        }
        return body;
    }

    /**
     * Sends one request and reads the whole answer, passing each piece of text to {@code onContent}
     * as it arrives.
     *
     * @throws ChatFailure when the server cannot be reached, answers with an error, or sends a
     *     stream that cannot be read
     */
    Completion complete(ArrayNode messages, ArrayNode tools, Consumer<String> onContent) {
        String body;
        try {
            body = JSON.writeValueAsString(requestBody(messages, tools));
        } catch (JsonProcessingException e) {
            throw new ChatFailure("cannot write the request: " + e.getOriginalMessage());
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream, application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpConnectTimeoutException e) {
            throw new ChatFailure("cannot connect to " + endpoint + ": timed out after " + timeout.toSeconds() + " s");
        } catch (HttpTimeoutException e) {
            throw new ChatFailure("no answer from " + endpoint + " within " + timeout.toSeconds() + " s");
        } catch (ConnectException e) {
            throw new ChatFailure("cannot connect to " + endpoint + ": " + connectReason(e) + " (is the server running?)");
        } catch (IOException e) {
            throw new ChatFailure("request to " + endpoint + " failed: " + reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChatFailure("interrupted while waiting for " + endpoint);
        }
        try (InputStream in = response.body()) {
            if (response.statusCode() / 100 != 2) {
                throw new ChatFailure("server returned HTTP " + response.statusCode() + " for " + endpoint
                        + errorDetail(in.readNBytes(MAX_ERROR_BODY)));
            }
            String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return type.contains("json") ? readJson(reader, onContent) : readStream(reader, onContent);
        } catch (IOException e) {
            throw new ChatFailure("the connection to " + endpoint + " broke while reading the answer: " + reason(e));
        }
    }

    private Completion readStream(BufferedReader reader, Consumer<String> onContent) throws IOException {
        CompletionAssembler assembler = new CompletionAssembler(onContent);
        ServerSentEvents.End end = ServerSentEvents.read(reader, data -> {
            JsonNode chunk;
            try {
                chunk = JSON.readTree(data);
            } catch (JsonProcessingException e) {
                throw new ChatFailure("malformed stream from " + endpoint + ": an event is not JSON: " + Snippet.of(data));
            }
            if (chunk == null) {
                return true;
            }
            assembler.add(chunk);
            return true;
        });
        if (!assembler.started()) {
            throw new ChatFailure("malformed stream from " + endpoint + ": no chat completion events"
                    + (end == ServerSentEvents.End.DONE_MARKER ? " before [DONE]" : ""));
        }
        if (end == ServerSentEvents.End.END_OF_STREAM && !assembler.finished()) {
            throw new ChatFailure("the stream from " + endpoint + " ended before the answer was complete");
        }
        return assembler.completion();
    }

    private Completion readJson(BufferedReader reader, Consumer<String> onContent) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(reader);
        } catch (JsonProcessingException e) {
            throw new ChatFailure("malformed answer from " + endpoint + ": not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new ChatFailure("malformed answer from " + endpoint + ": not a chat completion object");
        }
        CompletionAssembler.failOnError(root);
        if (!root.path("choices").isArray() || root.path("choices").isEmpty()) {
            throw new ChatFailure("malformed answer from " + endpoint + ": no \"choices\"");
        }
        CompletionAssembler assembler = new CompletionAssembler(onContent);
        assembler.add(root); // a whole completion reads as one chunk whose delta is the message
        return assembler.completion();
    }

    private static String errorDetail(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            return "";
        }
        try {
            JsonNode node = JSON.readTree(text);
            JsonNode error = node == null ? null : node.get("error");
            if (error != null && error.isTextual()) {
                return ": " + Snippet.of(error.textValue());
            }
            if (error != null && error.path("message").isTextual()) {
                return ": " + Snippet.of(error.path("message").textValue());
            }
        } catch (JsonProcessingException e) {
            // not JSON: show the text
        }
        return ": " + Snippet.of(text);
    }

    private static String connectReason(ConnectException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnresolvedAddressException) {
                return "unknown host";
            }
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? "connection refused" : e.getMessage();
    }

    private static String reason(IOException e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : Snippet.of(e.getMessage());
    }
}
