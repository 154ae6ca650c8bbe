package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.ToolCall;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The client over stdio against a server that prints what is not MCP, and what of the environment it passes. */
@Timeout(120)
class McpClientStdioTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static McpToolkit.Builder noisy() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return McpToolkit.stdio(List.of(java, "-cp", System.getProperty("java.class.path"),
                NoisyStdioServer.class.getName())).timeout(Duration.ofSeconds(20));
    }

    private static String call(McpToolkit toolkit, String tool, String argument, String value) {
        return toolkit.dispatch(ToolCall.of(tool, JSON.createObjectNode().put(argument, value))).content();
    }

    @Test
    void aBannerAndStrayPrintsAreSkippedAndTheSessionGoesOn() {
        try (McpToolkit noisy = noisy().connect()) {
            assertThat(call(noisy, "shout", "text", "one")).isEqualTo("ONE");
            assertThat(call(noisy, "shout", "text", "two")).isEqualTo("TWO");
            assertThat(call(noisy, "shout", "text", "three")).isEqualTo("THREE");
        }
    }

    @Test
    void theServerGetsTheAllowlistedEnvironmentAndWhatIsNamedOnly() {
        String secret = System.getenv().keySet().stream()
                .filter(name -> !ChildEnvironment.inherited().contains(name) && !System.getenv(name).isEmpty())
                .sorted().findFirst().orElseThrow();
        try (McpToolkit plain = noisy().env("EXPLICIT_SETTING", "on").connect()) {
            assertThat(call(plain, "getenv", "name", secret)).isEqualTo("(unset)");
            assertThat(call(plain, "getenv", "name", "PATH")).isEqualTo(System.getenv("PATH"));
            assertThat(call(plain, "getenv", "name", "EXPLICIT_SETTING")).isEqualTo("on");
        }
        try (McpToolkit named = noisy().inheritEnv(secret).connect()) {
            assertThat(call(named, "getenv", "name", secret)).isEqualTo(System.getenv(secret));
        }
    }

    @Test
    void aBurstOfListChangedNotificationsCausesFewReLists() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try (McpToolkit flood = McpToolkit.stdio(List.of(java, "-cp", System.getProperty("java.class.path"),
                FloodingStdioServer.class.getName())).timeout(Duration.ofSeconds(20)).connect()) {
            Thread.sleep(3000); // the 20,000 notifications are read by now
            int lists = Integer.parseInt(flood.dispatch(ToolCall.of("lists")).content());
            assertThat(lists).as("tools/list requests for 20,000 notifications").isBetween(1, 50);
        }
    }

    @Test
    void theAllowlistSkipsExportedShellFunctions() {
        Map<String, String> env = ChildEnvironment.of(Map.of("PATH", "/bin", "SHELL", "() { evil; }",
                "OPENAI_API_KEY", "sk-x", "HOME", "/home/a"), List.of(), Map.of("MEMORY_FILE_PATH", "/m"));
        if (ChildEnvironment.inherited() == ChildEnvironment.UNIX) {
            assertThat(env).containsOnly(Map.entry("PATH", "/bin"), Map.entry("HOME", "/home/a"),
                    Map.entry("MEMORY_FILE_PATH", "/m"));
        }
    }
}
