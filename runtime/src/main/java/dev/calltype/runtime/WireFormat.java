package dev.calltype.runtime;

/**
 * The textual format a tool call was found in. Each is recognised by default and can be switched
 * off on {@link ToolCallExtractor.Builder}.
 *
 * <p>A plain name: which model family's file in the engine reads a format is the engine's own table, not this
 * type's.
 */
public enum WireFormat {
    /** {@code TOOL_CALL} marker (configurable) followed by a JSON object, fenced or not. */
    TOOL_CALL_MARKER,
    /** {@code [TOOL_CALL]…[/TOOL_CALL]} and custom tag pairs. */
    BRACKET_TAGS,
    /** A Markdown fence whose content is tool-shaped JSON. */
    JSON_FENCE,
    /** Tool-shaped JSON embedded in prose, or the whole response (bare arrays, wrappers). */
    EMBEDDED_JSON,
    /** Hermes / Qwen {@code <tool_call>{json}</tool_call>}. */
    HERMES,
    /** Qwen3-Coder / Seed-OSS {@code <tool_call><function=N><parameter=K>V</parameter>…}. */
    QWEN3_CODER,
    /** GLM-4.5+ {@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>}. */
    GLM,
    /** MiniMax-M2 {@code <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter>…}. */
    MINIMAX,
    /** Mistral {@code [TOOL_CALLS][…]} and v11 {@code [TOOL_CALLS]NAME{…}} / {@code NAME[ARGS]{…}}. */
    MISTRAL,
    /** Llama 3.x {@code <|python_tag|>{json}} (several separated by {@code ;}). */
    LLAMA_PYTHON_TAG,
    /** Llama 3.x {@code <function=NAME>{json}</function>}. */
    LLAMA_FUNCTION_TAG,
    /** Llama 4 {@code <|python_start|>[calls]<|python_end|>}. */
    LLAMA4,
    /** Olmo 3 {@code <function_calls>…</function_calls>}, pythonic, one per line. */
    OLMO3,
    /** LFM2 {@code <|tool_call_start|>[…]<|tool_call_end|>}. */
    LFM2,
    /** Granite {@code <|tool_call|>[…]}. */
    GRANITE,
    /** Granite-20B {@code <function_call> {…}}. */
    GRANITE_20B,
    /** Nemotron {@code <TOOLCALL>[…]</TOOLCALL>}. */
    NEMOTRON,
    /** Hunyuan / Jamba {@code <tool_calls>[…]</tool_calls>}. */
    TOOL_CALLS_TAG,
    /** Phi-4 / FireFunction {@code functools[…]}. */
    FUNCTOOLS,
    /** InternLM {@code <|action_start|><|plugin|>{…}<|action_end|>}. */
    INTERNLM,
    /** DeepSeek V3 with {@code function<｜tool▁sep｜>NAME} and fenced JSON. */
    DEEPSEEK_V3,
    /** DeepSeek V3.1 {@code NAME<｜tool▁sep｜>{json}}. */
    DEEPSEEK_V31,
    /** DeepSeek DSML {@code <｜DSML｜invoke name="…">…}. */
    DEEPSEEK_DSML,
    /** Kimi K2 {@code <|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{…}}. */
    KIMI_K2,
    /** gpt-oss Harmony {@code to=functions.NAME … <|message|>{…}<|call|>}. */
    HARMONY,
    /** Command R7B {@code <|START_ACTION|>[…]<|END_ACTION|>}. */
    COMMAND_R7B,
    /** Command R {@code Action: ```json […]```}. */
    COMMAND_R,
    /** Gemma 4 {@code <|tool_call>call:NAME{k:<|"|>v<|"|>}<tool_call|>}. */
    GEMMA4,
    /** FunctionGemma {@code <start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call>}. */
    FUNCTION_GEMMA,
    /** Apertus {@code <|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>}. */
    APERTUS,
    /** Hunyuan V3/V4 {@code <tool_calls><tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>…}. */
    HUNYUAN,
    /** Solar Open {@code <|tool_call:start|>NAME <|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>…}. */
    SOLAR_OPEN,
    /** dots.llm {@code <dots_function_call><invoke name="N"><parameter name="K">V</parameter></invoke>…}. */
    DOTS,
    /** Continuation-3 {@code <｜tool_calls_begin｜>…<steptml:invoke name="N"><steptml:parameter name="K">V…}. */
    STEP3,
    /** Muse Glimmer ATEM {@code <atem:function_calls><atem:invoke name="N"><atem:parameter name="K">V…}. */
    ATEM,
    /** Kimi K3 XTML {@code <|open|>tools<|sep|><|open|>call tool="N"<|sep|><|open|>argument key="K" type="…"<|sep|>V…}. */
    KIMI_K3,
    /** MiniCPM5 {@code <function name="N"><param name="K">V</param></function>}. */
    MINICPM5,
    /** PLaMo 3 {@code <|plamo:begin_tool_requests:plamo|>…<|plamo:begin_tool_name:plamo|>N…{json}…}. */
    PLAMO3,
    /** GigaChat 3 {@code <|function_call|>{"name": …, "arguments": {…}}}. */
    GIGACHAT3,
    /** LongCat Flash {@code <longcat_tool_call>{json}</longcat_tool_call>}. */
    LONGCAT,
    /** Inkling {@code <|message_model|>N<|content_invoke_tool_json|>{"name": …, "args": {…}}<|end_message|>}. */
    INKLING,
    /** MiniMax-M3 {@code ]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="N">]<]minimax[>[<K>V]<]minimax[>[</K>…}. */
    MINIMAX_M3,
    /** CWM {@code <tool: LABEL>\nNAME {json} | shell line\n</tool>}. */
    CWM,
    /** openPangu {@code [unused11][{"name": …, "arguments": {…}}][unused12]}. */
    PANGU,
    /** HyperCLOVA X {@code -> tool/function_call\n[{"name": …, "arguments": {…}}]<|im_end|>}. */
    HYPERCLOVAX,
    /** Step-Audio 2 {@code <tool_call>function\nNAME\n{json}</tool_call>}. */
    STEP_AUDIO2,
    /**
     * TeleChat4 / Xing 4.0 {@code <tool_call>NAME<param_key>K</param_key><param_value>V</param_value></tool_call>}
     * (its {@code NAME{json}} and JSON calls in the same tag are GLM's and Hermes' forms).
     */
    TELECHAT4,
    /** K2 Horizon / K2-v3 {@code <ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>K</ifm|arg_key><ifm|arg_value>V…}. */
    K2_HORIZON,
    /**
     * IQuest Coder {@code <iquest_tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></iquest_tool_call>}
     * (V2: {@code <iquestcoder_tool_call>}).
     */
    IQUEST_CODER,
    /**
     * GigaChat 3.5 {@code <｜GCML｜tool_calls><｜GCML｜invoke name="N"><｜GCML｜parameter name="K" string="true">V…}.
     */
    GIGACHAT35,
    /**
     * Functionary v3.2 {@code >>>NAME\n{json}} ({@code >>>all\n} opens prose); the first call may come without its
     * {@code >>>}, which the prompt holds, when NAME is a known tool.
     */
    FUNCTIONARY_V32,
    /**
     * Claude-style XML {@code <function_calls><invoke name="N"><parameter name="K">V</parameter></invoke>…}: Anthropic's
     * prompt-based tool format, written by models trained on it (Olmo 3's pythonic calls share the section tag).
     */
    FUNCTION_CALLS_XML,
    /** ReAct {@code Action: NAME} then {@code Action Input: {json}} on the next line (LangChain, LlamaIndex agents). */
    REACT,
    /** Qwen-Agent {@code ✿FUNCTION✿: NAME} then {@code ✿ARGS✿: {json}} on the next line (Qwen 2 and 2.5). */
    QWEN_AGENT,
    /**
     * The tool calls a model's own {@code response_template} describes (its {@code tokenizer_config.json}), read when
     * the extractor is given one ({@link ToolCallExtractor.Builder#responseTemplate(String)}).
     */
    RESPONSE_TEMPLATE,
    /** A pythonic call or list of calls: {@code search(query="AI", limit=5)}. */
    PYTHONIC,
    /** A native tool call from the provider's own field (OpenAI {@code tool_calls}), not from text. */
    NATIVE;
}
