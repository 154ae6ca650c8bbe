package dev.calltype.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.util.List;
import java.util.Optional;

/** The toolkit the MCP tests serve: tools of every kind the server must carry. */
final class SampleToolkit {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SampleToolkit() {
    }

    /**
     * Eight tools over a handler: {@code add}, {@code describe}, {@code explode} (always throws), {@code nap}
     * (sleeps), {@code wipe} (needs confirmation), {@code peek} (read-only), and {@code stat} and {@code ids}, whose
     * result schemas are known.
     */
    static Toolkit create() throws Exception {
        String listing = """
                [{"name":"add","description":"Adds two integers.","parameters":{"type":"object",
                  "properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"]}},
                 {"name":"describe","description":"Describes a number.","parameters":{"type":"object",
                  "properties":{"n":{"type":"number"}},"required":["n"]}},
                 {"name":"explode","description":"Always fails.","parameters":{"type":"object","properties":{}}},
                 {"name":"nap","description":"Sleeps.","parameters":{"type":"object","properties":{"ms":{"type":"integer"}}}}]
                """;
        List<ToolSpec> specs = new java.util.ArrayList<>(dev.calltype.runtime.ToolSpecs.fromJson(listing));
        ObjectNode none = JSON.createObjectNode().put("type", "object");
        none.putObject("properties").putObject("id").put("type", "string");
        none.putArray("required").add("id");
        specs.add(new ToolSpec("wipe", "Deletes a record.", none, List.of("id"), true));
        specs.add(new ToolSpec("peek", "Reads a record.", none.deepCopy(), List.of("id"), false, true));
        // a tool whose result schema is known, as a generated toolkit knows it for a record: an object or null
        ObjectNode record = (ObjectNode) JSON.readTree("""
                {"type":["object","null"],"properties":{"id":{"type":"string"},"size":{"type":"integer"}},
                 "required":["id","size"],"additionalProperties":false}""");
        specs.add(new ToolSpec("stat", "Describes a record.", none.deepCopy(), List.of("id"), false, false,
                Optional.of(record)));
        ObjectNode list = (ObjectNode) JSON.readTree("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}");
        specs.add(new ToolSpec("ids", "Lists record ids.", JSON.createObjectNode().put("type", "object"), List.of(),
                false, false, Optional.of(list)));
        return Toolkits.of(specs, (name, args) -> switch (name) {
            case "add" -> JsonNodeFactory.instance.numberNode(args.get("a").asLong() + args.get("b").asLong());
            case "describe" -> JSON.createObjectNode().put("value", args.get("n").asDouble())
                    .put("even", args.get("n").asDouble() % 2 == 0);
            case "explode" -> throw new IllegalStateException("the reactor is out of coolant");
            case "nap" -> {
                Thread.sleep(args.path("ms").asLong(0));
                yield JsonNodeFactory.instance.textNode("rested");
            }
            case "wipe" -> JsonNodeFactory.instance.textNode("wiped " + args.get("id").asText());
            case "peek" -> JsonNodeFactory.instance.textNode("record " + args.get("id").asText());
            case "stat" -> "none".equals(args.get("id").asText()) ? null
                    : "bad".equals(args.get("id").asText()) ? JSON.createObjectNode().put("id", "bad")
                    : JSON.createObjectNode().put("id", args.get("id").asText()).put("size", 42);
            case "ids" -> JSON.createArrayNode().add("a").add("b");
            default -> throw new AssertionError(name);
        });
    }
}
