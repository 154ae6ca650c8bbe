package dev.calltype.benchmarks;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.constraint.Constraints;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Figure {@code grammar_100_tools_ms}: the constraints of a 100-tool toolkit made from scratch (new
 * {@link Constraints}, nothing kept): the structural tag, the lazy GBNF and the JSON Schema of one call, in the Hermes
 * format. The tools mix strings, enums, numbers, optional and defaulted members, nested objects, arrays of objects
 * and {@code $defs} references.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GrammarBenchmark {

    /** How many tools the toolkit has. */
    public static final int TOOLS = 100;

    private List<ToolSpec> tools;

    @Setup
    public void setUp() {
        tools = tools(TOOLS);
    }

    @Benchmark
    public int constraints() {
        Constraints c = Constraints.of(tools).format(WireFormat.HERMES);
        return c.structuralTag().size() + c.gbnf().text().length() + c.callSchema().size();
    }

    /** {@code n} tools of varied shapes. */
    static List<ToolSpec> tools(int n) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        List<ToolSpec> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ObjectNode params = f.objectNode().put("type", "object");
            ObjectNode props = params.putObject("properties");
            props.putObject("query" + i).put("type", "string");
            props.putObject("limit").put("type", "integer").put("default", 10);
            props.putObject("mode").put("type", "string").putArray("enum").add("fast").add("exact").add("fuzzy");
            ObjectNode filter = props.putObject("filter").put("type", "object");
            ObjectNode fp = filter.putObject("properties");
            fp.putObject("from").put("type", "string").put("format", "date");
            fp.putObject("to").put("type", "string").put("format", "date");
            fp.putObject("tags").put("type", "array").putObject("items").put("type", "string");
            filter.putArray("required").add("from");
            ObjectNode items = props.putObject("items").put("type", "array");
            items.putObject("items").put("$ref", "#/$defs/Item" + i);
            props.putObject("score").putArray("type").add("number").add("null");
            ObjectNode item = params.putObject("$defs").putObject("Item" + i).put("type", "object");
            ObjectNode ip = item.putObject("properties");
            ip.putObject("id").put("type", "integer");
            ip.putObject("label").put("type", "string");
            ip.putObject("kind").putArray("anyOf").add(f.objectNode().put("const", "a")).add(f.objectNode()
                    .put("type", "boolean"));
            item.putArray("required").add("id");
            params.putArray("required").add("query" + i).add("mode");
            out.add(new ToolSpec("tool_" + i, "Tool number " + i, params,
                    List.of("query" + i, "limit", "mode", "filter", "items", "score")));
        }
        return out;
    }
}
