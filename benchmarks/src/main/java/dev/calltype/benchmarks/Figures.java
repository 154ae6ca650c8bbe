package dev.calltype.benchmarks;

import dev.calltype.benchmarks.compile.CompileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Turns JMH results into the published figures: one {@code name: value unit} line each, ratios as plain numbers,
 * and each target checked.
 */
final class Figures {

    /** One figure; {@code target} is empty for figures that have none. */
    record Figure(String name, double value, String unit, String target, Boolean met) {

        String line() {
            return name + ": " + format(value) + (unit.isEmpty() ? "" : " " + unit);
        }

        String row() {
            String check = met == null ? "" : met ? "met" : "**missed**";
            return "| `" + name + "` | " + format(value) + " " + unit + " | " + target + " | " + check + " |";
        }
    }

    private final Collection<RunResult> results;
    private final List<Figure> figures = new ArrayList<>();
    private final List<String> missing = new ArrayList<>();

    private Figures(Collection<RunResult> results) {
        this.results = results;
    }

    static Figures of(Collection<RunResult> results) {
        Figures f = new Figures(results);
        f.extraction();
        f.prose();
        f.streaming();
        f.dispatch();
        f.grammar();
        f.adapters();
        f.repair();
        f.answers();
        f.coldStart();
        f.adversarial();
        f.mcp();
        return f;
    }

    List<Figure> figures() {
        return figures;
    }

    /** The figures expected but not measured (a benchmark that failed or was left out). */
    List<String> missing() {
        return missing;
    }

    // ------------------------------------------------------------------ the five figures

    private void extraction() {
        Double calltype = nanos("ExtractionBenchmark.calltype", Map.of());
        Double jackson = nanos("ExtractionBenchmark.jackson", Map.of());
        if (calltype == null || jackson == null) {
            need("extract_calltype", "extract_jackson", "extract_vs_jackson");
            return;
        }
        List<MixedCorpus.Case> cases = MixedCorpus.cases();
        long responseBytes = MixedCorpus.utf8Bytes(cases.stream().map(MixedCorpus.Case::response).toList());
        long payloadBytes = MixedCorpus.utf8Bytes(cases.stream().flatMap(c -> c.payloads().stream()).toList());
        add("extract_calltype", responseBytes * 1e3 / calltype, "MB/s");
        add("extract_calltype_payload", payloadBytes * 1e3 / calltype, "MB/s");
        add("extract_jackson", payloadBytes * 1e3 / jackson, "MB/s");
        check("extract_vs_jackson", jackson / calltype, ">= 0.5", 0.5, true);
    }

    private void prose() {
        Double calltype = nanos("ProseBenchmark.calltype", Map.of());
        Double indexOf = nanos("ProseBenchmark.indexOf", Map.of());
        if (calltype == null || indexOf == null) {
            need("prose_calltype", "prose_indexof", "prose_vs_indexof");
            return;
        }
        long bytes = MixedCorpus.utf8Bytes(List.of(Texts.prose(ProseBenchmark.SIZE)));
        add("prose_calltype", bytes * 1e3 / calltype, "MB/s");
        add("prose_indexof", bytes * 1e3 / indexOf, "MB/s");
        check("prose_vs_indexof", indexOf / calltype, ">= 0.25", 0.25, true);
    }

    private void streaming() {
        check("stream_first_text_chars", StreamingBenchmark.firstTextChars(), "<= 64", 64, false);
        for (String shape : List.of("prose", "huge_argument", "many_calls")) {
            Double small = nanos("StreamingBenchmark.oneCharDeltas", Map.of("shape", shape, "size", "10k"));
            Double large = nanos("StreamingBenchmark.oneCharDeltas", Map.of("shape", shape, "size", "1m"));
            if (small == null || large == null) {
                need("stream_" + shape + "_10k", "stream_" + shape + "_1m", "stream_" + shape + "_ratio");
                continue;
            }
            double perCharSmall = small / Texts.size("10k");
            double perCharLarge = large / Texts.size("1m");
            add("stream_" + shape + "_10k", perCharSmall, "ns/char");
            add("stream_" + shape + "_1m", perCharLarge, "ns/char");
            check("stream_" + shape + "_ratio", perCharLarge / perCharSmall, "<= 1.5", 1.5, false);
        }
    }

