package dev.calltype.runtime;

import dev.calltype.runtime.internal.formats.Apertus;
import dev.calltype.runtime.internal.formats.CommandR;
import dev.calltype.runtime.internal.formats.CustomMarkers;
import dev.calltype.runtime.internal.formats.Cwm;
import dev.calltype.runtime.internal.formats.DeepSeek;
import dev.calltype.runtime.internal.formats.Dots;
import dev.calltype.runtime.internal.formats.Family;
import dev.calltype.runtime.internal.formats.Functionary;
import dev.calltype.runtime.internal.formats.Gemma;
import dev.calltype.runtime.internal.formats.GigaChat3;
import dev.calltype.runtime.internal.formats.Granite;
import dev.calltype.runtime.internal.formats.Harmony;
import dev.calltype.runtime.internal.formats.Hermes;
import dev.calltype.runtime.internal.formats.Hunyuan;
import dev.calltype.runtime.internal.formats.HyperClovaX;
import dev.calltype.runtime.internal.formats.Inkling;
import dev.calltype.runtime.internal.formats.InternLM;
import dev.calltype.runtime.internal.formats.K2Horizon;
import dev.calltype.runtime.internal.formats.KimiK2;
import dev.calltype.runtime.internal.formats.KimiK3;
import dev.calltype.runtime.internal.formats.Lfm2;
import dev.calltype.runtime.internal.formats.Llama3;
import dev.calltype.runtime.internal.formats.Llama4;
import dev.calltype.runtime.internal.formats.LongCat;
import dev.calltype.runtime.internal.formats.MiniCpm5;
import dev.calltype.runtime.internal.formats.MiniMax;
import dev.calltype.runtime.internal.formats.MinimaxM3;
import dev.calltype.runtime.internal.formats.Mistral;
import dev.calltype.runtime.internal.formats.MuseGlimmer;
import dev.calltype.runtime.internal.formats.Nemotron;
import dev.calltype.runtime.internal.formats.Olmo3;
import dev.calltype.runtime.internal.formats.Pangu;
import dev.calltype.runtime.internal.formats.Phi4;
import dev.calltype.runtime.internal.formats.Plamo;
import dev.calltype.runtime.internal.formats.Poolside;
import dev.calltype.runtime.internal.formats.SeedOss;
import dev.calltype.runtime.internal.formats.SolarOpen;
import dev.calltype.runtime.internal.formats.Step3;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The textual format a tool call was found in. Each is recognised by default and can be switched
 * off on {@link ToolCallExtractor.Builder}.
 *
 * <p>A format a model family introduces with markers of its own names that family's file in the engine
 * ({@code PANGU(Pangu::new)}): this constant is the family's one line, and every extractor is given the families
 * named here.
 */
