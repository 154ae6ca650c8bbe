package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
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
 * Calltype's server under the official TypeScript SDK client (from npm): 10,000 calls over stdio and 10,000 over
 * streamable HTTP, from several sessions at once, with cancellations, bad lines and 1 MiB arguments mixed in, the
 * server in a JVM of 256 MiB. Every call is answered once, with its own text; no cancelled call's answer arrives.
 */
@Timeout(300)
class McpSoakTest {

    /** The TypeScript SDK version, the client most hosts are built on. */
    static final String SDK = "@modelcontextprotocol/sdk@1.32.2";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CALLS = 10_000;

    private static Path script;

    @BeforeAll
    static void install() throws Exception {
        Npm.Installed sdk = Npm.install(Path.of("target", "npm", "sdk").toAbsolutePath(), SDK);
        script = sdk.dir().resolve("soak-client.mjs");
        try (InputStream in = McpSoakTest.class.getResourceAsStream("/soak/soak-client.mjs")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static List<String> server(String mode) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), SoakServer.class.getName(), mode);
    }

    private static JsonNode soak(String mode, String target, int sessions) throws Exception {
        Process client = new ProcessBuilder(Npm.node(), script.toString(), mode, target, String.valueOf(CALLS),
                String.valueOf(sessions)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(client.waitFor(240, TimeUnit.SECONDS)).isTrue();
        assertThat(client.exitValue()).as(out).isZero();
        String last = out.substring(out.lastIndexOf('\n') + 1);
        return JSON.readTree(last);
    }

    private static void assertSound(JsonNode stats) {
        assertThat(stats.path("failures").size()).as(stats.toString()).isZero();
        assertThat(stats.path("wrong").asInt()).as(stats.toString()).isZero();
        assertThat(stats.path("failed").asInt()).as(stats.toString()).isZero();
        assertThat(stats.path("unknownId").asInt()).as("late or duplicated answers: " + stats).isZero();
        assertThat(stats.path("cancelledButAnswered").asInt()).as(stats.toString()).isZero();
        assertThat(stats.path("cancelled").asInt()).as(stats.toString()).isEqualTo(CALLS / 100);
        assertThat(stats.path("ok").asInt() + stats.path("busy").asInt() + stats.path("cancelled").asInt())
                .as("every call answered once: " + stats).isEqualTo(CALLS);
        assertThat(stats.path("ok").asInt()).as(stats.toString()).isGreaterThan(CALLS * 9 / 10);
        assertThat(stats.path("large").asInt()).as(stats.toString()).isPositive();
        assertThat(stats.path("badLinesAnswered").asInt()).isEqualTo(stats.path("badLines").asInt()).isPositive();
    }

    @Test
    void stdioServersAnswerEveryCallOfTheTypeScriptClient() throws Exception {
        List<String> command = server("stdio");
        String target = JSON.createObjectNode().put("command", command.get(0))
                .set("args", JSON.valueToTree(command.subList(1, command.size()))).toString();
        JsonNode stats = soak("stdio", target, 2);
        System.err.println("soak over stdio: " + stats);
        assertSound(stats);
    }

    @Test
    void theHttpServerAnswersEveryCallOfTheTypeScriptClient() throws Exception {
        Process server = new ProcessBuilder(server("http")).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String uri = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(uri).startsWith("http://127.0.0.1:");
            JsonNode stats = soak("http", uri, 4);
            System.err.println("soak over HTTP: " + stats);
            assertSound(stats);
            assertThat(server.isAlive()).as("the server is still up").isTrue();
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
                throw new AssertionError("the HTTP server did not exit after close()");
            }
        }
    }
}