    /**
     * A 2 KB typed answer (prose, a fence, the JSON) read into a record by a generated answer type, beside Jackson's
     * {@code readValue} of the bare JSON and Spring AI's {@code BeanOutputConverter} on the fence alone.
     */
    private void answers() {
        Double calltype = nanos("AnswerBenchmark.calltype", Map.of());
        Double jackson = nanos("AnswerBenchmark.jackson", Map.of());
        Double springAi = nanos("AnswerBenchmark.springAi", Map.of());
        if (calltype == null || jackson == null || springAi == null) {
            need("answer_calltype", "answer_vs_jackson_readvalue", "answer_vs_springai_converter");
            return;
        }
        add("answer_calltype", calltype, "ns/op");
        add("answer_jackson_readvalue", jackson, "ns/op");
        add("answer_springai_converter", springAi, "ns/op");
        check("answer_vs_jackson_readvalue", jackson / calltype, ">= 1.0", 1.0, true);
        check("answer_vs_springai_converter", springAi / calltype, ">= 1.0", 1.0, true);
    }

    private void dispatch() {
        Double calltype = nanos("DispatchBenchmark.calltype", Map.of());
        Double langchain4j = nanos("DispatchBenchmark.langchain4j", Map.of());
        Double springAi = nanos("DispatchBenchmark.springAi", Map.of());
        if (calltype == null || langchain4j == null || springAi == null) {
            need("dispatch_calltype", "dispatch_langchain4j", "dispatch_springai");
            return;
        }
        add("dispatch_calltype", calltype, "ns/op");
        Double fromText = nanos("DispatchBenchmark.calltypeFromText", Map.of());
        if (fromText != null) {
            add("dispatch_calltype_from_text", fromText, "ns/op");
        }
        add("dispatch_langchain4j", langchain4j, "ns/op");
        add("dispatch_springai", springAi, "ns/op");
        check("dispatch_speedup_vs_langchain4j", langchain4j / calltype, ">= 5", 5, true);
        check("dispatch_speedup_vs_springai", springAi / calltype, ">= 5", 5, true);
        Double bytesCalltype = allocated("DispatchBenchmark.calltype");
        Double bytesLangchain4j = allocated("DispatchBenchmark.langchain4j");
        Double bytesSpringAi = allocated("DispatchBenchmark.springAi");
        if (bytesCalltype == null || bytesLangchain4j == null || bytesSpringAi == null) {
            need("dispatch_calltype_alloc", "dispatch_langchain4j_alloc", "dispatch_springai_alloc");
            return;
        }
        add("dispatch_calltype_alloc", bytesCalltype, "B/op");
        Double bytesFromText = allocated("DispatchBenchmark.calltypeFromText");
        if (bytesFromText != null) {
            add("dispatch_calltype_from_text_alloc", bytesFromText, "B/op");
        }
        add("dispatch_langchain4j_alloc", bytesLangchain4j, "B/op");
        add("dispatch_springai_alloc", bytesSpringAi, "B/op");
        check("dispatch_alloc_vs_langchain4j", bytesLangchain4j / bytesCalltype, "> 1", 1.000001, true);
        check("dispatch_alloc_vs_springai", bytesSpringAi / bytesCalltype, "> 1", 1.000001, true);
    }

    /**
     * Calltype's framework adapters beside each framework's own executor, from the same argument text to the same
     * answer: how many times faster, and how many times fewer bytes allocated per call.
     */
    private void adapters() {
        adapter("langchain4j", "DispatchBenchmark.langchain4jAdapter", "DispatchBenchmark.langchain4j");
        adapter("springai", "DispatchBenchmark.springAiAdapter", "DispatchBenchmark.springAi");
    }

