package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The stateless revision under load: the TypeScript SDK v2 client, pinned to 2026-07-28, makes 10,000 calls (eight
 * at a time, every hundredth cancelled) to Calltype's server in a JVM of 256 MiB, over loopback HTTP and over
 * stdio. Every call is answered once with its own text, no cancelled call's answer arrives, and over HTTP the
 * server holds no request bytes afterwards and its heap after a collection is where it was after a first 1,000
 * (within 16 MiB: what a leak of a few kilobytes a call would pass).
 */
@Timeout(400)
class McpStatelessSoakTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CALLS = 10_000;

    private static Path script;

    @BeforeAll
    static void install() throws Exception {
        Npm.Installed v2 = Npm.install(Path.of("target", "npm", "v2").toAbsolutePath(),
                "@modelcontextprotocol/client@" + McpEraInteropTest.V2, "@modelcontextprotocol/server@" + McpEraInteropTest.V2);
        script = v2.dir().resolve("soak-v2.mjs");
        try (InputStream in = McpStatelessSoakTest.class.getResourceAsStream("/soak/soak-v2.mjs")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static List<String> server(String mode) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), SoakServer.class.getName(), mode);
    }

    private static JsonNode soak(String mode, String target, int calls) throws Exception {
        Process client = new ProcessBuilder(Npm.node(), script.toString(), mode, target, String.valueOf(calls))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(client.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(client.exitValue()).as(out).isZero();
        return JSON.readTree(out.substring(out.lastIndexOf('\n') + 1));
    }

    private static void assertSound(JsonNode stats, int calls) {
        assertThat(stats.path("protocolVersion").asText()).isEqualTo("2026-07-28");
        assertThat(stats.path("failures").size()).as(stats.toString()).isZero();
        assertThat(stats.path("wrong").asInt()).as(stats.toString()).isZero();
        assertThat(stats.path("failed").asInt()).as(stats.toString()).isZero();
        assertThat(stats.path("clientErrors").asInt()).as("late or duplicated answers: " + stats).isZero();
        assertThat(stats.path("cancelledButAnswered").asInt()).as(stats.toString()).isZero();
        assertThat(stats.path("cancelled").asInt()).as(stats.toString()).isEqualTo(calls / 100);
        assertThat(stats.path("ok").asInt() + stats.path("busy").asInt() + stats.path("cancelled").asInt())
                .as("every call answered once: " + stats).isEqualTo(calls);
        assertThat(stats.path("ok").asInt()).as(stats.toString()).isGreaterThan(calls * 9 / 10);
    }

    @Test
    void tenThousandStatelessCallsOverHttpAreEachAnsweredOnceAndLeaveNothingBehind() throws Exception {
        Process server = new ProcessBuilder(server("http")).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            PrintStream in = new PrintStream(server.getOutputStream(), true, StandardCharsets.UTF_8);
            String uri = out.readLine();
            assertThat(uri).startsWith("http://127.0.0.1:");
            assertSound(soak("http", uri, 1_000), 1_000);
            long[] warm = heap(in, out);
            JsonNode stats = soak("http", uri, CALLS);
            System.err.println("stateless soak over HTTP: " + stats);
            assertSound(stats, CALLS);
            long[] after = heap(in, out);
            assertThat(after[1]).as("request bytes held after every answer").isZero();
            assertThat(after[0] - warm[0]).as("heap growth over 10,000 calls (bytes)").isLessThan(16L << 20);
            assertThat(server.isAlive()).isTrue();
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
                throw new AssertionError("the HTTP server did not exit after close()");
            }
        }
    }

    /**
     * The server's heap in use after a collection, and the request bytes it holds, once the client has gone and its
     * connections (one a request: the revision answers with {@code Connection: close}) have been closed.
     */
    private static long[] heap(PrintStream in, BufferedReader out) throws Exception {
        Thread.sleep(10_000);
        in.println("heap");
        String[] figures = out.readLine().split(" ");
        return new long[] {Long.parseLong(figures[0]), Long.parseLong(figures[1])};
    }

    @Test
    void tenThousandStatelessCallsOverStdioAreEachAnsweredOnce() throws Exception {
        List<String> command = server("stdio");
        String target = JSON.createObjectNode().put("command", command.get(0))
                .set("args", JSON.valueToTree(command.subList(1, command.size()))).toString();
        JsonNode stats = soak("stdio", target, CALLS);
        System.err.println("stateless soak over stdio: " + stats);
        assertSound(stats, CALLS);
    }
}
