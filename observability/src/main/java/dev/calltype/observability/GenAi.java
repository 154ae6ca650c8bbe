package dev.calltype.observability;

/**
 * The names Calltype's telemetry uses: the OpenTelemetry GenAI semantic conventions' attributes and operations where
 * they have one, {@code calltype.*} for what they do not name. Public so dashboards and tests can name them.
 */
public final class GenAi {

    /** {@code gen_ai.operation.name}: {@link #CHAT}, {@link #EXECUTE_TOOL}, {@link #INVOKE_AGENT}. */
    public static final String OPERATION_NAME = "gen_ai.operation.name";
    /** {@code gen_ai.request.model}: the model a request asked for. */
    public static final String REQUEST_MODEL = "gen_ai.request.model";
    /** {@code gen_ai.response.model}: the model the server said answered. */
    public static final String RESPONSE_MODEL = "gen_ai.response.model";
    /** {@code gen_ai.response.finish_reasons}: why the model stopped, as the server said it. */
    public static final String FINISH_REASONS = "gen_ai.response.finish_reasons";
    /** {@code gen_ai.usage.input_tokens}. */
    public static final String INPUT_TOKENS = "gen_ai.usage.input_tokens";
    /** {@code gen_ai.usage.output_tokens}. */
    public static final String OUTPUT_TOKENS = "gen_ai.usage.output_tokens";
    /** {@code gen_ai.tool.name}. */
    public static final String TOOL_NAME = "gen_ai.tool.name";
    /** {@code gen_ai.tool.call.id}. */
    public static final String TOOL_CALL_ID = "gen_ai.tool.call.id";
    /** {@code gen_ai.tool.type}: always {@code function}. */
    public static final String TOOL_TYPE = "gen_ai.tool.type";
    /** {@code gen_ai.token.type}: {@code input} or {@code output}, on the token usage metric. */
    public static final String TOKEN_TYPE = "gen_ai.token.type";
    /** {@code error.type}: an exception's class name, or one of Calltype's words ({@code declined}, …). */
    public static final String ERROR_TYPE = "error.type";

    /** The operation of a model round. */
    public static final String CHAT = "chat";
    /** The operation of one tool call. */
    public static final String EXECUTE_TOOL = "execute_tool";
    /** The operation of a whole loop run. */
    public static final String INVOKE_AGENT = "invoke_agent";

    /** {@code calltype.tool.outcome}: {@code succeeded}, {@code threw}, {@code failed}, {@code declined}. */
    public static final String TOOL_OUTCOME = "calltype.tool.outcome";
    /** {@code calltype.loop.outcome}: {@code completed}, {@code max_rounds}, {@code failed}. */
    public static final String LOOP_OUTCOME = "calltype.loop.outcome";
    /** {@code calltype.loop.rounds}: how many times a run asked the model. */
    public static final String LOOP_ROUNDS = "calltype.loop.rounds";
    /** {@code calltype.loop.round}: which round of its run a chat is. */
    public static final String LOOP_ROUND = "calltype.loop.round";
    /** {@code calltype.time_to_first_token}: seconds from the request to the first piece of the reply. */
    public static final String TIME_TO_FIRST_TOKEN = "calltype.time_to_first_token";
    /** {@code calltype.answer.name}: the {@code @Answer} type parsed. */
    public static final String ANSWER_NAME = "calltype.answer.name";
    /** {@code calltype.answer.outcome}: {@code valid} or {@code invalid}. */
    public static final String ANSWER_OUTCOME = "calltype.answer.outcome";
    /** {@code calltype.repair}: the {@code Repair} applied. */
    public static final String REPAIR = "calltype.repair";
    /** {@code calltype.refusal}: the kind of error a call or an answer was refused for. */
    public static final String REFUSAL = "calltype.refusal";
    /** {@code calltype.source}: {@code tool_call} or {@code answer}, on the repair and refusal counters. */
    public static final String SOURCE = "calltype.source";

    /** The duration of each model round (Micrometer timer; OpenTelemetry histogram {@code … .duration}). */
    public static final String CHAT_METRIC = "gen_ai.client.operation";
    /** The duration of each tool call. */
    public static final String TOOL_METRIC = "gen_ai.execute_tool";
    /** The duration of each loop run. */
    public static final String LOOP_METRIC = "calltype.loop";
    /** The duration of each typed-answer parse. */
    public static final String PARSE_METRIC = "calltype.answer.parse";
    /** Tokens per reply, by {@link #TOKEN_TYPE}. */
    public static final String TOKEN_USAGE_METRIC = "gen_ai.client.token.usage";
    /** Repairs applied, by {@link #REPAIR} and {@link #SOURCE}. */
    public static final String REPAIRS_METRIC = "calltype.repairs";
    /** Calls and answers refused, by {@link #REFUSAL} and {@link #SOURCE}. */
    public static final String REFUSALS_METRIC = "calltype.refusals";

    /** A tag value that is not known (a client that names no model). */
    static final String UNKNOWN = "unknown";
    /** {@code error.type} when there was no error, so the metric's tags are the same on every series. */
    static final String NONE = "none";

    private GenAi() {
    }
}