public enum WireFormat {
    /** {@code TOOL_CALL} marker (configurable) followed by a JSON object, fenced or not. */
    TOOL_CALL_MARKER(CustomMarkers::new),
    /** {@code [TOOL_CALL]…[/TOOL_CALL]} and custom tag pairs. */
    BRACKET_TAGS,
    /** A Markdown fence whose content is tool-shaped JSON. */
    JSON_FENCE,
    /** Tool-shaped JSON embedded in prose, or the whole response (bare arrays, wrappers). */
    EMBEDDED_JSON,
    /** Hermes / Qwen {@code <tool_call>{json}</tool_call>}. */
    HERMES(Hermes::new),
    /** Qwen3-Coder / Seed-OSS {@code <tool_call><function=N><parameter=K>V</parameter>…}. */
    QWEN3_CODER(SeedOss::new),
    /** GLM-4.5+ {@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>}. */
    GLM(Poolside::new),
    /** MiniMax-M2 {@code <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter>…}. */
    MINIMAX(MiniMax::new),
    /** Mistral {@code [TOOL_CALLS][…]} and v11 {@code [TOOL_CALLS]NAME{…}} / {@code NAME[ARGS]{…}}. */
    MISTRAL(Mistral::new),
    /** Llama 3.x {@code <|python_tag|>{json}} (several separated by {@code ;}). */
    LLAMA_PYTHON_TAG(Llama3::new),
    /** Llama 3.x {@code <function=NAME>{json}</function>}. */
    LLAMA_FUNCTION_TAG,
    /** Llama 4 {@code <|python_start|>[calls]<|python_end|>}. */
    LLAMA4(Llama4::new),
    /** Olmo 3 {@code <function_calls>…</function_calls>}, pythonic, one per line. */
    OLMO3(Olmo3::new),
    /** LFM2 {@code <|tool_call_start|>[…]<|tool_call_end|>}. */
    LFM2(Lfm2::new),
    /** Granite {@code <|tool_call|>[…]}. */
    GRANITE(Granite::new),
    /** Granite-20B {@code <function_call> {…}}. */
    GRANITE_20B,
    /** Nemotron {@code <TOOLCALL>[…]</TOOLCALL>}. */
    NEMOTRON(Nemotron::new),
    /** Hunyuan / Jamba {@code <tool_calls>[…]</tool_calls>}. */
    TOOL_CALLS_TAG(Hunyuan::new),
    /** Phi-4 / FireFunction {@code functools[…]}. */
    FUNCTOOLS(Phi4::new),
    /** InternLM {@code <|action_start|><|plugin|>{…}<|action_end|>}. */
    INTERNLM(InternLM::new),
    /** DeepSeek V3 with {@code function<｜tool▁sep｜>NAME} and fenced JSON. */
    DEEPSEEK_V3(DeepSeek::new),
    /** DeepSeek V3.1 {@code NAME<｜tool▁sep｜>{json}}. */
    DEEPSEEK_V31,
    /** DeepSeek DSML {@code <｜DSML｜invoke name="…">…}. */
    DEEPSEEK_DSML,
    /** Kimi K2 {@code <|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{…}}. */
    KIMI_K2(KimiK2::new),
    /** gpt-oss Harmony {@code to=functions.NAME … <|message|>{…}<|call|>}. */
    HARMONY(Harmony::new),
    /** Command R7B {@code <|START_ACTION|>[…]<|END_ACTION|>}. */
    COMMAND_R7B(CommandR::new),
    /** Command R {@code Action: ```json […]```}. */
    COMMAND_R,
    /** Gemma 4 {@code <|tool_call>call:NAME{k:<|"|>v<|"|>}<tool_call|>}. */
    GEMMA4(Gemma::new),
    /** FunctionGemma {@code <start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call>}. */
    FUNCTION_GEMMA,
    /** Apertus {@code <|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>}. */
    APERTUS(Apertus::new),
    /** Hunyuan V3/V4 {@code <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>…}. */
    HUNYUAN,
    /** Solar Open {@code <|tool_call:start|>NAME <|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>…}. */
    SOLAR_OPEN(SolarOpen::new),
    /** dots.llm {@code <dots_function_call><invoke name="N"><parameter name="K">V</parameter></invoke>…}. */
    DOTS(Dots::new),
    /** Continuation-3 {@code <｜tool_calls_begin｜>…<steptml:invoke name="N"><steptml:parameter name="K">V…}. */
    STEP3(Step3::new),
    /** Muse Glimmer ATEM {@code <atem:function_calls><atem:invoke name="N"><atem:parameter name="K">V…}. */
    ATEM(MuseGlimmer::new),
    /** Kimi K3 XTML {@code <|open|>tools<|sep|><|open|>call tool="N"<|sep|><|open|>argument key="K" type="…"<|sep|>V…}. */
    KIMI_K3(KimiK3::new),
    /** MiniCPM5 {@code <function name="N"><param name="K">V</param></function>}. */
    MINICPM5(MiniCpm5::new),
    /** PLaMo 3 {@code <|plamo:begin_tool_requests:plamo|>…<|plamo:begin_tool_name:plamo|>N…{json}…}. */
    PLAMO3(Plamo::new),
    /** GigaChat 3 {@code <|function_call|>{"name": …, "arguments": {…}}}. */
    GIGACHAT3(GigaChat3::new),
    /** LongCat Flash {@code <longcat_tool_call>{json}</longcat_tool_call>}. */
    LONGCAT(LongCat::new),
    /** Inkling {@code <|message_model|>N<|content_invoke_tool_json|>{"name": …, "args": {…}}<|end_message|>}. */
    INKLING(Inkling::new),
    /** MiniMax-M3 {@code ]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="N">]<]minimax[>[<K>V]<]minimax[>[</K>…}. */
    MINIMAX_M3(MinimaxM3::new),
    /** CWM {@code <tool: LABEL>\nNAME {json} | shell line\n</tool>}. */
    CWM(Cwm::new),
    /** openPangu {@code [unused11][{"name": …, "arguments": {…}}][unused12]}. */
    PANGU(Pangu::new),
    /** HyperCLOVA X {@code -> tool/function_call\n[{"name": …, "arguments": {…}}]<|im_end|>}. */
    HYPERCLOVAX(HyperClovaX::new),
    /** Step-Audio 2 {@code <tool_call>function\nNAME\n{json}</tool_call>}. */
    STEP_AUDIO2,
    /**
     * TeleChat4 / Xing 4.0 {@code <tool_call>NAME<param_key>K</param_key><param_value>V</param_value></tool_call>}
     * (its {@code NAME{json}} and JSON calls in the same tag are GLM's and Hermes' forms).
     */
    TELECHAT4,
    /** K2 Horizon / K2-v3 {@code <ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>K</ifm|arg_key><ifm|arg_value>V…}. */
    K2_HORIZON(K2Horizon::new),
    /**
     * Functionary v3.2 {@code >>>NAME\n{json}} ({@code >>>all\n} opens prose); the first call may come without its
     * {@code >>>}, which the prompt holds, when NAME is a known tool.
     */
    FUNCTIONARY_V32(Functionary::new),
    /**
     * The tool calls a model's own {@code response_template} describes (its {@code tokenizer_config.json}), read when
     * the extractor is given one ({@link ToolCallExtractor.Builder#responseTemplate(String)}).
     */
    RESPONSE_TEMPLATE,
    /** A pythonic call or list of calls: {@code search(query="AI", limit=5)}. */
    PYTHONIC,
    /** A native tool call from the provider's own field (OpenAI {@code tool_calls}), not from text. */
    NATIVE;

    /**
     * The family whose own markers introduce this format; {@code null} when the markup of another family (GLM and
     * Step-Audio 2 inside Hermes' {@code <tool_call>}) or a generic recognizer (fences, JSON in prose, pythonic
     * lines) reads it. Seed-OSS is named at {@code QWEN3_CODER}, the format it writes under its own tag, and
     * Poolside Laguna at {@code GLM}, for the GLM calls it writes in {@code <user>}.
     */
    private final Supplier<Family> family;

    WireFormat() {
        this(null);
    }

    WireFormat(Supplier<Family> family) {
        this.family = family;
    }

    /** The families of the formats, in the formats' order (which matters only where two register the same marker). */
    static List<Family> families() {
        List<Family> out = new ArrayList<>();
        for (WireFormat f : values()) {
            if (f.family != null) {
                out.add(f.family.get());
            }
        }
        return out;
    }
}
