package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code calltype extract} on a 5 MB response in a JVM with a 64 MB heap (a real child process): batch and
 * streaming in deltas of any size hold on only to what they still need.
 */
class ExtractMemoryTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CHUNKS = 500;

    @TempDir
    static Path dir;
    static Path response;

    @BeforeAll
    static void writeAFiveMegabyteResponse() throws IOException {
        response = dir.resolve("response.txt");
        String prose = "The forecast for Paris — cloudy, 12 °C, wind from the south-west; Zürich is sunnier. ";
        try (Writer w = Files.newBufferedWriter(response, StandardCharsets.UTF_8)) {
            for (int i = 0; i < CHUNKS; i++) {
                w.write(prose.repeat(10_000 / prose.length()));
                w.write("\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"City " + i
                        + "\", \"days\": " + (i % 7 + 1) + "}}\n</tool_call>\n");
            }
        }
        assertThat(Files.size(response)).isGreaterThan(5_000_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "--stream 1", "--stream 1000", "--events --stream 4096"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void extractOnAFiveMegabyteResponseRunsInSixtyFourMegabytes(String options) throws Exception {
        Path out = dir.resolve("out-" + options.replace(' ', '_') + ".txt");
        Path err = dir.resolve("err-" + options.replace(' ', '_') + ".txt");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "extract"));
        if (!options.isEmpty()) {
            command.addAll(List.of(options.split(" ")));
        }
        Process p = new ProcessBuilder(command).redirectInput(response.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).as("finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(err)).isZero();
        assertThat(Files.readString(err)).isEmpty();

        List<JsonNode> calls = new ArrayList<>();
        long textChars = 0;
        if (options.startsWith("--events")) {
            try (var lines = Files.lines(out, StandardCharsets.UTF_8)) {
                for (String line : (Iterable<String>) lines::iterator) {
                    JsonNode event = JSON.readTree(line);
                    if (event.path("type").asText().equals("call")) {
                        calls.add(event.get("call"));
                    } else if (event.path("type").asText().equals("text")) {
                        textChars += event.get("text").asText().length();
                    }
                }
            }
        } else {
            JsonNode result = JSON.readTree(out.toFile());
            result.get("calls").forEach(calls::add);
            assertThat(result.get("errors")).isEmpty();
            textChars = result.get("text").asText().length();
        }
        assertThat(calls).hasSize(CHUNKS);
        assertThat(calls.get(CHUNKS - 1).get("arguments").toString()).isEqualTo("{\"city\":\"City 499\",\"days\":3}");
        assertThat(textChars).isGreaterThan(4_900_000);
    }
}
