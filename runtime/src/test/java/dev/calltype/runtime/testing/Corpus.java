package dev.calltype.runtime.testing;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.testsupport.JsonTrees;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The conformance corpus in the test resources: cases, the tools, and JSON comparison with numbers by value. */
public final class Corpus {

    public static final ObjectMapper JSON = new ObjectMapper();

    /** One case: the response text, the calls expected, and whether an error is required (true), forbidden (false) or either (null). */
    public record Case(String id, String text, JsonNode calls, Boolean error) {
        @Override
        public String toString() {
            return id;
        }
    }

    private Corpus() {
    }

    public static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (String line : read("/conformance/extraction.jsonl").split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode n = JSON.readTree(line);
                JsonNode e = n.get("error");
                out.add(new Case(n.get("id").asText(), n.get("text").asText(), n.get("calls"),
                        e == null || e.isNull() ? null : e.asBoolean()));
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }
        return out;
    }

    public static List<ToolSpec> tools() {
        return ToolSpecs.fromJson(read("/conformance/tools.json"));
    }

    public static ToolCallExtractor extractor() {
        return ToolCallExtractor.builder().tools(tools()).build();
    }

    public static String read(String resource) {
        try (InputStream in = Corpus.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Why the extraction does not satisfy the case, or {@code null} when it does. */
    public static String mismatch(Case c, Extraction x) {
        JsonNode want = c.calls();
        List<ToolCall> got = x.calls();
        if (want.size() != got.size()) {
            return "expected " + want.size() + " calls, got " + got + " errors " + x.errors();
        }
        for (int i = 0; i < got.size(); i++) {
            JsonNode w = want.get(i);
            ToolCall g = got.get(i);
            if (!w.get("name").asText().equals(g.name()) || !JsonTrees.sameByDecimal(w.get("arguments"), g.arguments())) {
                return "call " + i + ": expected " + w + ", got " + g.name() + " " + g.arguments();
            }
        }
        if (Boolean.TRUE.equals(c.error()) && x.errors().isEmpty()) {
            return "expected an error, got none";
        }
        if (Boolean.FALSE.equals(c.error()) && !x.errors().isEmpty()) {
            return "expected no error, got " + x.errors();
        }
        return null;
    }
}
