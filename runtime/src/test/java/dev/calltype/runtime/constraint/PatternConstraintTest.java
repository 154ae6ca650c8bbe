package dev.calltype.runtime.constraint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.WireFormat;
import dev.calltype.testsupport.GrammarEngines;
import dev.calltype.testsupport.GrammarEngines.Job;
import dev.calltype.testsupport.GrammarEngines.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A string parameter's {@code pattern} in the grammar, on both engines (xgrammar and llama.cpp, GBNF required): every
 * value the grammar admits is one the dispatcher takes ({@code Pattern.find()}), values that full-match the pattern
 * are admitted, and values that match nowhere are refused. Patterns a grammar cannot say leave the value free.
 */
class PatternConstraintTest {

    private static GrammarEngines engines;

    @BeforeAll
    static void setUp() {
        engines = GrammarEngines.install();
    }

    /** A pattern, values that must pass, values that must not. */
    private record Case(String pattern, List<String> match, List<String> miss) {
    }

    private static final List<Case> CASES = List.of(
            // what the processor publishes for @Pattern (a whole-string match)
            new Case("^(?:[A-Z]{3})$", List.of("EUR", "USD"), List.of("eur", "EURO", "E", "", "EU1")),
            new Case("^(?:\\d{4}-\\d{2})$", List.of("2026-11", "0000-00"), List.of("2026-1", "2026/11", "x2026-11")),
            new Case("^[a-z][a-z0-9_]*$", List.of("a", "ab_9"), List.of("9a", "A", "", "a-b")),
            new Case("^(red|green|blue)(-dark)?$", List.of("red", "blue-dark"), List.of("redd", "dark", "red-")),
            new Case("^\\+?[0-9 ]{7,12}$", List.of("+47 22 33 44", "1234567"), List.of("123456", "++1234567")),
            new Case("^[^,]+$", List.of("one", "a b c", "æøå"), List.of("a,b", "")),
            new Case("^.{2,3}\\.$", List.of("ab.", "abc."), List.of("a.", "abcd.", "abc")),
            new Case("^v\\d+(?:\\.\\d+){0,2}$", List.of("v1", "v1.2.3"), List.of("v", "1.2", "v1.2.3.4")),
            // unanchored: anything around a match
            new Case("\\d{3}", List.of("123", "room 404 please"), List.of("12", "abc")),
            new Case("^ID-", List.of("ID-7", "ID-"), List.of("id-7", "xID-")),
            new Case("ok$", List.of("ok", "all ok"), List.of("okay", "ko")));

    /** Patterns the grammar leaves to the dispatcher: the value is free, so even a wrong one is admitted. */
    private static final List<Case> FREE = List.of(
            new Case("^(?=.*\\d)[a-z\\d]+$", List.of("abc1", "abc"), List.of()),   // lookahead
            new Case("^(a)\\1$", List.of("aa", "ab"), List.of()),                    // backreference
            new Case("^a*+$", List.of("aaa", "b"), List.of()),                        // possessive
            new Case("(?i)^abc$", List.of("ABC", "x"), List.of()));                   // inline flag

    private static String tools(String pattern) {
        ObjectNode code = JsonNodeFactory.instance.objectNode().put("type", "string").put("pattern", pattern);
        ObjectNode params = JsonNodeFactory.instance.objectNode().put("type", "object");
        params.putObject("properties").set("code", code);
        params.putArray("required").add("code");
        params.put("additionalProperties", false);
        ObjectNode tool = JsonNodeFactory.instance.objectNode().put("type", "function");
        tool.putObject("function").put("name", "book").set("parameters", params);
        return JsonNodeFactory.instance.arrayNode().add(tool).toString();
    }

    private static String call(WireFormat format, String value) {
        return dev.calltype.testsupport.CallTexts.call(format.name(), "book",
                JsonNodeFactory.instance.objectNode().put("code", value), false);
    }

    @Test
    void aPatternHoldsTheValueOnBothEnginesAndNeverAdmitsWhatTheDispatcherRefuses() {
        List<Job> jobs = new ArrayList<>();
        List<String> expect = new ArrayList<>();
        // JSON strings (Hermes), Python strings (pythonic) and raw values between tags (Qwen3-Coder)
        for (WireFormat format : List.of(WireFormat.HERMES, WireFormat.LLAMA_PYTHON_TAG, WireFormat.QWEN3_CODER)) {
            for (List<Case> group : List.of(CASES, FREE)) {
                for (Case c : group) {
                    String grammar = Constraints.of(ToolSpecs.fromJson(tools(c.pattern()))).format(format)
                            .required().gbnf().text();
                    List<String> texts = new ArrayList<>();
                    for (String v : c.match()) {
                        texts.add(call(format, v));
                        expect.add(format + " " + c.pattern() + " admits " + v);
                    }
                    for (String v : c.miss()) {
                        texts.add(call(format, v));
                        expect.add(format + " " + c.pattern() + " refuses " + v);
                    }
                    jobs.add(Job.ebnf(grammar, texts));
                }
            }
        }
        List<String> failures = new ArrayList<>();
        judge("xgrammar", jobs, engines.xgrammar(jobs), expect, failures);
        judge("llama.cpp", jobs, engines.llamaCpp(jobs), expect, failures);
        assertThat(failures).isEmpty();
    }

    @Test
    void theCasesAgreeWithTheDispatchersReading() {
        for (Case c : CASES) {
            Pattern p = Pattern.compile(c.pattern());
            c.match().forEach(v -> assertThat(p.matcher(v).find()).as(c.pattern() + " " + v).isTrue());
            c.miss().forEach(v -> assertThat(p.matcher(v).find()).as(c.pattern() + " " + v).isFalse());
        }
    }

    private static void judge(String engine, List<Job> jobs, List<Verdict> verdicts, List<String> expect,
                              List<String> failures) {
        int i = 0;
        for (int j = 0; j < verdicts.size(); j++) {
            Verdict v = verdicts.get(j);
            if (!v.compiled()) {
                failures.add(engine + ": " + expect.get(i) + ": did not compile: " + v.error() + "\n"
                        + jobs.get(j).constraint());
                i += jobs.get(j).texts().size();
                continue;
            }
            for (boolean accepted : v.accepted()) {
                String what = expect.get(i++);
                if (accepted != what.contains(" admits ")) {
                    failures.add(engine + ": " + what + " but " + (accepted ? "admitted" : "refused"));
                }
            }
        }
    }
}
