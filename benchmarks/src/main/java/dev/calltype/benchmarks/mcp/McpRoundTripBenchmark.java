package dev.calltype.benchmarks.mcp;

import dev.calltype.mcp.McpToolkit;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@code tools/call} round trip over stdio through Calltype's MCP server: {@link McpToolkit} (the client) checks
 * the arguments and sends the request down the pipe to a child JVM running {@link WarehouseServer}, whose
 * {@code McpToolServer} dispatches it to the generated {@code WarehouseTools} and writes the result back. The same
 * call and arguments as the dispatch benchmark; the figure is the median of sampled round trips.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class McpRoundTripBenchmark {

    private McpToolkit client;
    private ToolCall call;

    @Setup
    public void setUp() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        client = McpToolkit.stdio(List.of(java, "-cp", System.getProperty("java.class.path"),
                WarehouseServer.class.getName())).timeout(Duration.ofSeconds(60)).connect();
        call = ToolCall.of("reserve", (ObjectNode) new ObjectMapper().readTree("{\"sku\":\"WH-1042\",\"quantity\":3,"
                + "\"priority\":\"EXPRESS\",\"address\":{\"street\":\"12 Harbour Road\",\"city\":\"Bergen\","
                + "\"postcode\":\"5003\"}}"));
        ToolResult first = client.dispatch(call);
        if (first.isError() || !first.value().path("reference").isTextual()) {
            throw new IllegalStateException("the MCP round trip did not run the tool: " + first.content());
        }
    }

    @TearDown
    public void tearDown() {
        client.close();
    }

    @Benchmark
    public ToolResult stdioRoundTrip() {
        return client.dispatch(call);
    }
}
