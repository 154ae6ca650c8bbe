package dev.calltype.runtime;

/**
 * How a model's text ended, which decides whether a call that the end of the text leaves open may run. A server says
 * it in its finish reason; the text alone cannot: a reply cut by a token limit and a reply whose stop sequence (often
 * the call's closing marker) the server removed look the same.
 *
 * <p>One rule for every format, decided in one place:
 * <ul>
 *   <li>a call whose arguments the end of the text cuts is a {@link ExtractionError.Kind#TRUNCATED} error, whatever
 *   the ending;</li>
 *   <li>a call that is itself open, read without its own closing tag or brackets where more arguments could have
 *   followed (GLM {@code <tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value>} and nothing
 *   after; marked {@link Repair#MISSING_TAGS} or {@link Repair#MISSING_CLOSING_BRACKETS}), runs only when the text
 *   ended on purpose ({@link #STOP}), and is otherwise a {@code TRUNCATED} error;</li>
 *   <li>a whole call in markup left open ({@code <tool_call>{"name": …, "arguments": {…}}} without
 *   {@code </tool_call>}) runs unless the text was cut ({@link #LENGTH});</li>
 *   <li>at {@code LENGTH}, a last call that only the end of the text completed (a Llama 3 JSON call, a Mistral
 *   {@code [TOOL_CALLS]} list, with nothing after it) is refused as well: the model may have been cut off while it
 *   still had more to write.</li>
 * </ul>
 * Markup is left open when the call would not stand as it is were prose to follow it; a call in a format without a
 * closing marker (Llama 3 JSON, pythonic calls) is not in open markup once its arguments are whole.
 *
 * <p>Whatever the client, a reply that ended at {@link #LENGTH} never runs its last call, native or written in the
 * text, even when its arguments close: {@code ToolLoop} and the LangChain4j and Spring AI decorators answer it with a
 * result that says it was cut off.
 *
 * <pre>{@code
 * Extraction x = extractor.extract(replyText, Ending.of(finishReason));
 * }</pre>
 */
public enum Ending {
    /**
     * The model ended the text on purpose: an end-of-turn token or a stop sequence (finish reason {@code stop},
     * {@code tool_calls}, {@code end_turn}). A call left open runs when what was written of it is whole, as the
     * serving engines read it: the missing marker was the stop sequence.
     */
    STOP,
    /**
     * A token limit cut the text (finish reason {@code length}, {@code max_tokens}). A call in markup left open is
     * refused, and so is a last call that only the end of the text completed.
     */
    LENGTH,
    /**
     * Not known: the default for {@link ToolCallExtractor#extract(CharSequence)} and
     * {@link StreamingExtractor#finish()}. A call that is itself open is refused, since more of its arguments may
     * have been cut and a cut call must never run; a whole call whose enclosing markup is left open runs, as servers
     * remove the stop sequence that closes it (and the serving engines read it). Say {@link #STOP} when the server
     * reports that the model stopped, {@link #LENGTH} when it reports a token limit.
     */
    UNKNOWN;

    /**
     * The ending a server's finish reason names, in any provider's spelling and case: {@code length},
     * {@code max_tokens}, {@code max_output_tokens}, {@code model_context_window_exceeded} and
     * {@code content_filter} (the server cut the text) are {@link #LENGTH}; {@code stop}, {@code end_turn},
     * {@code tool_calls}, {@code tool_use}, {@code function_call}, {@code stop_sequence}, {@code eos} and
     * {@code tool_execution} are {@link #STOP}; anything else, {@code null} included, is {@link #UNKNOWN}.
     *
     * @param finishReason the finish reason as the server or framework reports it, or {@code null}
     * @return the ending it names
     */
    public static Ending of(String finishReason) {
        if (finishReason == null) {
            return UNKNOWN;
        }
        return switch (finishReason.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "length", "max_tokens", "max_output_tokens", "model_context_window_exceeded",
                 "content_filter" -> LENGTH;
            case "stop", "end_turn", "tool_calls", "tool_use", "function_call", "stop_sequence", "eos",
                 "tool_execution" -> STOP;
            default -> UNKNOWN;
        };
    }
}
