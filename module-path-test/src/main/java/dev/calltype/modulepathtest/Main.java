package dev.calltype.modulepathtest;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;

/** Runs the generated toolkit and prints what it did, one line per step. */
public final class Main {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Main() {
    }

    /**
     * Prints the modules, how many schemas and prompts name the tools, and the results of a model's calls.
     *
     * @param args unused
     */
    public static void main(String[] args) {
        System.out.println("program module: " + Main.class.getModule().getName());
        System.out.println("runtime module: " + Toolkit.class.getModule().getName());
        InventoryTools tools = new InventoryTools(new Inventory());
        int schemas = 0;
        for (SchemaDialect dialect : SchemaDialect.values()) {
            schemas += tools.schemaJson(dialect).contains("add_stock") ? 1 : 0;
        }
        System.out.println("schemas naming add_stock: " + schemas + " of " + SchemaDialect.values().length);
        int instructions = 0;
        for (PromptFormat format : PromptFormat.values()) {
            instructions += tools.formatInstructions(format).contains("report") ? 1 : 0;
        }
        System.out.println("instructions naming report: " + instructions + " of " + PromptFormat.values().length);
        String reply = """
                Adding the delivery.
                <tool_call>
                {"name": "add_stock", "arguments": {"item": {"sku": "A1", "quantity": "2", "unit": "box"}}}
                </tool_call>
                <tool_call>
                {"name": "report", "arguments": {"skus": "A1"}}
                </tool_call>""";
        for (ToolResult result : tools.handle(reply)) {
            System.out.println("result: " + result.content());
        }
        ToolResult wrong = tools.dispatch(ToolCall.of("report", NODES.objectNode().put("limit", 5.5)));
        System.out.println("error: " + wrong.content().lines().findFirst().orElse(""));
        ObjectNode item = NODES.objectNode().put("sku", "B7").put("quantity", 1).put("unit", "PIECE");
        InventoryTools.Call call = tools.parse(ToolCall.of("add_stock", NODES.objectNode().set("item", item)));
        System.out.println("typed: " + call);
    }
}
