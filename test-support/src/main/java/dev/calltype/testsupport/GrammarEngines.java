package dev.calltype.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;

/**
 * The serving engines' own grammar code, installed from npm into {@code target/} at test time: xgrammar
 * ({@code @mlc-ai/web-xgrammar}, the engine of vLLM and SGLang) and llama.cpp's grammar parser and engine, prebuilt
 * in {@code node-llama-cpp}. Checks are batched: one node process answers a whole list of jobs.
 *
 * <p>llama.cpp acceptance is asked without a model: node-llama-cpp's {@code LlamaGrammar} wraps llama.cpp's grammar
 * parser ({@code llama_grammar_init_impl}) and exposes its {@code isTextCompatible} check (feeds the text's code points
 * to llama.cpp's grammar stacks and asks whether the grammar can end there).
 */
public final class GrammarEngines {

    /** The xgrammar package, pinned. */
    public static final String XGRAMMAR = "@mlc-ai/web-xgrammar@0.1.27";
    /** node-llama-cpp, pinned: its prebuilt llama.cpp holds the GBNF parser llama-server uses. */
    public static final String NODE_LLAMA_CPP = "node-llama-cpp@3.21.1";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What an engine says of one constraint: whether it compiled (else why not), and each text's verdict. */
    public record Verdict(boolean compiled, String error, List<Boolean> accepted) {
    }

    /** A constraint and the texts to test against it. */
    public record Job(String kind, Object constraint, List<String> texts) {
        /** A structural tag, as vLLM and SGLang take it. */
        public static Job structuralTag(JsonNode tag, List<String> texts) {
            return new Job("structural_tag", tag, texts);
        }

        /** A GBNF / EBNF grammar whose start rule is {@code root}. */
        public static Job ebnf(String grammar, List<String> texts) {
            return new Job("ebnf", grammar, texts);
        }

        /** A JSON Schema (any whitespace between tokens). */
        public static Job jsonSchema(JsonNode schema, List<String> texts) {
            return new Job("json_schema", schema, texts);
        }
    }

    /**
     * A GBNF grammar to sample from: {@code samples} texts of at most {@code maxTokens} tokens each, seeds from
     * {@code seed} on; {@code tilt} holds the format's markup words, whose next byte the sampler favours after a prefix
     * of one (so that a random model closes its tags; what may be written stays the grammar's alone).
     */
    public record SampleJob(String grammar, int samples, int maxTokens, int seed, List<String> tilt) {
    }

    /** A sampled text, and whether the model ended it itself (end of generation, which the grammar allowed there). */
    public record Sample(String text, boolean finished) {
    }

    /** What sampling under one grammar gave: whether it compiled (else why not) and the samples. */
    public record Sampled(boolean compiled, String error, List<Sample> samples) {
    }

    private final Path dir;

    private GrammarEngines(Path dir) {
        this.dir = dir;
    }