    private void adapter(String framework, String adapterBenchmark, String nativeBenchmark) {
        String name = "dispatch_" + framework + "_adapter";
        Double adapter = nanos(adapterBenchmark, Map.of());
        Double nativeExecutor = nanos(nativeBenchmark, Map.of());
        if (adapter == null || nativeExecutor == null) {
            need(name, name + "_vs_native");
            return;
        }
        add(name, adapter, "ns/op");
        check(name + "_vs_native", nativeExecutor / adapter, ">= 3", 3, true);
        Double bytesAdapter = allocated(adapterBenchmark);
        Double bytesNative = allocated(nativeBenchmark);
        if (bytesAdapter == null || bytesNative == null) {
            need(name + "_alloc", name + "_alloc_vs_native");
            return;
        }
        add(name + "_alloc", bytesAdapter, "B/op");
        check(name + "_alloc_vs_native", bytesNative / bytesAdapter, "> 1", 1.000001, true);
    }

    /**
     * What the repairing decorators add to a 2 KB reply without calls: the decorated model's time less the model's
     * own, for LangChain4j (the figure with the target) and Spring AI.
     */
    private void repair() {
        Double langchain4j = nanos("RepairBenchmark.langchain4j", Map.of());
        Double langchain4jRepairing = nanos("RepairBenchmark.langchain4jRepairing", Map.of());
        Double springAi = nanos("RepairBenchmark.springAi", Map.of());
        Double springAiRepairing = nanos("RepairBenchmark.springAiRepairing", Map.of());
        if (langchain4j == null || langchain4jRepairing == null || springAi == null || springAiRepairing == null) {
            need("repair_overhead_2kb_ns", "repair_overhead_2kb_springai_ns");
            return;
        }
        check("repair_overhead_2kb_ns", langchain4jRepairing - langchain4j, "<= 5000 ns", 5000, false);
        check("repair_overhead_2kb_springai_ns", springAiRepairing - springAi, "<= 5000 ns", 5000, false);
    }

    private void coldStart() {
        Double calltype = nanos("ColdStartBenchmark.calltype", Map.of());
        Double langchain4j = nanos("ColdStartBenchmark.langchain4j", Map.of());
        Double springAi = nanos("ColdStartBenchmark.springAi", Map.of());
        if (calltype == null || langchain4j == null || springAi == null) {
            need("coldstart_calltype", "coldstart_langchain4j", "coldstart_springai");
            return;
        }
        add("coldstart_calltype", calltype / 1e6, "ms");
        add("coldstart_langchain4j", langchain4j / 1e6, "ms");
        add("coldstart_springai", springAi / 1e6, "ms");
        check("coldstart_speedup_vs_langchain4j", langchain4j / calltype, ">= 10", 10, true);
        check("coldstart_speedup_vs_springai", springAi / calltype, ">= 10", 10, true);
    }

    /**
     * Only in the full run: per-character cost of hostile inputs, how it grows from 100 KB to 10 MB, and the time of
     * 4 MB against 1 MB (linear work takes 4×, quadratic 16×; the target leaves room for a busy machine).
     */
    private void adversarial() {
        for (RunResult r : results) {
            if (!r.getParams().getBenchmark().endsWith("AdversarialBenchmark.extract")
                    || !"100k".equals(r.getParams().getParam("size"))) {
                continue;
            }
            String input = r.getParams().getParam("input");
            double perChar = nanos(r) / Texts.size("100k");
            add("adversarial_" + input + "_100k", perChar, "ns/char");
            Double large = nanos("AdversarialBenchmark.extract", Map.of("input", input, "size", "10m"));
            if (large != null) {
                double perCharLarge = large / Texts.size("10m");
                add("adversarial_" + input + "_10m", perCharLarge, "ns/char");
                check("adversarial_" + input + "_ratio", perCharLarge / perChar, "<= 1.5", 1.5, false);
            }
            for (String method : List.of("extract", "stream")) {
                Double oneMb = nanos("AdversarialBenchmark." + method, Map.of("input", input, "size", "1m"));
                Double fourMb = nanos("AdversarialBenchmark." + method, Map.of("input", input, "size", "4m"));
                if (oneMb != null && fourMb != null) {
                    String name = method.equals("extract") ? "" : "_streaming";
                    check("adversarial_" + input + name + "_4m_vs_1m", fourMb / oneMb, "<= 5", 5, false);
                }
            }
        }
    }

