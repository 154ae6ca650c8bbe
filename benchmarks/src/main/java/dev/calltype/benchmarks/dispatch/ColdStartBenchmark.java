package dev.calltype.benchmarks.dispatch;

import dev.calltype.runtime.SchemaDialect;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.ToolCallback;

/**
 * The time from a fresh JVM to the first tool schema in hand, as JSON text, for {@link Warehouse}: what an
 * application, a serverless function or a command-line tool pays once before it can send its first
 * request to a model.
 *
 * <p>Each fork is a new JVM and measures one call ({@link Mode#SingleShotTime}, no warm-up), so the time
 * includes loading and initialising each framework's classes and whatever the framework computes on the
 * first request: for Calltype, the generated {@code WarehouseTools} and the runtime classes its
 * constants need; for LangChain4j, reading the method by reflection into a {@link ToolSpecification} and
 * writing it as JSON; for Spring AI, reading the object's {@code @Tool} methods into callbacks, whose
 * definitions generate the JSON Schema of the parameters.
 *
 * <p>Why it is fair:
 * <ul>
 *   <li>The class has no state and no field, static or not, of a framework's type; a framework's classes
 *       are named only inside its own benchmark method, so JMH's harness loads none of them before the
 *       measured call, and every fork is cold for the framework it measures. The time is the result of
 *       many forks, because one cold start varies with the machine.</li>
 *   <li>All three describe the same method with the same descriptions, and each returns a {@code String}
 *       of JSON that JMH consumes. Calltype's is the OpenAI {@code tools} array (name, description and
 *       parameters); Spring AI's is its definition's input schema (the parameters);
 *       LangChain4j's is {@link ToolSpecification#toJson()}, the public way {@code langchain4j-core}
 *       1.23 offers to write a specification as JSON text (there is none for its parameters alone outside
 *       its {@code internal} package): the name, the description and the parameters as JSON Schema, the
 *       same content as Calltype's.</li>
 *   <li>Only LangChain4j and Spring AI read annotations at run time: reflecting on {@link Warehouse#reserve}
 *       also loads the other framework's annotation types, a small cost that both pay alike. Calltype's
 *       annotations are not kept in the class file.</li>
 * </ul>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(10)
public class ColdStartBenchmark {

    @Benchmark
    public String calltype() {
        return new WarehouseTools(new Warehouse()).schemaJson(SchemaDialect.OPENAI);
    }

    @Benchmark
    public String langchain4j() {
        List<ToolSpecification> specifications = ToolSpecifications.toolSpecificationsFrom(Warehouse.class);
        return specifications.get(0).toJson();
    }

    @Benchmark
    public String springAi() {
        ToolCallback[] callbacks = ToolCallbacks.from(new Warehouse());
        return callbacks[0].getToolDefinition().inputSchema();
    }
}
