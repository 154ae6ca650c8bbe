package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Families;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Reasoning;
import dev.calltype.runtime.internal.scan.Recognizer;

import java.util.List;

/**
 * The table of formats: one line per model family, each family one file in this package that registers its
 * markers ({@link Family}). Adding a format is adding its file, its line here, and a test file of real-looking
 * outputs. Families whose markup has no marker of its own are read by the family whose marker they share
 * ({@link Glm} and {@link Qwen3Coder} inside {@link Hermes}'s {@code <tool_call>}).
 */
public enum Recognizers implements Families {

    /** Every family and generic recognizer: the formats every extractor is given. */
    ALL;


    /** Every family, in the order its markers are registered (the order matters only for equal markers). */
    private static final List<Family> FAMILIES = List.of(
            new CustomMarkers(),  // TOOL_CALL marker, [TOOL_CALL] and custom tag pairs
            new Hermes(),         // <tool_call>: Hermes / Qwen JSON, Qwen3-Coder, GLM
            new SeedOss(),        // <seed:tool_call>
            new MiniMax(),        // <minimax:tool_call>
            new Mistral(),        // [TOOL_CALLS]
            new Llama3(),         // <|python_tag|>, <function=
            new Llama4(),         // <|python_start|>
            new Olmo3(),          // <function_calls>
            new Lfm2(),           // <|tool_call_start|>
            new Granite(),        // <|tool_call|>, <function_call>
            new Nemotron(),       // <TOOLCALL>
            new Hunyuan(),        // <tool_calls>, <tool_calls:SUFFIX> (JSON or Hunyuan V3/V4 <tool_call> pairs)
            new Phi4(),           // functools
            new InternLM(),       // <|action_start|><|plugin|>
            new DeepSeek(),       // <｜tool▁calls▁begin｜>, <｜tool▁call▁begin｜>, DSML
            new KimiK2(),         // <|tool_calls_section_begin|>, <|tool_call_begin|>
            new Harmony(),        // <|start|>, <|channel|> (gpt-oss)
            new CommandR(),       // <|START_ACTION|>, Action:
            new Gemma(),          // <|tool_call>, <start_function_call>
            new Apertus(),        // <|tools_prefix|>
            new SolarOpen(),      // <|tool_call:start|>
            new Plamo(),          // <|plamo:begin_tool_requests:plamo|>
            new Dots(),           // <dots_function_call>
            new MuseGlimmer(),    // <atem:function_calls>
            new Step3(),          // <｜tool_calls_begin｜>
            new KimiK3(),         // <|open|>tools<|sep|>
            new MiniCpm5(),       // <function name=
            new GigaChat3(),      // <|function_call|>, function call<|role_sep|>
            new LongCat(),        // <longcat_tool_call>
            new Cwm(),            // <tool:
            new MinimaxM3(),      // ]<]minimax[>[<tool_call>
            new Inkling(),        // <|message_model|>, <|content_invoke_tool_json|>
            new Functionary(),    // >>>NAME (and NAME at the start of a response, the prompt holding >>>)
            new Pangu(),          // [unused11]
            new HyperClovaX());   // -> tool/function_call

    /**
     * Markers that end a reasoning block without a closing tag and start markup after it: Kimi K2 Thinking opens its
     * tool-call section while {@code <think>} is still open.
     */
    private static final List<String> REASONING_ENDED_BY = List.of(KimiK2.SECTION_BEGIN);

    private static final Recognizer PROSE_JSON = new ProseJson();
    private static final Recognizer FENCE = new JsonFence();
    private static final Recognizer PYTHONIC_LINE = new PythonicLine();

    @Override
    public void register(Config cfg, MarkerTable t) {
        // reasoning blocks: not a format, always recognised
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            t.add(p.open(), new Reasoning(p.close()));
            t.add(p.close(), new Reasoning(null));
        }
        for (Family f : FAMILIES) {
            f.register(cfg, t);
        }
    }

    /** Whether the response's first character {@code c} may start markup that no marker announces. */
    @Override
    public boolean mayStartResponse(Config cfg, char c) {
        return ResponseStart.mayStart(c) || Functionary.mayStartResponse(cfg, c);
    }

    /**
     * The recognizers that apply at a candidate besides its markers: JSON in prose, fences, pythonic lines, and at
     * the start of the response a call whose opening the prompt holds.
     */
    @Override
    public void generic(Config cfg, char c, boolean responseStart, boolean lineStart, boolean pythonicAllowed,
                               List<Recognizer> out) {
        if (responseStart && ResponseStart.mayStart(c)) {
            out.add(ResponseStart.INSTANCE);
        }
        if (responseStart && Functionary.mayStartResponse(cfg, c)) {
            out.add(Functionary.AT_START);
        }
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

    @Override
    public List<String> reasoningEndedBy() {
        return REASONING_ENDED_BY;
    }
}
