package dev.calltype.runtime;



/** The text formats a model can be instructed to write its calls in (see {@code formatInstructions}). */
public enum PromptFormat {
    /** {@code TOOL_CALL} followed by a JSON object {@code {"name": …, "arguments": {…}}}. */
    TOOL_CALL_MARKER,
    /** {@code [TOOL_CALL]{"name": …, "arguments": {…}}[/TOOL_CALL]}. */
    BRACKET_TAGS,
    /** {@code <tool_call>{"name": …, "arguments": {…}}</tool_call>} (Hermes / Qwen). */
    XML_TAGS,
    /** A {@code ```json} fence holding {@code {"name": …, "arguments": {…}}}. */
    JSON_FENCE,
    /** A Python-style call on its own line: {@code get_weather(city="Paris")}. */
    PYTHONIC
}
