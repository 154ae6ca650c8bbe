package dev.calltype.runtime.constraint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.WireFormat;
import dev.calltype.testsupport.CallTexts;
import dev.calltype.testsupport.GrammarEngines;
import dev.calltype.testsupport.GrammarEngines.Job;
import dev.calltype.testsupport.GrammarEngines.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every constraint of every format for the test toolkits, compiled by the engines' own grammar code (xgrammar for
 * structural tags, GBNF and JSON Schema; llama.cpp's parser and grammar engine for GBNF), with canonical calls of
 * every tool accepted (compact and Python-spaced JSON, prose around where the format allows it) and a wrong tool name,
 * a wrong value type, a missing required field, an unknown field and broken markup rejected; every accepted call text
 * reads back through the extractor as the same call.
 */
class ConstraintEnginesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BEFORE = "Let me look that up.\n";
    private static final String AFTER = "\nI will report back.";
    /** Formats whose string values are raw text, where a string where a number belongs is still a string. */
    private static final Set<WireFormat> RAW = Set.of(WireFormat.QWEN3_CODER, WireFormat.GLM, WireFormat.MINIMAX);

    private static GrammarEngines engines;
    private static List<ToolSpec> tools;
    private static List<JsonNode> calls;

    @BeforeAll
    static void setUp() throws IOException {
        engines = GrammarEngines.install();
        tools = ToolSpecs.fromJson(resource("travel-tools.json"));
        calls = new ArrayList<>();
        JSON.readTree(resource("travel-calls.json")).forEach(calls::add);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ConstraintEnginesTest.class.getResourceAsStream("/constraint/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A text and what the constraint must say of it. */
    private record Case(String what, String text, boolean accept, JsonNode call) {
    }

    /** One constraint and its cases. */
    private record Check(String what, Job job, List<Case> cases) {
    }

    @Test
    void everyFormatsConstraintsCompileAcceptValidCallsAndRejectInvalidOnes() {
        List<Check> xgrammar = new ArrayList<>();
        List<Check> llama = new ArrayList<>();
        for (WireFormat format : Constraints.formats()) {
            Constraints c = Constraints.of(tools).format(format);
            List<Case> triggered = cases(format, true);
            List<Case> required = cases(format, false);
            xgrammar.add(check(format + " structural tag", Job.structuralTag(c.structuralTag(), texts(triggered)),
                    triggered));
            xgrammar.add(check(format + " required structural tag", Job.structuralTag(c.required().structuralTag(),
                    texts(required)), required));
            GbnfGrammar lazy = c.gbnf();
            GbnfGrammar only = c.required().gbnf();
            // xgrammar's EBNF reader cannot leave a character above U+007F out of a class (it clamps negated classes
            // to ASCII), so where a trigger holds one (DeepSeek's full-width bars) its free text may swallow a broken
            // call; llama.cpp, whose grammar this is, excludes it exactly (checked below).
            List<Case> lazyCases = asciiTriggers(lazy) ? triggered : accepted(triggered);
            xgrammar.add(check(format + " lazy GBNF (xgrammar)", Job.ebnf(lazy.text(), texts(lazyCases)), lazyCases));
            xgrammar.add(check(format + " required GBNF (xgrammar)", Job.ebnf(only.text(), texts(required)), required));
            llama.add(check(format + " lazy GBNF (llama.cpp)", Job.ebnf(lazy.text(), texts(triggered)), triggered));
            llama.add(check(format + " required GBNF (llama.cpp)", Job.ebnf(only.text(), texts(required)), required));
        }
        Constraints any = Constraints.of(tools);
        List<Case> objects = objectCases(false);
        xgrammar.add(check("call schema", Job.jsonSchema(any.callSchema(), texts(objects)), objects));
        List<Case> lists = objectCases(true);
        xgrammar.add(check("call list schema", Job.jsonSchema(any.callListSchema(), texts(lists)), lists));

        List<String> failures = new ArrayList<>();
        judge(xgrammar, engines.xgrammar(jobs(xgrammar)), failures);
        judge(llama, engines.llamaCpp(jobs(llama)), failures);
        assertThat(failures).isEmpty();
    }

    @Test
    void everyAcceptedCallTextReadsBackAsTheSameCall() {
        ToolCallExtractor extractor = ToolCallExtractor.builder().tools(tools).build();
        List<String> failures = new ArrayList<>();
        for (WireFormat format : Constraints.formats()) {
            for (Case c : cases(format, true)) {
                if (c.accept()) {
                    readsBack(extractor, format + " " + c.what(), c.text(),
                            c.call() == null ? List.of() : List.of(c.call()), failures);
                }
            }
        }
        for (Case c : objectCases(false)) {
            if (c.accept()) {
                readsBack(extractor, "call schema " + c.what(), c.text(), List.of(c.call()), failures);
            }
        }
        assertThat(failures).isEmpty();
    }

    private static void readsBack(ToolCallExtractor extractor, String what, String text, List<JsonNode> expected,
                                  List<String> failures) {
        Extraction e = extractor.extract(text);
        List<String> got = new ArrayList<>();
        for (ToolCall call : e.calls()) {
            got.add(call.name() + " " + call.arguments());
        }
        List<String> want = new ArrayList<>();
        for (JsonNode call : expected) {
            want.add(call.get("name").textValue() + " " + call.get("arguments"));
        }
        if (!got.equals(want) || e.hasErrors()) {
            failures.add(what + ": read " + got + " errors " + e.errors() + ", expected " + want + " from " + text);
        }
    }

    private static boolean asciiTriggers(GbnfGrammar g) {
        return g.triggers().stream().allMatch(t -> t.chars().allMatch(c -> c < 0x80));
    }

    private static List<Case> accepted(List<Case> cases) {
        return cases.stream().filter(Case::accept).toList();
    }

    private static Check check(String what, Job job, List<Case> cases) {
        return new Check(what, job, cases);
    }

    private static List<Job> jobs(List<Check> checks) {
        List<Job> jobs = new ArrayList<>();
        checks.forEach(c -> jobs.add(c.job()));
        return jobs;
    }

    private static List<String> texts(List<Case> cases) {
        List<String> texts = new ArrayList<>();
        cases.forEach(c -> texts.add(c.text()));
        return texts;
    }

    private static void judge(List<Check> checks, List<Verdict> verdicts, List<String> failures) {
        assertThat(verdicts).hasSameSizeAs(checks);
        for (int i = 0; i < checks.size(); i++) {
            Check check = checks.get(i);
            Verdict v = verdicts.get(i);
            if (!v.compiled()) {
                failures.add(check.what() + " does not compile: " + v.error());
                continue;
            }
            for (int j = 0; j < check.cases().size(); j++) {
                Case c = check.cases().get(j);
                if (v.accepted().get(j) != c.accept()) {
                    failures.add(check.what() + ": " + c.what() + " was " + (c.accept() ? "rejected" : "accepted")
                            + ": " + c.text());
                }
            }
        }
    }

    /**
     * Texts in {@code format}: each canonical call compact and spaced (with prose around when {@code prose}), then the
     * invalid variants of each call.
     */
    private static List<Case> cases(WireFormat format, boolean prose) {
        String f = format.name();
        List<Case> out = new ArrayList<>();
        for (JsonNode call : calls) {
            String name = call.get("name").textValue();
            JsonNode args = call.get("arguments");
            for (boolean spaced : List.of(false, true)) {
                String text = CallTexts.call(f, name, args, spaced);
                out.add(new Case(name + (spaced ? " spaced" : " compact"), prose ? BEFORE + text + AFTER : text, true,
                        call));
            }
            if (!prose) {
                String two = CallTexts.call(f, name, args, false) + "\n" + CallTexts.call(f, name, args, true);
                out.add(new Case(name + " twice", two, true, call));
            }
            String around = prose ? BEFORE : "";
            // a tool name written where the format has no trigger for it is prose, not a call
            if (!(prose && format == WireFormat.PYTHONIC)) {
                out.add(new Case(name + " wrong tool name", around + CallTexts.call(f, name + "_x", args, false), false,
                        call));
            }
            JsonNode wrongType = wrongType(args, RAW.contains(format));
            if (wrongType != null) {
                out.add(new Case(name + " wrong value type", around + CallTexts.call(f, name, wrongType, false), false,
                        call));
            }
            JsonNode missing = missingRequired(name, args);
            if (missing != null) {
                out.add(new Case(name + " missing required", around + CallTexts.call(f, name, missing, false), false,
                        call));
            }
            ObjectNode unknown = ((ObjectNode) args).deepCopy().put("bogus", 1);
            out.add(new Case(name + " unknown field", around + CallTexts.call(f, name, unknown, false), false, call));
            out.add(new Case(name + " broken markup", around + CallTexts.broken(f, CallTexts.call(f, name, args, false)),
                    false, call));
        }
        if (prose) {
            out.add(new Case("prose only", "No tool is needed: it is sunny.", true, null));
        }
        return out;
    }

    /** Bare call objects (or one-element lists of them) for the JSON Schemas. */
    private static List<Case> objectCases(boolean list) {
        List<Case> out = new ArrayList<>();
        for (JsonNode call : calls) {
            String name = call.get("name").textValue();
            JsonNode args = call.get("arguments");
            for (boolean spaced : List.of(false, true)) {
                out.add(new Case(name + (spaced ? " spaced" : " compact"), object(name, args, spaced, list), true, call));
            }
            out.add(new Case(name + " wrong tool name", object(name + "_x", args, false, list), false, call));
            JsonNode wrongType = wrongType(args, false);
            if (wrongType != null) {
                out.add(new Case(name + " wrong value type", object(name, wrongType, false, list), false, call));
            }
            JsonNode missing = missingRequired(name, args);
            if (missing != null) {
                out.add(new Case(name + " missing required", object(name, missing, false, list), false, call));
            }
            out.add(new Case(name + " unknown field", object(name, ((ObjectNode) args).deepCopy().put("bogus", 1),
                    false, list), false, call));
            String whole = object(name, args, false, list);
            out.add(new Case(name + " cut short", whole.substring(0, whole.length() - 1), false, call));
        }
        return out;
    }

    private static String object(String name, JsonNode args, boolean spaced, boolean list) {
        ObjectNode o = JSON.createObjectNode().put("name", name);
        o.set("arguments", args);
        String text = CallTexts.json(o, spaced);
        return list ? "[" + text + "]" : text;
    }

    /** The arguments with their first non-string value made a string, else (unless raw) their first string a number. */
    private static JsonNode wrongType(JsonNode args, boolean raw) {
        Iterator<Map.Entry<String, JsonNode>> it = args.fields();
        String firstString = null;
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                return ((ObjectNode) args).deepCopy().set(e.getKey(), TextNode.valueOf("oops"));
            }
            if (firstString == null) {
                firstString = e.getKey();
            }
        }
        if (firstString == null || raw) {
            return null;
        }
        return ((ObjectNode) args).deepCopy().set(firstString, IntNode.valueOf(42));
    }

    private static JsonNode missingRequired(String name, JsonNode args) {
        ToolSpec tool = tools.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
        JsonNode required = tool.parameters().get("required");
        if (required == null || required.isEmpty()) {
            return null;
        }
        ObjectNode copy = ((ObjectNode) args).deepCopy();
        copy.remove(required.get(0).textValue());
        return copy;
    }
}
