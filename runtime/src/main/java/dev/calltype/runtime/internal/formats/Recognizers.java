package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.WireFormat;

import java.util.List;

/**
 * The table of recognizers: one line per marker. Adding a format is adding its recognizer (often a
 * {@link JsonBlock.Spec}), one line here, and a test file of real-looking outputs.
 */
public final class Recognizers {

    private static final Recognizer PROSE_JSON = new ProseJson();
    private static final Recognizer FENCE = new JsonFence();
    private static final Recognizer PYTHONIC_LINE = new PythonicLine();
    private static final Recognizer HUNYUAN = new Hunyuan();
    private static final Inkling INKLING = new Inkling();

    private Recognizers() {
    }

    public static void register(Config cfg, MarkerTable t) {
        // reasoning blocks: not a format, always recognised
        t.add("<think>", new Reasoning("</think>"));
        t.add("<thinking>", new Reasoning("</thinking>"));
        t.add("</think>", new Reasoning(null));
        t.add("</thinking>", new Reasoning(null));
        t.add("<seed:think>", new Reasoning("</seed:think>"));   // Seed-OSS
        t.add("</seed:think>", new Reasoning(null));
        t.add("[THINK]", new Reasoning("[/THINK]"));             // Mistral (Magistral)
        t.add("[/THINK]", new Reasoning(null));

        // configurable markers
        t.add(cfg.marker, new JsonBlock(new JsonBlock.Spec(WireFormat.TOOL_CALL_MARKER, cfg.marker, List.of(), false,
                false, true, true, false, false, false, true, true)));
        for (Config.TagPair p : cfg.tags) {
            t.add(p.open(), new JsonBlock(JsonBlock.Spec.tags(WireFormat.BRACKET_TAGS, p.open(), p.close())));
        }

        // model wire formats
        t.add("<tool_call>", new ToolCallTag("<tool_call>", "</tool_call>"));
        t.add("<seed:tool_call>", new ToolCallTag("<seed:tool_call>", "</seed:tool_call>"));
        t.add("<minimax:tool_call>", new XmlInvokes(XmlInvokes.minimax()));
        t.add(Mistral.MARKER, new Mistral());
        t.add("<|python_tag|>", new JsonBlock(new JsonBlock.Spec(WireFormat.LLAMA_PYTHON_TAG, "<|python_tag|>",
                List.of("<|eom_id|>", "<|eot_id|>"), false, true, false, false, false, false, true, false, false)));
        t.add("<function=", new FunctionTag());
        t.add("<|python_start|>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.LLAMA4, "<|python_start|>",
                "<|python_end|>").withPythonic()));
        t.add("<function_calls>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.OLMO3, "<function_calls>",
                "</function_calls>").withPythonic()));
        t.add("<|tool_call_start|>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.LFM2, "<|tool_call_start|>",
                "<|tool_call_end|>").withPythonic()));
        t.add("<|tool_call|>", new JsonBlock(JsonBlock.Spec.prefix(WireFormat.GRANITE, "<|tool_call|>")));
        t.add("<function_call>", new JsonBlock(JsonBlock.Spec.prefix(WireFormat.GRANITE_20B, "<function_call>")));
        t.add("<TOOLCALL>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.NEMOTRON, "<TOOLCALL>", "</TOOLCALL>")));
        t.add("<tool_calls>", HUNYUAN);
        t.add("<tool_calls:", HUNYUAN);
        t.add("functools", new JsonBlock(new JsonBlock.Spec(WireFormat.FUNCTOOLS, "functools", List.of(), false, false,
                false, true, false, false, false, false, true)));
        t.add("<|action_start|><|plugin|>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.INTERNLM,
                "<|action_start|><|plugin|>", "<|action_end|>")));
        t.add(SectionCalls.DS_CALLS_BEGIN, SectionCalls.deepSeek());
        t.add(SectionCalls.DS_CALL_BEGIN, SectionCalls.deepSeek());
        t.add(SectionCalls.DS_CALLS_R1, SectionCalls.deepSeek());
        t.add("<" + XmlInvokes.FULL_BAR + "DSML" + XmlInvokes.FULL_BAR + "function_calls>",
                new XmlInvokes(XmlInvokes.dsml("function_calls")));
        t.add("<" + XmlInvokes.FULL_BAR + "DSML" + XmlInvokes.FULL_BAR + "tool_calls>",
                new XmlInvokes(XmlInvokes.dsml("tool_calls")));
        t.add(SectionCalls.KIMI_SECTION_BEGIN, SectionCalls.kimi());
        t.add(SectionCalls.KIMI_CALL_BEGIN, SectionCalls.kimi());
        t.add("<|start|>", new Harmony());
        t.add("<|channel|>", new Harmony());
        t.add("<|START_ACTION|>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.COMMAND_R7B, "<|START_ACTION|>",
                "<|END_ACTION|>")));
        t.add("Action:", new JsonBlock(new JsonBlock.Spec(WireFormat.COMMAND_R, "Action:", List.of(), false, false,
                true, true, true, false, false, false, true)));
        t.add("<|tool_call>", new CallColon(WireFormat.GEMMA4, "<|tool_call>", "<tool_call|>", "<|\"|>"));
        t.add("<start_function_call>", new CallColon(WireFormat.FUNCTION_GEMMA, "<start_function_call>",
                "<end_function_call>", "<escape>"));
        t.add(SolarOpen.START, new SolarOpen());
        t.add(Plamo.OPEN, new Plamo());
        t.add("<dots_function_call>", new XmlInvokes(XmlInvokes.dots()));
        t.add("<atem:function_calls>", new XmlInvokes(XmlInvokes.atem()));
        t.add(XmlInvokes.steptml().sectionOpen(), new XmlInvokes(XmlInvokes.steptml()));
        t.add(XmlInvokes.kimiK3().sectionOpen(), new XmlInvokes(XmlInvokes.kimiK3()));
        t.add("<function name=", new XmlInvokes(XmlInvokes.minicpm5()));
        t.add("<|function_call|>", new JsonBlock(JsonBlock.Spec.prefix(WireFormat.GIGACHAT3, "<|function_call|>")));
        t.add("function call<|role_sep|>", new JsonBlock(JsonBlock.Spec.prefix(WireFormat.GIGACHAT3,
                "function call<|role_sep|>")));
        t.add("<longcat_tool_call>", new JsonBlock(JsonBlock.Spec.tags(WireFormat.LONGCAT, "<longcat_tool_call>",
                "</longcat_tool_call>")));
        t.add(Cwm.OPEN, new Cwm());
        t.add(MinimaxM3.OPEN, new MinimaxM3());
        t.add(Inkling.HEADER, INKLING);
        t.add(Inkling.INVOKE, INKLING.body());
        t.add("<|tools_prefix|>", new JsonBlock(new JsonBlock.Spec(WireFormat.APERTUS, "<|tools_prefix|>",
                List.of("<|tools_suffix|>"), true, true, true, false, false, true, false, false, false)));
    }

    /** The recognizers that apply at a candidate besides its markers: JSON in prose, fences, pythonic lines. */
    public static void generic(Config cfg, char c, boolean lineStart, boolean pythonicAllowed, List<Recognizer> out) {
        if (c == '{' || c == '[') {
            out.add(PROSE_JSON);
        }
        if (c == '`' && lineStart) {
            out.add(FENCE);
        }
        if (lineStart && pythonicAllowed && (c == '[' || Chars.isIdentStart(c))) {
            out.add(PYTHONIC_LINE);
        }
    }
}
