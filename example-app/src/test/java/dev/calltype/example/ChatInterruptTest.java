package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * {@code calltype.jar chat} interrupted as a person at a terminal interrupts it: the chat runs as its own JVM, once in
 * a real pseudo-terminal (util-linux {@code script}) where the test types Ctrl-C and the terminal's line discipline
 * turns it into SIGINT, and once with its input a pipe and SIGINT sent by {@code kill -INT}, as on a machine without
 * util-linux. The server streams a reply that would go on for a minute, then answers the next message at once with
 * its usage.
 */
class ChatInterruptTest {

    /** A server whose first answer streams slowly and records being cut off; later answers are quick. */
    private static final class SlowServer implements AutoCloseable {
        final HttpServer http;
        final List<String> requests = new CopyOnWriteArrayList<>();
        final CountDownLatch cancelled = new CountDownLatch(1);

        SlowServer() throws IOException {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            http.createContext("/v1/chat/completions", exchange -> {
                requests.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
                exchange.sendResponseHeaders(200, 0);
                try (OutputStream out = exchange.getResponseBody()) {
                    if (requests.size() == 1) {
                        send(out, text("Counting:"));
                        for (int i = 1; i <= 600; i++) {
                            send(out, text(" " + i));
                            Thread.sleep(100);
                        }
                    } else {
                        send(out, text("We were counting."));
                        send(out, "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
                        send(out, "{\"choices\":[],\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":5}}");
                        out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
                    }
                } catch (IOException e) {
                    cancelled.countDown(); // the client closed the connection
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            http.start();
        }

        private static String text(String t) {
            return "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + t + "\"}}]}";
        }

        private static void send(OutputStream out, String data) throws IOException {
            out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        String baseUrl() {
            return "http://127.0.0.1:" + http.getAddress().getPort() + "/v1";
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }

    private final StringBuffer screen = new StringBuffer();

    /** How Ctrl-C reaches the chat. */
    enum Keyboard { TERMINAL, SIGNAL }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(Keyboard.class)
    void ctrlCStopsTheReplyKeepsTheConversationAndTwiceAtThePromptExits(Keyboard how) throws Exception {
        assumeFalse(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("win"), "SIGINT is POSIX");
        if (how == Keyboard.TERMINAL) {
            org.junit.jupiter.api.Assumptions.assumeTrue(utilLinuxScript(),
                    "util-linux script (a pseudo-terminal) is not on this machine; the SIGNAL case covers Ctrl-C");
        }
        try (SlowServer server = new SlowServer()) {
            String java = ProcessHandle.current().info().command().orElse("java");
            // Started through perl (on every Linux and macOS machine) to give SIGINT back its default action: a
            // program started from a background job inherits it ignored, and then no Ctrl-C would reach the chat.
            List<String> command = List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die", java, "-cp",
                    System.getProperty("java.class.path"), Main.class.getName(), "chat", "--base-url",
                    server.baseUrl(), "--model", "m", "--timeout", "30");
            ProcessBuilder start = how == Keyboard.TERMINAL
                    ? new ProcessBuilder("script", "-qfec", shell(command), "/dev/null")
                    : new ProcessBuilder(command);
            start.environment().put("NO_COLOR", "1");
            Process chat = start.redirectErrorStream(true).start();
            try {
                Thread reader = new Thread(() -> copy(chat.getInputStream()), "chat-screen");
                reader.setDaemon(true);
                reader.start();
                Writer keyboard = new java.io.OutputStreamWriter(chat.getOutputStream(), StandardCharsets.UTF_8);
                Runnable ctrlC = how == Keyboard.TERMINAL ? () -> typeCtrlC(keyboard) : () -> signal(chat);

                await(() -> screen.toString().contains("Ctrl-C stops a reply"));
                type(keyboard, "count to a thousand");
                await(() -> screen.toString().contains("Counting: 1 2"));
                ctrlC.run();
                await(() -> screen.toString().contains("(stopped: the partial reply was dropped"));
                assertThat(server.cancelled.await(10, TimeUnit.SECONDS)).as("the request was cancelled").isTrue();
                assertThat(chat.isAlive()).isTrue();

                type(keyboard, "what were you doing?");
                await(() -> screen.toString().contains("We were counting."));
                String second = server.requests.get(1);
                assertThat(second).contains("count to a thousand", "what were you doing?")
                        .doesNotContain("Counting: 1 2");

                type(keyboard, "/usage");
                await(() -> screen.toString().contains("tokens this session: 50 in, 5 out"));

                ctrlC.run();
                await(() -> screen.toString().contains("(Ctrl-C again to exit)"));
                ctrlC.run();
                assertThat(chat.waitFor(20, TimeUnit.SECONDS)).as("exited; screen:\n" + screen).isTrue();
                assertThat(chat.exitValue()).isZero();
                assertThat(screen.toString()).doesNotContain("Exception", "\tat ");
            } finally {
                chat.destroyForcibly();
            }
        }
    }

    private void copy(InputStream in) {
        byte[] buf = new byte[4096];
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                screen.append(new String(buf, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private static void type(Writer keyboard, String line) throws IOException {
        keyboard.write(line + "\n");
        keyboard.flush();
    }

    /** Ctrl-C typed into the terminal: its line discipline sends SIGINT to the program in the foreground. */
    private static void typeCtrlC(Writer keyboard) {
        try {
            keyboard.write('\u0003');
            keyboard.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Ctrl-C as a terminal delivers it: SIGINT to the process. */
    private static void signal(Process p) {
        try {
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -INT").isTrue();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Whether util-linux's {@code script}, which runs a command in a new pseudo-terminal, is on this machine. */
    private static boolean utilLinuxScript() {
        try {
            Process p = new ProcessBuilder("script", "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 && out.contains("util-linux");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** {@code words} as one POSIX shell command line, each word single-quoted. */
    private static String shell(List<String> words) {
        StringBuilder line = new StringBuilder();
        for (String w : words) {
            line.append(line.length() == 0 ? "" : " ").append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return line.toString();
    }

    private void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() < deadline).as("waited 30 s; the screen:\n" + screen).isTrue();
            Thread.sleep(50);
        }
    }
}
