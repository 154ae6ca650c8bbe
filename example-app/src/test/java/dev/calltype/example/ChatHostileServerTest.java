package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chat} against servers that misbehave: one line and exit 1 for a fault, exit 0 when the server is only odd,
 * nothing run that was cut off, nothing raw on the terminal, bounded memory (a child JVM under {@code -Xmx256m}).
 */
class ChatHostileServerTest {

    @TempDir
    Path notes;

    /** Writes one answer; may write forever. */
    @FunctionalInterface
    interface Answer {
        void write(HttpExchange exchange, OutputStream out) throws Exception;
    }

    /** A server on 127.0.0.1 whose n-th request gets the n-th answer (the last one repeats). */
    static final class Server implements AutoCloseable {
        final HttpServer http;
        final List<String> authorizations = new CopyOnWriteArrayList<>();
        final AtomicInteger requests = new AtomicInteger();

        Server(Answer... answers) throws IOException {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "hostile-server");
                t.setDaemon(true);
                return t;
            }));
            http.createContext("/", exchange -> {
                int n = requests.getAndIncrement();
                exchange.getRequestBody().readAllBytes();
                String auth = exchange.getRequestHeaders().getFirst("Authorization");
                authorizations.add(auth == null ? "" : auth);
                try (OutputStream out = exchange.getResponseBody()) {
                    answers[Math.min(n, answers.length - 1)].write(exchange, out);
                } catch (Exception e) {
                    // the client went away
                } finally {
                    exchange.close();
                }
            });
            http.start();
        }

        String url() {
            return "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
        }

        @Override
        public void close() {
            http.stop(0);
            ((java.util.concurrent.ExecutorService) http.getExecutor()).shutdownNow();
        }
    }

    static void stream(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
    }

    static void send(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    static String text(String t) {
        return "{\"choices\":[{\"index\":0,\"delta\":{\"content\":" + json(t) + "}}]}";
    }

    static String json(String t) {
        return new com.fasterxml.jackson.databind.node.TextNode(t).toString();
    }

    static final String STOP = "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}";

    record Run(int status, String out, String err) {
    }

    private Run chat(String baseUrl, Map<String, String> env, String... more) {
        List<String> args = new ArrayList<>(List.of("chat", "--base-url", baseUrl, "--model", "m", "--notes",
                notes.toString(), "--prompt", "hi"));
        args.addAll(List.of(more));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args.toArray(new String[0]), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new Environment(env, false, Clock.systemUTC()));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The app in a child JVM with a 256 MB heap. */
    private Run childJvm(String baseUrl, String... more) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "chat", "--base-url",
                baseUrl, "--model", "m", "--notes", notes.toString(), "--prompt", "hi"));
        command.addAll(List.of(more));
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException e) {
                // the process ended
            }
        });
        drain.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not end");
        }
        drain.join();
        return new Run(p.exitValue(), out.toString(StandardCharsets.UTF_8), err);
    }

    private static void assertOneLineFault(Run run, String... contains) {
        assertThat(run.status()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).startsWith("calltype chat: ").hasLineCount(1).contains(contains)
                .doesNotContain("Exception", "\tat ", "OutOfMemory");
    }

    // ------------------------------------------------------------------ memory, in a 256 MB child JVM

    @Test
    void endlessTextEndsWithOneLineUnder256Megabytes() throws Exception {
        try (Server server = new Server((x, out) -> {
            stream(x);
            byte[] chunk = ("data: " + text("all work and no play makes Jack a dull boy ".repeat(50)) + "\n\n")
                    .getBytes(StandardCharsets.UTF_8);
            while (true) {
                out.write(chunk);
            }
        })) {
            assertOneLineFault(childJvm(server.url()), "it was not used");
        }
    }

    @Test
    void endlessArgumentsEndWithOneLineUnder256MegabytesAndNothingRuns() throws Exception {
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\","
                    + "\"function\":{\"name\":\"create_note\",\"arguments\":\"{\\\"title\\\": \\\"x\\\", \\\"body\\\": \\\"\"}}]}}]}\n\n");
            byte[] chunk = ("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":"
                    + "{\"arguments\":\"" + "z".repeat(2000) + "\"}}]}}]}\n\n").getBytes(StandardCharsets.UTF_8);
            while (true) {
                out.write(chunk);
            }
        })) {
            assertOneLineFault(childJvm(server.url()), "it was not used");
            assertThat(notes.toFile().list()).isEmpty();
        }
    }

    @Test
    void anEndlessLineEndsWithOneLineUnder256Megabytes() throws Exception {
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, "data: {\"choices\":[{\"delta\":{\"content\":\"");
            byte[] chunk = "y".repeat(65536).getBytes(StandardCharsets.UTF_8);
            while (true) {
                out.write(chunk);
            }
        })) {
            assertOneLineFault(childJvm(server.url()), "maxEventBytes");
        }
    }

    // ------------------------------------------------------------------ faults

    @Test
    void aStallAfterTheHeadersIsOneLineWithinTheTimeout() throws Exception {
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, "data: " + text("thinking") + "\n\n");
            for (int i = 0; i < 100; i++) {
                send(out, ": keep-alive\n\n");
                Thread.sleep(200);
            }
        })) {
            assertOneLineFault(chat(server.url(), Map.of(), "--timeout", "1"), "idle timeout");
        }
    }

    @Test
    void emptyDeltasOneASecondAreNotProgress() throws Exception {
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, "data: " + text("thinking") + "\n\n");
            for (int i = 0; i < 100; i++) {
                send(out, "data: {\"choices\":[{\"index\":0,\"delta\":{}}]}\n\n");
                Thread.sleep(300);
            }
        })) {
            assertOneLineFault(chat(server.url(), Map.of(), "--timeout", "1"), "idle timeout");
        }
    }

    @Test
    void anAnswerThatNeverEndsMeetsTheReplyTimeout() throws Exception {
        try (Server server = new Server((x, out) -> {
            stream(x);
            for (int i = 0; i < 100; i++) {
                send(out, "data: " + text("and ") + "\n\n");
                Thread.sleep(300);
            }
        })) {
            assertOneLineFault(chat(server.url(), Map.of(), "--timeout", "1", "--reply-timeout", "2"),
                    "reply timeout", "nothing of it was used");
        }
    }

    @Test
    void theKeyIsNeverSentToAnotherOrigin() throws Exception {
        try (Server elsewhere = new Server((x, out) -> {
            stream(x);
            send(out, "data: " + text("thanks for the key") + "\n\ndata: " + STOP + "\n\n");
        });
             Server server = new Server((x, out) -> {
                 x.getResponseHeaders().set("Location", elsewhere.url() + "/chat/completions");
                 x.sendResponseHeaders(307, -1);
             })) {
            Run run = chat(server.url(), Map.of("OPENAI_API_KEY", "sk-secret"));
            assertOneLineFault(run, "another origin");
            assertThat(run.err()).doesNotContain("sk-secret");
            assertThat(server.authorizations).containsExactly("Bearer sk-secret");
            assertThat(elsewhere.requests.get()).isZero();
        }
    }

    @Test
    void credentialsInTheBaseUrlAreNeverEchoed() throws Exception {
        try (Server server = new Server((x, out) -> {
            x.sendResponseHeaders(502, -1);
        })) {
            String url = server.url().replace("http://", "http://admin:hunter2@") + "?key=abc";
            Run run = chat(url, Map.of());
            assertOneLineFault(run, "HTTP 502");
            assertThat(run.err() + run.out()).doesNotContain("hunter2", "admin", "key=abc");
            Run bad = chat("ftp://admin:hunter2@host/v1", Map.of());
            assertThat(bad.status()).isEqualTo(2);
            assertThat(bad.err()).doesNotContain("hunter2");
        }
    }

    // ------------------------------------------------------------------ odd but usable

    @Test
    void anOddServerStillGivesAConversationAndExitZero() throws Exception {
        String call = "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"type\":\"function\",\"function\":{\"name\":\"calculate\","
                + "\"arguments\":\"{'expression': '6*7'}\"}}]}}]}";
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, ": hello\r\n\r\ndata:\r\n\r\nevent: message\r\nid: 1\r\ndata: " + call + "\r\n\r\n"
                    + "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\r\n\r\n");
        }, (x, out) -> {
            stream(x);
            send(out, "data: {\"choices\":[{\"delta\":\ndata: {\"content\": \"It is 42.\"}}]}\n\ndata: " + STOP + "\n\n");
        })) {
            Run run = chat(server.url(), Map.of());
            assertThat(run.status()).as(run.err()).isZero();
            assertThat(run.out()).contains("calculate", "42", "It is 42.");
        }
    }

    @Test
    void escapeSequencesReachTheTerminalOnlyAsVisibleEscapesAndLongTextIsCut() throws Exception {
        String hostile = "Hi\u001b[2J\u001b]0;owned\u0007 there\r\u009b31m" + "x".repeat(50_000);
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, "data: " + text(hostile) + "\n\ndata: " + STOP + "\n\n");
        })) {
            Run run = chat(server.url(), Map.of());
            assertThat(run.status()).isZero();
            assertThat(run.out()).doesNotContain("\u001b", "\u0007", "\r", "\u009b")
                    .contains("Hi\\u001b[2J\\u001b]0;owned\\u0007 there\\u000d\\u009b31m")
                    .contains("more characters not shown");
            assertThat(run.out().length()).isLessThan(ChatCommand.MAX_SHOWN_TEXT + 2_000);
        }
    }

    @Test
    void hugeArgumentsAreShownCut() throws Exception {
        String args = json("{\"title\": \"big\", \"body\": \"" + "b".repeat(200_000) + "\u001b[2J\"}");
        try (Server server = new Server((x, out) -> {
            stream(x);
            send(out, "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"function\":"
                    + "{\"name\":\"create_note\",\"arguments\":" + args + "}}]}}]}\n\n"
                    + "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
        }, (x, out) -> {
            stream(x);
            send(out, "data: " + text("Saved.") + "\n\ndata: " + STOP + "\n\n");
        })) {
            Run run = chat(server.url(), Map.of());
            assertThat(run.status()).as(run.err()).isZero();
            assertThat(run.out()).doesNotContain("\u001b").contains("create_note", "Saved.");
            assertThat(run.out().length()).isLessThan(5_000);
        }
    }
}
