package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.Toolkit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One extractor and one generated toolkit shared by 16 threads give, over the conformance corpus (batch, random
 * streaming splits, and the toolkit's {@code handle}), exactly what one thread gets.
 */
class ConcurrencyTest {

    private static final Path CORPUS = Path.of("..", "runtime", "src", "test", "resources", "conformance");
    private static final int THREADS = 16;
    private static final int ROUNDS = 3;

    @Test
    void sixteenThreadsSharingOneExtractorAndOneGeneratedToolkitGetWhatOneThreadGets() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> texts = new ArrayList<>();
        for (String line : Files.readAllLines(CORPUS.resolve("extraction.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                texts.add(json.readTree(line).get("text").asText());
            }
        }
        // inventory calls too (tools that change nothing), so that the toolkit runs tools, not only reports unknown ones
        texts.add("<tool_call>{\"name\": \"count_categories\", \"arguments\": {\"root\": {\"name\": \"a\", "
                + "\"children\": [{\"name\": \"b\", \"children\": []}]}}}</tool_call> and get_stock(sku=\"AB1\")");
        texts.add("[TOOL_CALLS][{\"name\": \"search_items\", \"arguments\": {\"request\": {\"query\": \"bolt\"}}}]");
        assertThat(texts).hasSizeGreaterThan(76);
        ToolCallExtractor extractor = ToolCallExtractor.builder()
                .tools(ToolSpecs.fromJson(Files.readString(CORPUS.resolve("tools.json")))).build();
        Compiled compiled = Compiled.of(Sources.inventory());
        Object inventory = compiled.instance("com.example.inventory.Inventory");
        Toolkit toolkit = (Toolkit) compiled.load("com.example.inventory.InventoryTools")
                .getConstructor(compiled.load("com.example.inventory.Inventory")).newInstance(inventory);

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            expected.add(describe(extractor, toolkit, texts.get(i), i));
        }

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Callable<List<String>> work = () -> {
                    List<Integer> order = new ArrayList<>();
                    for (int r = 0; r < ROUNDS; r++) {
                        for (int i = 0; i < texts.size(); i++) {
                            order.add(i);
                        }
                    }
                    Collections.shuffle(order, new Random(thread));
                    List<String> mismatches = new ArrayList<>();
                    for (int i : order) {
                        String got = describe(extractor, toolkit, texts.get(i), i);
                        if (!got.equals(expected.get(i))) {
                            mismatches.add("case " + i + ":\n" + got + "\nexpected:\n" + expected.get(i));
                        }
                    }
                    return mismatches;
                };
                futures.add(pool.submit(work));
            }
            for (Future<List<String>> f : futures) {
                assertThat(f.get(5, TimeUnit.MINUTES)).isEmpty();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Everything a caller can see of one text: batch, a seeded random streaming split, and the toolkit's results. */
    private static String describe(ToolCallExtractor extractor, Toolkit toolkit, String text, int seed) {
        StringBuilder b = new StringBuilder();
        Extraction x = extractor.extract(text);
        b.append("calls ").append(x.calls()).append("\nerrors ").append(x.errors()).append("\ntext ").append(x.text())
                .append("\nprompt ").append(x.correctionPrompt().orElse("-"));
        Random random = new Random(seed);
        StreamingExtractor s = extractor.streaming();
        List<StreamEvent> events = new ArrayList<>();
        for (int at = 0; at < text.length(); ) {
            int end = Math.min(text.length(), at + 1 + random.nextInt(12));
            events.addAll(s.feed(text.substring(at, end)));
            at = end;
        }
        events.addAll(s.finish());
        b.append("\nstream ").append(events).append("\nstreamed calls ").append(s.calls());
        for (ToolResult r : toolkit.handle(text)) {
            JsonNode value = r.value();
            b.append("\nresult ").append(r.toolName()).append(' ').append(r.isError()).append(' ')
                    .append(r.content()).append(' ').append(value);
        }
        return b.toString();
    }
}
