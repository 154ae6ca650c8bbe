package dev.calltype.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The conformance corpus in the test resources: cases, the tools, and JSON comparison with numbers by value. */
final class Corpus {

    static final ObjectMapper JSON = new ObjectMapper();

    /** One case: the response text, the calls expected, and whether an error is required (true), forbidden (false) or either (null). */
    record Case(String id, String text, JsonNode calls, Boolean error) {
        @Override
        public String toString() {
            return id;
        }
    }

    private Corpus() {
    }

    static List<Case> cases() {
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

    static List<ToolSpec> tools() {
        return ToolSpecs.fromJson(read("/conformance/tools.json"));
    }

    static ToolCallExtractor extractor() {
        return ToolCallExtractor.builder().tools(tools()).build();
    }

    static String read(String resource) {
        try (InputStream in = Corpus.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** JSON equality with numbers compared by value (1 == 1.0). */
    static boolean sameJson(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode o = b.get(e.getKey());
                if (o == null || !sameJson(e.getValue(), o)) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!sameJson(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Why the extraction does not satisfy the case, or {@code null} when it does. */
    static String mismatch(Case c, Extraction x) {
        JsonNode want = c.calls();
        List<ToolCall> got = x.calls();
        if (want.size() != got.size()) {
            return "expected " + want.size() + " calls, got " + got + " errors " + x.errors();
        }
        for (int i = 0; i < got.size(); i++) {
            JsonNode w = want.get(i);
            ToolCall g = got.get(i);
            if (!w.get("name").asText().equals(g.name()) || !sameJson(w.get("arguments"), g.arguments())) {
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
