package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code handle} and {@code parseAll} on real model output: extraction with the toolkit's tools
 * known (positional mapping, name normalisation, errors with correction prompts), then typed
 * conversion and dispatch. These run the runtime's extraction engine.
 */
class HandleAndParseAllTest {

    private static final Compiled COMPILED = Compiled.of(Sources.inventory());

    private Toolkit toolkit;

    @BeforeEach
    void newToolkit() {
        toolkit = COMPILED.toolkit("com.example.inventory.InventoryTools", "com.example.inventory.Inventory");
    }

    @Test
    void handleDispatchesEveryCallInOrder() {
        List<ToolResult> results = toolkit.handle("""
                Let me add the boxes first.
                <tool_call>
                {"name": "add_stock", "arguments": {"item": {"sku": "AB1", "quantity": 24}}}
                </tool_call>
                <tool_call>
                {"name": "get_stock", "arguments": {"sku": "AB1", "unit": "box"}}
                </tool_call>
                """);
        assertThat(results).extracting(ToolResult::content)
                .containsExactly("{\"sku\":\"AB1\",\"total\":24,\"unit\":\"PIECE\"}", "{\"BOX\":2}");
    }

    @Test
    void handleMapsPositionalArgumentsByParameterOrder() {
        toolkit.handle("TOOL_CALL\n{\"name\": \"add_stock\", \"arguments\": {\"item\": {\"sku\": \"CD1\", \"quantity\": 12}}}");
        List<ToolResult> results = toolkit.handle("get_stock(\"CD1\", \"BOX\")");
        assertThat(results).extracting(ToolResult::content).containsExactly("{\"BOX\":1}");
        List<ToolResult> json = toolkit.handle("{\"name\": \"get_stock\", \"arguments\": [\"CD1\"]}");
        assertThat(json).extracting(ToolResult::content).containsExactly("{\"PIECE\":12}");
    }

    @Test
    void tooManyPositionalArgumentsFailWithTheSignature() {
        List<ToolResult> results = toolkit.handle("get_stock(\"CD1\", \"BOX\", 3)");
        assertThat(results).hasSize(1);
        assertThat(results.get(0).isError()).isTrue();
        assertThat(results.get(0).content()).contains("get_stock(sku: string, unit?: \"PIECE\"|\"BOX\" = \"PIECE\")");
    }

    @Test
    void badArgumentsInModelOutputComeBackForTheModel() {
        List<ToolResult> results = toolkit.handle("""
                [TOOL_CALL]{"name": "add_stock", "arguments": {"item": {"sku": "AB1", "quantity": "many"}}}[/TOOL_CALL]""");
        assertThat(results).hasSize(1);
        assertThat(results.get(0).content()).contains("parameter 'item.quantity' must be an integer, got \"many\"")
                .contains("Signature: add_stock(item: {sku: string, quantity: integer,"
                        + " unit?: \"PIECE\"|\"BOX\" = \"PIECE\"}, note?: string)");
    }

    @Test
    void truncatedCallsAreFailuresCarryingTheCorrectionPrompt() {
        List<ToolResult> results = toolkit.handle("<tool_call>\n{\"name\": \"pay\", \"arguments\": {\"payment\": {\"type\"");
        assertThat(results).hasSize(1);
        assertThat(results.get(0).isError()).isTrue();
        assertThat(results.get(0).content()).isNotBlank();
    }

    @Test
    void parseAllGivesTypedCalls() {
        List<?> calls = (List<?>) Compiled.call(toolkit, "parseAll", """
                I'll search, then count.
                ```json
                {"name": "search_items", "arguments": {"query": "AB"}}
                ```
                count_categories(root={"name": "all", "children": []})
                """);
        assertThat(calls).extracting(Object::toString).containsExactly(
                "SearchItems[request=SearchRequest[query=AB, limit=10]]",
                "CountCategories[root=Category[name=all, children=[]]]");
    }

    @Test
    void parseAllThrowsListingEveryProblem() {
        assertThatThrownBy(() -> Compiled.call(toolkit, "parseAll", """
                <tool_call>{"name": "search_items", "arguments": {"query": "", "limit": 0}}</tool_call>
                <tool_call>{"name": "get_stock", "arguments": {}}</tool_call>"""))
                .isInstanceOfSatisfying(ToolArgumentException.class, e -> assertThat(e.problems()).containsExactly(
                        "search_items: parameter 'query' must not be blank",
                        "search_items: parameter 'limit' must be at least 1, got 0",
                        "get_stock: parameter 'sku' is required"));
    }
}