    /**
     * Installs both engines into {@code target/npm-grammar-engines} (once per list of versions) with
     * {@link Npm#install}: a test without npm is skipped, or fails under {@code CALLTYPE_REQUIRE_NPM=1}.
     */
    public static GrammarEngines install() {
        Path dir = Path.of("target", "npm-grammar-engines").toAbsolutePath();
        Npm.Installed installed = Npm.install(dir, XGRAMMAR, NODE_LLAMA_CPP);
        Path index = installed.file("@mlc-ai/web-xgrammar", "lib/index.js");
        installed.file("node-llama-cpp", "dist/index.js");
        try {
            // The package is "type": "module" but ships a UMD bundle: copied as .cjs, node loads it as CommonJS.
            Files.copy(index, dir.resolve("xgrammar.cjs"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            for (String script : List.of("xgrammar-check.cjs", "llama-check.mjs", "llama-sample.mjs")) {
                try (InputStream in = GrammarEngines.class.getResourceAsStream("/grammar-engines/" + script)) {
                    Files.write(dir.resolve(script), in.readAllBytes());
                }
            }
        } catch (IOException e) {
            Assertions.fail("cannot prepare the grammar engines in " + dir + ": " + e.getMessage());
        }
        return new GrammarEngines(dir);
    }

    /** Each job compiled by xgrammar and its texts tested, in one node process. */
    public List<Verdict> xgrammar(List<Job> jobs) {
        ArrayNode list = JSON.createArrayNode();
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            ObjectNode o = list.addObject().put("id", i).put("kind", j.kind());
            o.set("constraint", JSON.valueToTree(j.constraint()));
            ArrayNode texts = o.putArray("texts");
            j.texts().forEach(texts::add);
        }
        return run("xgrammar-check.cjs", dir.resolve("xgrammar.cjs").toString(), list, jobs.size());
    }

    /** Each GBNF grammar parsed by llama.cpp and its texts tested, in one node process. */
    public List<Verdict> llamaCpp(List<Job> jobs) {
        ArrayNode list = JSON.createArrayNode();
        for (int i = 0; i < jobs.size(); i++) {
            Job j = jobs.get(i);
            ObjectNode o = list.addObject().put("id", i).put("grammar", (String) j.constraint());
            ArrayNode texts = o.putArray("texts");
            j.texts().forEach(texts::add);
        }
        return run("llama-check.mjs", dir.resolve("node_modules").resolve("node-llama-cpp").toString(), list,
                jobs.size());
    }

    /**
     * Samples under each grammar with llama.cpp's grammar sampler, from a tiny random-weight llama model that the
     * script writes into {@code target/} first (a byte-level vocabulary, about 470 KB; see {@code llama-sample.mjs}).
     */
    public List<Sampled> sample(List<SampleJob> jobs) {
        ArrayNode list = JSON.createArrayNode();
        for (int i = 0; i < jobs.size(); i++) {
            SampleJob j = jobs.get(i);
            ObjectNode o = list.addObject().put("id", i).put("grammar", j.grammar()).put("samples", j.samples())
                    .put("maxTokens", j.maxTokens()).put("seed", j.seed());
            ArrayNode tilt = o.putArray("tilt");
            j.tilt().forEach(tilt::add);
        }
        JsonNode results = runScript("llama-sample.mjs", List.of(dir.resolve("node_modules").resolve("node-llama-cpp")
                .toString()), list, List.of(dir.resolve("random-bytes.gguf").toString()));
        List<Sampled> out = new ArrayList<>(jobs.size());
        for (JsonNode r : results) {
            List<Sample> samples = new ArrayList<>();
            r.get("samples").forEach(x -> samples.add(new Sample(x.get("text").asText(), x.get("finished")
                    .booleanValue())));
            out.add(new Sampled(r.get("compiled").booleanValue(), r.get("error").asText(), samples));
        }
        return out;
    }

    private List<Verdict> run(String script, String engine, ArrayNode jobs, int count) {
        JsonNode results = runScript(script, List.of(engine), jobs, List.of());
        List<Verdict> verdicts = new ArrayList<>(count);
        for (JsonNode r : results) {
            List<Boolean> accepted = new ArrayList<>();
            r.get("accepted").forEach(a -> accepted.add(a.booleanValue()));
            verdicts.add(new Verdict(r.get("compiled").booleanValue(), r.get("error").asText(), accepted));
        }
        return verdicts;
    }

    /** Runs {@code node script before… jobs.json results.json after…} and reads the results. */
    private JsonNode runScript(String script, List<String> before, ArrayNode jobs, List<String> after) {
        try {
            Path in = Files.createTempFile(dir, "jobs", ".json");
            Path out = Files.createTempFile(dir, "results", ".json");
            Path log = Files.createTempFile(dir, "log", ".txt");
            Files.writeString(in, JSON.writeValueAsString(jobs), StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of(Npm.node(), dir.resolve(script).toString()));
            command.addAll(before);
            command.add(in.toString());
            command.add(out.toString());
            command.addAll(after);
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                Assertions.fail(script + " did not finish in 10 minutes");
            }
            if (p.exitValue() != 0) {
                Assertions.fail(script + " failed with exit " + p.exitValue() + ": " + Files.readString(log));
            }
            JsonNode results = JSON.readTree(Files.readString(out, StandardCharsets.UTF_8));
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(log);
            return results;
        } catch (IOException e) {
            return Assertions.fail("running " + script + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Assertions.fail("interrupted while running " + script);
        }
    }
}
