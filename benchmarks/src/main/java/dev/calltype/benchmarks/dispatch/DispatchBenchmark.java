package dev.calltype.benchmarks.dispatch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.langchain4j.LangChain4jTools;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.calltype.springai.SpringAiTools;
import dev.langchain4j.service.tool.DefaultToolExecutor;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolService;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.method.MethodToolCallback;
import org.springframework.ai.tool.method.MethodToolCallbackProvider;

/**
 * The cost of one tool call once a model has asked for it: from the arguments' JSON text to the text
 * that goes back to the model, for {@link Warehouse#reserve} run by Calltype's generated
 * {@code WarehouseTools}, by LangChain4j's {@link DefaultToolExecutor} and by Spring AI's
 * {@link MethodToolCallback}.
 *
 * <p>Why it is fair:
 * <ul>
 *   <li>Every framework starts from the same {@link #arguments} string (all four arguments present, no
 *       coercion needed) and ends with the string it would send to the model: Calltype's
 *       {@link ToolResult#content()}, LangChain4j's {@code execute} result and Spring AI's {@code call} result.
 *       Each returns the JSON of the same {@link Warehouse.Reservation}.</li>
 *   <li>Each starts from the call as its own pipeline hands it to the executor: Calltype's extractor hands
 *       over a {@link ToolCall} whose arguments it parsed while extracting (measured in the extraction figure);
 *       LangChain4j and Spring AI receive the arguments as text and parse them inside {@code execute}/{@code call}.
 *       {@link #calltypeFromText} measures Calltype from the same text too, parsed with a shared Jackson
 *       {@link ObjectMapper}, building the {@link ToolCall} as LangChain4j builds its
 *       {@link ToolExecutionRequest}; both Calltype figures are published.</li>
 *   <li>Everything a framework prepares once per tool (the generated toolkit, the executor, the callback
 *       with its tool definition) is built in {@link #setUp()}, outside the measurement, as an application
 *       would build it once, and each framework's executor is the one the framework itself builds for an
 *       annotated object: LangChain4j's {@link ToolService} (behind {@code AiServices.builder(…).tools(warehouse)})
 *       and Spring AI's {@link MethodToolCallbackProvider} (behind {@code ChatClient}'s {@code .tools(warehouse)}).
 *       </li>
 *   <li>{@link #setUp()} runs each framework once and checks that all three returned the same JSON object
 *       as calling the method directly, so no benchmark can measure an error path.</li>
 * </ul>
 *
 * <p>The adapters ({@code calltype-langchain4j}, {@code calltype-spring-ai}) are measured the same way, beside each
 * framework's own executor: {@link #langchain4jAdapter} is the {@link ToolExecutor} that
 * {@code LangChain4jTools.tools(new WarehouseTools(warehouse))} hands to {@code AiServices}, called exactly as
 * {@link #langchain4j} calls {@link DefaultToolExecutor}; {@link #springAiAdapter} is the {@link ToolCallback} that
 * {@code SpringAiTools.toolCallbacks(…)} hands to a {@code ChatClient}, called exactly as {@link #springAi} calls
 * {@link MethodToolCallback}. Both start from the argument text, as the frameworks hand it over.
 * {@link #langchain4jAdapterCombined} and {@link #springAiAdapterCombined} call the same tool through adapters made
 * over two toolkits ({@code WarehouseTools} and a {@link Toolkits#fromJson} toolkit of one other tool), which the
 * adapters combine with {@link Toolkits#combine}: the cost of routing the call to the toolkit that has the tool.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class DispatchBenchmark {

    /** The tool's name in all three frameworks. */
    private static final String TOOL = "reserve";

    /** The arguments a model sent: every parameter, in the types the schema asks for. */
    public String arguments = "{\"sku\":\"WH-1042\",\"quantity\":3,\"priority\":\"EXPRESS\","
            + "\"address\":{\"street\":\"12 Harbour Road\",\"city\":\"Bergen\",\"postcode\":\"5003\"}}";

    private ObjectMapper mapper;
    private WarehouseTools calltype;
    private ToolExecutor langchain4j;
    private ToolCallback springAi;
    private ToolExecutor langchain4jAdapter;
    private ToolCallback springAiAdapter;
    private ToolExecutor langchain4jAdapterCombined;
    private ToolCallback springAiAdapterCombined;
    private Object memoryId;
    private ToolCall extracted;

    @Setup
    public void setUp() throws Exception {
        mapper = new ObjectMapper();
        Warehouse warehouse = new Warehouse();
        calltype = new WarehouseTools(warehouse);
        // Each framework's executor as the framework builds it for an annotated object: LangChain4j's ToolService
        // (what AiServices.builder(…).tools(warehouse) uses), Spring AI's MethodToolCallbackProvider (what
        // ChatClient's .tools(warehouse) uses).
        ToolService service = new ToolService();
        service.tools(List.<Object>of(warehouse));
        langchain4j = service.toolExecutors().get(TOOL);
        springAi = MethodToolCallbackProvider.builder().toolObjects(warehouse).build().getToolCallbacks()[0];
        langchain4jAdapter = LangChain4jTools.tools(new WarehouseTools(warehouse)).values().iterator().next();
        springAiAdapter = SpringAiTools.toolCallbacks(new WarehouseTools(warehouse)).get(0);
        Map<ToolSpecification, ToolExecutor> combined = LangChain4jTools.tools(new WarehouseTools(warehouse), tracking());
        langchain4jAdapterCombined = combined.entrySet().stream().filter(e -> e.getKey().name().equals(TOOL))
                .findFirst().orElseThrow().getValue();
        springAiAdapterCombined = SpringAiTools.toolCallbacks(new WarehouseTools(warehouse), tracking()).stream()
                .filter(c -> c.getToolDefinition().name().equals(TOOL)).findFirst().orElseThrow();
        memoryId = "default";

        JsonNode expected = mapper.valueToTree(warehouse.reserve("WH-1042", 3, Warehouse.Priority.EXPRESS,
                new Warehouse.Address("12 Harbour Road", "Bergen", "5003")));
        extracted = ToolCall.of(TOOL, (ObjectNode) mapper.readTree(arguments));
        ToolResult result = calltype.dispatch(extracted);
        if (result.isError()) {
            throw new IllegalStateException("Calltype failed to dispatch the benchmark's arguments: " + result.content());
        }
        check("Calltype", result.content(), expected);
        check("Calltype from text", calltypeFromText(), expected);
        check("LangChain4j", langchain4j(), expected);
        check("Spring AI", springAi(), expected);
        check("Calltype's LangChain4j adapter", langchain4jAdapter(), expected);
        check("Calltype's Spring AI adapter", springAiAdapter(), expected);
        check("Calltype's LangChain4j adapter over two toolkits", langchain4jAdapterCombined(), expected);
        check("Calltype's Spring AI adapter over two toolkits", springAiAdapterCombined(), expected);
    }

    /** The other toolkit of the combined adapters: one tool of another name, known at run time. */
    private static Toolkit tracking() {
        return Toolkits.fromJson("[{\"type\": \"function\", \"function\": {\"name\": \"track\", "
                + "\"description\": \"Where a reservation is.\", \"parameters\": {\"type\": \"object\", "
                + "\"properties\": {\"reference\": {\"type\": \"string\"}}, \"required\": [\"reference\"]}}}]",
                (tool, args) -> args.get("reference"));
    }

    private void check(String framework, String answer, JsonNode expected) {
        JsonNode actual;
        try {
            actual = mapper.readTree(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(framework + " did not answer with JSON, so it did not run the tool: "
                    + answer, e);
        }
        if (!expected.equals(actual)) {
            throw new IllegalStateException(framework + " answered " + answer + ", expected " + expected
                    + ": the benchmark would not measure the same successful call");
        }
    }

    /**
     * From the {@link ToolCall} Calltype's extractor hands over (its arguments parsed once, while extracting: that
     * cost is in the extraction figure) to the text for the model. The other two receive their arguments as text
     * and parse them inside {@code execute}/{@code call}; {@link #calltypeFromText} adds that parse for Calltype.
     */
    @Benchmark
    public String calltype() {
        return calltype.dispatch(extracted).content();
    }

    /** As {@link #calltype}, starting from the same argument text as the others (parsed with Jackson). */
    @Benchmark
    public String calltypeFromText() throws JsonProcessingException {
        ObjectNode node = (ObjectNode) mapper.readTree(arguments);
        ToolCall call = ToolCall.of(TOOL, node);
        ToolResult result = calltype.dispatch(call);
        return result.content();
    }

    @Benchmark
    public String langchain4j() {
        ToolExecutionRequest request = ToolExecutionRequest.builder().name(TOOL).arguments(arguments).build();
        return langchain4j.execute(request, memoryId);
    }

    @Benchmark
    public String springAi() {
        return springAi.call(arguments);
    }

    /** Calltype's LangChain4j adapter: the same request, to the executor {@code LangChain4jTools} made. */
    @Benchmark
    public String langchain4jAdapter() {
        ToolExecutionRequest request = ToolExecutionRequest.builder().name(TOOL).arguments(arguments).build();
        return langchain4jAdapter.execute(request, memoryId);
    }

    /** Calltype's Spring AI adapter: the same argument text, to the callback {@code SpringAiTools} made. */
    @Benchmark
    public String springAiAdapter() {
        return springAiAdapter.call(arguments);
    }

    /** {@link #langchain4jAdapter} over two toolkits: {@code LangChain4jTools.tools(warehouseTools, other)}. */
    @Benchmark
    public String langchain4jAdapterCombined() {
        ToolExecutionRequest request = ToolExecutionRequest.builder().name(TOOL).arguments(arguments).build();
        return langchain4jAdapterCombined.execute(request, memoryId);
    }

    /** {@link #springAiAdapter} over two toolkits: {@code SpringAiTools.toolCallbacks(warehouseTools, other)}. */
    @Benchmark
    public String springAiAdapterCombined() {
        return springAiAdapterCombined.call(arguments);
    }
}
