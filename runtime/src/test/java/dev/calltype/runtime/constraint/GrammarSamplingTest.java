package dev.calltype.runtime.constraint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.WireFormat;
import dev.calltype.testsupport.GrammarEngines;
import dev.calltype.testsupport.GrammarEngines.Job;
import dev.calltype.testsupport.GrammarEngines.Sample;
import dev.calltype.testsupport.GrammarEngines.SampleJob;
import dev.calltype.testsupport.GrammarEngines.Sampled;
import dev.calltype.testsupport.GrammarEngines.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Samples texts with llama.cpp's own grammar sampler (node-llama-cpp) from a tiny random-weight model, under every
 * format's lazy and required GBNF for a toolkit with enums, dates, date-times, times, durations, UUIDs, integer and
 * number ranges, string lengths, list sizes, nested objects, unions and nullable values, and checks that every
 * finished sample reads back into calls that the toolkit's dispatcher runs without an argument error, and that
 * xgrammar accepts it too (the lazy structural tag, the required GBNF).
 *
 * <p>The lazy grammar is sampled from its trigger on, as llama-server applies it: its root ({@code text (call
 * text)*}) is given a fixed prose opening followed by a call ({@code "…" call text (call text)*}), so every sample
 * holds at least one call; what follows the call is the grammar's own. The required grammar is sampled as it is.
 */
class GrammarSamplingTest {

    private static final String PROSE = "Let me check that.\n";
    /** The formats the check samples most. */
    private static final Set<WireFormat> MAIN = Set.of(WireFormat.HERMES, WireFormat.LLAMA_PYTHON_TAG,
            WireFormat.QWEN3_CODER);
    /** Markup words whose next byte the sampler favours after a prefix of one, so that a random model closes tags. */
    private static final List<String> TILT = List.of("</tool_call>", "</parameter>", "</function>", "</arg_value>",
            "</arg_key>", "</invoke>", "</minimax:tool_call>", "<|call|>", "<|tool_call_end|>",
            "<|tool_calls_section_end|>", "</TOOLCALL>", "</tool_calls>", "</longcat_tool_call>", "[/TOOL_CALL]",
            "```", "<\uFF5Ctool\u2581call\u2581end\uFF5C>", "<\uFF5Ctool\u2581calls\u2581end\uFF5C>");
    private static final Pattern LAZY_ROOT = Pattern.compile("^root ::= (\\S+) \\((\\S+) (\\S+)\\)\\*$",
            Pattern.MULTILINE);

    private static final Pattern LINES_ROOT = Pattern.compile("^root ::= \\S+ \\| \\(\\S+ \\S+\\)\\? (.*)$",
            Pattern.MULTILINE);

    private record Grammar(WireFormat format, boolean required, String gbnf, Job xgrammar) {
    }

