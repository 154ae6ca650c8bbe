package dev.calltype.observability;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OpenAI-compatible Chat Completions server on 127.0.0.1 that streams one scripted answer per request, each
 * ending with the usage chunk a server sends for {@code stream_options.include_usage}, and keeps the request bodies.
 */
final class ScriptedChatServer implements AutoCloseable {

    private final HttpServer http;
    private final Deque<List<String>> answers;
    final List<String> requests = new CopyOnWriteArrayList<>();

    /** @param answers per request, the {@code data:} payloads to stream before {@code [DONE]} */
    @SafeVarargs
    ScriptedChatServer(List<String>... answers) throws IOException {
        this.answers = new ArrayDeque<>(List.of(answers));
        this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/v1/chat/completions", exchange -> {
            requests.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            List<String> answer;
            synchronized (this.answers) {
                answer = this.answers.poll();
            }
            if (answer == null) {
                exchange.sendResponseHeaders(500, -1);
                exchange.close();
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (String data : answer) {
                    out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
                out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
            }
        });
        http.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
    }

    static String call(int index, String id, String name, String arguments) {
        return "{\"model\":\"gpt-test-0613\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":" + index
                + ",\"id\":\"" + id + "\",\"type\":\"function\",\"function\":{\"name\":\"" + name
                + "\",\"arguments\":\"" + arguments.replace("\"", "\\\"") + "\"}}]}}]}";
    }

    static String text(String text) {
        return "{\"model\":\"gpt-test-0613\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + text + "\"}}]}";
    }

    static String finish(String reason) {
        return "{\"model\":\"gpt-test-0613\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + reason
                + "\"}]}";
    }

    static String usage(long prompt, long completion) {
        return "{\"model\":\"gpt-test-0613\",\"choices\":[],\"usage\":{\"prompt_tokens\":" + prompt
                + ",\"completion_tokens\":" + completion + ",\"total_tokens\":" + (prompt + completion) + "}}";
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
