package dev.calltype.runtime.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.ParsedAnswer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Reading an answer keeps no more than a few candidates, however many JSON values the text holds: 4 MB of
 * {@code {}} (two million candidates, which took about 240 MB when every one was kept) is parsed, and streamed, in a
 * JVM whose heap is 64 MB. The heap bound is the assertion; nothing here is timed.
 */
class AnswerMemoryTest {

    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"total\":{\"type\":\"number\"}},"
            + "\"required\":[\"total\"],\"additionalProperties\":false}";

    /** The answer type: an object with a required {@code total}, as a generated reader reads it. */
    private static ParsedAnswer<Double> parse(CharSequence text) {
        return AnswerSupport.parse(text, texts(), AnswerMemoryTest::read);
    }

    private static AnswerTexts texts() {
        return new AnswerTexts("totals", "", SCHEMA, true);
    }

    private static Double read(com.fasterxml.jackson.databind.JsonNode node, List<String> problems) {
        if (node.isObject() && node.has("total") && node.get("total").isNumber()) {
            return node.get("total").doubleValue();
        }
        ArgumentSupport.missing("total", node.get("total"), problems);
        return null;
    }

    /** Run in a JVM with a small heap: parses and streams 4 MB of {@code {}}, prints what it read. */
    public static void main(String[] args) {
        String text = "{}".repeat(2 * 1024 * 1024) + " {\"total\": 2}";
        ParsedAnswer<Double> parsed = parse(text);
        AnswerStream<Double> stream = AnswerSupport.stream(texts(), AnswerMemoryTest::read, (name, node) -> null);
        for (int i = 0; i < text.length(); i += 65536) {
            stream.accept(text.substring(i, Math.min(text.length(), i + 65536)));
        }
        ParsedAnswer<Double> streamed = stream.finish();
        String empty = parse("{}".repeat(2 * 1024 * 1024)).errors().stream().map(AnswerError::path).toList()
                .toString();
        System.out.println(parsed.value().orElse(null) + " " + streamed.value().orElse(null) + " " + empty);
    }

    @Test
    void twoMillionCandidatesFitInASmallHeap() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx64m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), AnswerMemoryTest.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.strip()).isEqualTo("2.0 2.0 [$.total]");
    }
}
