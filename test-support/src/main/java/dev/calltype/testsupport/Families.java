package dev.calltype.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Real-looking model texts from the runtime's family corpus: one call of get_weather(city: Oslo, days: 2), for
 * the tests of the framework adapters (run from a module directory, beside {@code runtime}).
 */
public final class Families {

    /** The families whose texts the adapter tests run, one file each under runtime/src/test/resources/families. */
    public static final String[] NAMES = {"hermes", "mistral", "llama3-python-tag", "llama3-function-tag", "pythonic",
        "qwen3-coder", "deepseek-v31", "deepseek-v3", "glm45", "gpt-oss-harmony"};

    private static final ObjectMapper JSON = new ObjectMapper();

    private Families() {
    }

    /**
     * The family's first text of {@code kind} calling get_weather for Oslo, 2 days, read from the module next door.
     *
     * @param family the file's name without {@code .jsonl}
     * @param kind the case kind ({@code plain}: the call alone)
     * @return the model's text
     */
    public static String weatherCall(String family, String kind) {
        try {
            for (String line : Files.readAllLines(Path.of("../runtime/src/test/resources/families/" + family + ".jsonl"))) {
                JsonNode c = JSON.readTree(line);
                JsonNode calls = c.path("calls");
                if (c.path("kind").asText().equals(kind) && calls.size() == 1
                        && calls.get(0).path("name").asText().equals("get_weather")
                        && calls.get(0).path("arguments").path("city").asText().equals("Oslo")
                        && calls.get(0).path("arguments").path("days").asInt() == 2) {
                    return c.path("text").asText();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalArgumentException("no " + kind + " get_weather case in " + family);
    }
}