    /** Only in the full run: the median of one {@code tools/call} round trip over stdio through Calltype's server. */
    private void mcp() {
        RunResult r = find("McpRoundTripBenchmark.stdioRoundTrip", Map.of());
        if (r == null) {
            return;
        }
        double median = r.getPrimaryResult().getStatistics().getPercentile(50.0);
        String unit = r.getPrimaryResult().getScoreUnit();
        if (!unit.startsWith("us/")) {
            throw new IllegalStateException("unexpected unit " + unit + " of the MCP round trip");
        }
        add("mcp_stdio_roundtrip_median", median, "µs");
    }

    // ------------------------------------------------------------------ plumbing

    /**
     * The compile-time figures of one way of measuring ({@code suffix} names it: {@code ""} for javac warmed up in
     * one JVM, {@code "_new_jvm"} for a new JVM per compilation): for each class size, the time to compile it with
     * the processor over the time without, at most 3 for 500 tools; with more than one size, how that ratio grows
     * from the smallest to the largest (not at all, the target says) and what each tool added between them costs
     * with the processor over without (the ratio every size tends to as classes grow).
     */
    void compileTime(SortedMap<Integer, CompileTime.Times> times, String suffix) {
        for (Map.Entry<Integer, CompileTime.Times> e : times.entrySet()) {
            String name = "compile_" + e.getKey() + "_tools_vs_plain" + suffix;
            if (e.getKey() == 500) {
                check(name, e.getValue().ratio(), "<= 3", 3, false);
            } else {
                add(name, e.getValue().ratio(), "");
            }
        }
        if (times.size() > 1) {
            CompileTime.Times first = times.get(times.firstKey());
            CompileTime.Times last = times.get(times.lastKey());
            String range = times.firstKey() + "_to_" + times.lastKey() + suffix;
            check("compile_ratio_growth_" + range, last.ratio() / first.ratio(), "<= 1 (not growing)", 1, false);
            add("compile_per_tool_vs_plain_" + range, last.perToolRatio(first), "");
        }
    }

    private void grammar() {
        Double nanos = nanos("GrammarBenchmark.constraints", Map.of());
        if (nanos == null) {
            need("grammar_100_tools_ms");
            return;
        }
        double ms = nanos / 1e6;
        figures.add(new Figure("grammar_100_tools_ms", ms, "", "< 50", ms < 50));
    }

    private void add(String name, double value, String unit) {
        figures.add(new Figure(name, value, unit, "", null));
    }

    private void check(String name, double value, String target, double bound, boolean atLeast) {
        figures.add(new Figure(name, value, "", target, atLeast ? value >= bound : value <= bound));
    }

    private void need(String... names) {
        missing.addAll(List.of(names));
    }

    /** The score of one benchmark (by class and method) with the given parameters, in nanoseconds per op. */
    private Double nanos(String benchmark, Map<String, String> params) {
        RunResult r = find(benchmark, params);
        return r == null ? null : nanos(r);
    }

    private Double allocated(String benchmark) {
        RunResult r = find(benchmark, Map.of());
        if (r == null) {
            return null;
        }
        for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                return e.getValue().getScore();
            }
        }
        return null;
    }

    private RunResult find(String benchmark, Map<String, String> params) {
        for (RunResult r : results) {
            if (!r.getParams().getBenchmark().endsWith("." + benchmark)) {
                continue;
            }
            boolean all = true;
            for (Map.Entry<String, String> p : params.entrySet()) {
                all &= p.getValue().equals(r.getParams().getParam(p.getKey()));
            }
            if (all) {
                return r;
            }
        }
        return null;
    }

    private static double nanos(RunResult r) {
        double score = r.getPrimaryResult().getScore();
        String unit = r.getPrimaryResult().getScoreUnit();
        if (unit.startsWith("ns/")) {
            return score;
        }
        if (unit.startsWith("us/")) {
            return score * 1e3;
        }
        if (unit.startsWith("ms/")) {
            return score * 1e6;
        }
        if (unit.startsWith("s/")) {
            return score * 1e9;
        }
        throw new IllegalStateException("unexpected unit " + unit + " of " + r.getParams().getBenchmark());
    }

    static String format(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
