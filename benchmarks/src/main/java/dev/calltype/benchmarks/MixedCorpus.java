package dev.calltype.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpecs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The mixed extraction corpus kept in this module ({@code mixed-corpus.jsonl}, written by
 * {@code benchmarks/make-corpus.py}): prose-only responses, responses with one to three calls in seven formats,
 * repairable malformed calls and four large code arguments (10 to 100 KB), each with the strict JSON payloads of
 * its calls.
 */
public final class MixedCorpus {

    /** One response and the strict JSON of the calls it holds. */
    public record Case(String id, String kind, String response, List<String> payloads) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private MixedCorpus() {
    }

    public static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(open("mixed-corpus.jsonl"),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode c = JSON.readTree(line);
                List<String> payloads = new ArrayList<>();
                c.get("payloads").forEach(p -> payloads.add(p.asText()));
                cases.add(new Case(c.get("id").asText(), c.get("kind").asText(), c.get("response").asText(),
                        List.copyOf(payloads)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(cases);
    }

    /** The extractor the corpus is read with: the corpus's tools known, every format on, default limits. */
    public static ToolCallExtractor extractor() {
        return builder().build();
    }

    /** A builder with the corpus's tools known. */
    public static ToolCallExtractor.Builder builder() {
        try (InputStream in = open("mixed-tools.json")) {
            return ToolCallExtractor.builder()
                    .tools(ToolSpecs.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Size in UTF-8 bytes, the unit of every MB/s figure. */
    public static long utf8Bytes(List<String> texts) {
        long n = 0;
        for (String t : texts) {
            n += t.getBytes(StandardCharsets.UTF_8).length;
        }
        return n;
    }

    /**
     * Fails unless the extractor finds in every response exactly the calls of its payloads, without errors, so a
     * benchmark never measures a path that went wrong.
     */
    public static void verify(ToolCallExtractor extractor, List<Case> cases) {
        for (Case c : cases) {
            Extraction x = extractor.extract(c.response());
            List<ToolCall> calls = x.calls();
            boolean ok = x.errors().isEmpty() && calls.size() == c.payloads().size();
            for (int i = 0; ok && i < calls.size(); i++) {
                try {
                    JsonNode expected = JSON.readTree(c.payloads().get(i));
                    ok = calls.get(i).name().equals(expected.get("name").asText())
                            && calls.get(i).arguments().equals(expected.get("arguments"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            if (!ok) {
                throw new IllegalStateException("corpus case " + c.id() + ": expected " + c.payloads() + ", got "
                        + calls + " and errors " + x.errors());
            }
        }
    }

    private static InputStream open(String name) {
        InputStream in = MixedCorpus.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("missing resource " + name + " beside " + MixedCorpus.class.getName());
        }
        return in;
    }
}