    @Test
    void everyFinishedSampleUnderEveryGrammarDispatchesCleanly() throws IOException {
        GrammarEngines engines = GrammarEngines.install();
        String listing = resource("sampling-tools.json");
        Toolkit toolkit = Toolkits.fromJson(listing, (name, arguments) -> TextNode.valueOf("done"));
        Constraints base = Constraints.of(toolkit);
        List<Grammar> grammars = new ArrayList<>();
        List<SampleJob> jobs = new ArrayList<>();
        int seed = 1;
        for (WireFormat format : Constraints.formats()) {
            Constraints c = base.format(format);
            int n = MAIN.contains(format) ? 12 : 3;
            String lazy = fromTrigger(c.gbnf().text());
            grammars.add(new Grammar(format, false, lazy, Job.structuralTag(c.structuralTag(), List.of())));
            jobs.add(new SampleJob(lazy, n, 1000, seed += 100, TILT));
            String only = c.required().gbnf().text();
            grammars.add(new Grammar(format, true, only, Job.ebnf(only, List.of())));
            jobs.add(new SampleJob(only, n, 1000, seed += 100, TILT));
        }
        List<Sampled> sampled = engines.sample(jobs);

        List<String> failures = new ArrayList<>();
        List<Job> xgrammar = new ArrayList<>();
        List<List<String>> finishedTexts = new ArrayList<>();
        StringBuilder figures = new StringBuilder("format required samples finished dispatched-cleanly\n");
        int finishedMain = Integer.MAX_VALUE;
        for (int i = 0; i < grammars.size(); i++) {
            Grammar g = grammars.get(i);
            Sampled s = sampled.get(i);
            String what = g.format() + (g.required() ? " required" : " lazy");
            if (!s.compiled()) {
                failures.add(what + ": llama.cpp does not take the grammar: " + s.error());
                finishedTexts.add(List.of());
                continue;
            }
            List<String> finished = new ArrayList<>();
            int clean = 0;
            for (Sample sample : s.samples()) {
                if (!sample.finished()) {
                    continue;
                }
                finished.add(sample.text());
                String problem = dispatchProblem(toolkit, sample.text());
                if (problem == null) {
                    clean++;
                } else {
                    failures.add(what + ": " + problem + " in " + sample.text());
                }
            }
            if (MAIN.contains(g.format())) {
                finishedMain = Math.min(finishedMain, finished.size());
            }
            figures.append(g.format()).append(' ').append(g.required()).append(' ').append(s.samples().size())
                    .append(' ').append(finished.size()).append(' ').append(clean).append('\n');
            finishedTexts.add(finished);
            xgrammar.add(new Job(g.xgrammar().kind(), g.xgrammar().constraint(), finished));
        }
        System.out.println("[grammar sampling]\n" + figures);
        List<Verdict> verdicts = engines.xgrammar(xgrammar);
        for (int i = 0, v = 0; i < grammars.size(); i++) {
            if (!sampled.get(i).compiled()) {
                continue;
            }
            Verdict verdict = verdicts.get(v);
            Job job = xgrammar.get(v++);
            String what = grammars.get(i).format() + (grammars.get(i).required() ? " required" : " lazy") + " on xgrammar";
            if (!verdict.compiled()) {
                failures.add(what + " does not compile: " + verdict.error());
                continue;
            }
            for (int t = 0; t < job.texts().size(); t++) {
                if (!verdict.accepted().get(t)) {
                    failures.add(what + " rejects the sample " + job.texts().get(t));
                }
            }
        }
        assertThat(failures).isEmpty();
        // at least ten finished samples per grammar of the formats the check samples
        assertThat(finishedMain).isGreaterThanOrEqualTo(10);
    }

    /** What is wrong with the calls read from {@code text}, or {@code null} when every one dispatches cleanly. */
    private static String dispatchProblem(Toolkit toolkit, String text) {
        Extraction e = toolkit.extractor().extract(text);
        if (e.hasErrors()) {
            return "extraction errors " + e.errors();
        }
        if (e.calls().isEmpty()) {
            return "no call read";
        }
        for (ToolCall call : e.calls()) {
            ToolResult r = toolkit.dispatch(call);
            if (r.isError()) {
                return "dispatch refused " + call.name() + " " + call.arguments() + ": " + r.content();
            }
        }
        return null;
    }

    /** The lazy grammar from its trigger on: the prose opening, then a call, then what the grammar allows after it. */
    private static String fromTrigger(String lazy) {
        String quoted = "\"" + PROSE.replace("\n", "\\n") + "\"";
        Matcher m = LAZY_ROOT.matcher(lazy);
        if (m.find()) {
            String text = m.group(1);
            String call = m.group(2);
            return m.replaceFirst(Matcher.quoteReplacement("root ::= " + quoted + " " + call + " " + text + " (" + call
                    + " " + text + ")*"));
        }
        // calls on lines of their own (pythonic): text | (text nl)? line (…)* (nl text)?; the prose ends its line
        Matcher lines = LINES_ROOT.matcher(lazy);
        assertThat(lines.find()).as("lazy root in %s", lazy.lines().findFirst().orElse("")).isTrue();
        return lines.replaceFirst(Matcher.quoteReplacement("root ::= " + quoted + " " + lines.group(1)));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = GrammarSamplingTest.class.getResourceAsStream("/constraint/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
