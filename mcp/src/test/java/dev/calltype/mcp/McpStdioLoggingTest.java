package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code McpToolServer.stdio()} in a program whose logging framework writes to standard output (Logback with no
 * configuration): every line on standard output is still a JSON-RPC message, and the logs go to standard error.
 */
@Timeout(120)
class McpStdioLoggingTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void standardOutputCarriesOnlyTheProtocolWhateverTheProgramLogs() throws Exception {
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.contains("slf4j-simple")) {
                classPath.add(entry);
            }
        }
        try (Stream<Path> jars = Files.list(Path.of("target", "logback"))) {
            classPath.addAll(jars.map(Path::toString).collect(Collectors.toList()));
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", String.join(File.pathSeparator, classPath),
                LoggingStdioServer.class.getName()).start();
        try (OutputStream in = child.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                    + StdioPeer.call(2, "chatty", "{\"text\":\"hello\"}") + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            JsonNode init = JSON.readTree(out.readLine());
            assertThat(init.path("id").asInt()).isEqualTo(1);
            JsonNode call = JSON.readTree(out.readLine());
            assertThat(call.path("id").asInt()).isEqualTo(2);
            assertThat(call.path("result").path("content").get(0).path("text").asText()).isEqualTo("said hello");
            in.close();
            String rest = out.lines().collect(Collectors.joining("\n"));
            assertThat(rest).isEmpty();
        }
        assertThat(child.waitFor(20, TimeUnit.SECONDS)).as("the server exits when its input ends").isTrue();
        String errors = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(errors).contains("chatty called with").contains("a print from the tool")
                .contains("serving (logged after stdio())");
    }
}
