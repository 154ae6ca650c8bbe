package dev.calltype.runtime;

/** A repair the extractor applied to read a call; recorded on {@link ToolCall#repairs()}. */
public enum Repair {
    /** Strings written with single quotes. */
    SINGLE_QUOTES,
    /** Typographic quotes “ ” ‘ ’ used as string delimiters. */
    SMART_QUOTES,
    /** Object keys written without quotes. */
    UNQUOTED_KEYS,
    /** A comma before a closing bracket. */
    TRAILING_COMMA,
    /** {@code //} or {@code /* *}{@code /} comments. */
    COMMENTS,
    /** Raw newlines, tabs or other control characters inside a string. */
    RAW_CONTROL_CHARACTERS,
    /** Python literals {@code True}, {@code False}, {@code None}. */
    PYTHON_LITERALS,
    /** Closing brackets after a complete value that close nothing. */
    EXTRA_CLOSING_BRACKETS,
    /** Text after a complete value, inside the call's markup, that is not part of it. */
    TRAILING_GARBAGE,
    /** Closing brackets missing at the very end of the response, every value inside complete. */
    MISSING_CLOSING_BRACKETS,
    /** A key given twice in one object: the last value wins. */
    DUPLICATE_KEYS,
    /** The tool name matched a known tool only after folding case and separators. */
    NAME_NORMALIZED,
    /** Arguments given as a JSON string were decoded. */
    ARGUMENTS_DECODED,
    /** Positional arguments were mapped to parameter names by the tool's parameter order. */
    POSITIONAL_ARGUMENTS,
    /** Raw-text values (XML-style formats) were typed by the tool's schema. */
    VALUES_TYPED_BY_SCHEMA,
    /**
     * A pythonic string held a quote of its own kind that was not escaped ({@code command="grep "a b" f"}): a quote
     * followed by a word cannot end the string, so it was kept as text.
     */
    UNESCAPED_QUOTES,
    /** A pythonic integer written with leading zeros ({@code 007}, which Python 3 refuses) was read as decimal. */
    LEADING_ZEROS,
    /**
     * The call was written inside a reasoning block that the response opened ({@code <think>}) and never closed,
     * and only calls followed: the block was taken to end where the calls begin, as Ollama and LMDeploy read it (see
     * {@link ToolCallExtractor.Builder#runCallsInUnclosedReasoning}).
     */
    REASONING_NOT_CLOSED,
    /**
     * A tag of a call's markup was missing where the tags around it bound the text unambiguously: an argument value
     * never opened or never closed (GLM {@code <arg_value>}), a call left unclosed at the end of the response after
     * its last complete value, a Gemma 4 string ({@code <|"|>}) left open where its object ends the call, or a
     * call's begin token left out right after DeepSeek R1's section opener
     * ({@code <｜tool▁calls｜>function<｜tool▁sep｜>…}).
     */
    MISSING_TAGS,
    /** Native call arguments wrapped in a Markdown code fence ({@code ```json … ```}) were read inside it. */
    FENCE_REMOVED,
    /**
     * Text that is not a call stood between the format's call marker and its list of calls (Mistral
     * {@code [TOOL_CALLS]```json[{…}]}): it was skipped, and the list read, as the serving engines read it.
     */
    LEADING_GARBAGE,
    /**
     * The call named no tool (Kimi K2's bare counter id {@code 0} in place of {@code functions.NAME:0}): the tool is the
     * only one known, or the only one whose schema the call's arguments fit, as vLLM and SGLang infer it. Arguments
     * that fit several tools, or none, make the call an error.
     */
    NAME_FROM_ARGUMENTS,
    /**
     * The comma between two properties was left out where the string before it is delimited and a key and its colon
     * follow (FunctionGemma {@code {city:<escape>NYC<escape>unit:<escape>celsius<escape>}}): nothing else could be
     * meant, so it was read as if written.
     */
    MISSING_COMMAS,
    /**
     * A typed answer's member was written in another case style ({@code invoice_number}, {@code InvoiceNumber} or
     * {@code invoice-number} for {@code invoiceNumber}) and read as the one member it folds to.
     */
    MEMBER_NAME_NORMALIZED
}
