package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import java.lang.reflect.RecordComponent;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The representative toolkit end to end: specs, typed calls, nested paths, flat-to-nested, exceptions. */
class InventoryToolkitTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Compiled COMPILED = Compiled.of(Sources.inventory());

    private Object inventory;
    private Toolkit toolkit;

    @BeforeEach
    void newInventory() throws Exception {
        inventory = COMPILED.instance("com.example.inventory.Inventory");
        toolkit = (Toolkit) COMPILED.load("com.example.inventory.InventoryTools")
                .getConstructor(COMPILED.load("com.example.inventory.Inventory")).newInstance(inventory);
    }

    private ToolResult dispatch(String tool, String arguments) throws Exception {
        return toolkit.dispatch(ToolCall.of(tool, (ObjectNode) JSON.readTree(arguments)));
    }

    @Test
    void toolSpecsCarryNamesDescriptionsOrderAndConfirmation() throws Exception {
        List<ToolSpec> tools = toolkit.tools();
        assertThat(tools).extracting(ToolSpec::name)
                .containsExactly("add_stock", "search_items", "pay", "count_categories", "get_stock");
        ToolSpec add = tools.get(0);
        assertThat(add.description()).isEqualTo("Adds units of an item to the stock.");
        assertThat(add.parameterOrder()).containsExactly("item", "note");
        assertThat(add.confirm()).isFalse();
        assertThat(tools.get(2).confirm()).isTrue();
        assertThat(tools.get(1).parameterOrder()).containsExactly("query", "limit");
        assertThat(add.parameters().get("required").toString()).isEqualTo("[\"item\"]");
        assertThat(add.parameters().at("/properties/item/properties/quantity/minimum").intValue()).isEqualTo(1);
        assertThat(toolkit.tools()).isSameAs(tools);
    }

    @Test
    void nestedProblemsNameTheirJsonPath() throws Exception {
        ToolResult r = dispatch("add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":\"many\"}}");
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).isEqualTo("""
                Invalid arguments for add_stock:
                - parameter 'item.quantity' must be an integer, got "many"
                Signature: add_stock(item: {sku: string, quantity: integer, unit?: "PIECE"|"BOX" = "PIECE"}, note?: string)
                Fix the arguments and call add_stock again.""");
    }

    @Test
    void constraintsOnRecordComponentsAreChecked() throws Exception {
        ToolResult r = dispatch("add_stock", "{\"item\":{\"sku\":\"ab\",\"quantity\":0}}");
        assertThat(r.content()).contains("parameter 'item.sku' must match the pattern [A-Z]{2}[0-9]+, got \"ab\"")
                .contains("parameter 'item.quantity' must be at least 1, got 0");
    }

    @Test
    void aValidCallRunsAndReturnsTheRecordAsJson() throws Exception {
        ToolResult r = dispatch("add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":2},\"note\":\"first\"}");
        assertThat(r.isError()).as(r.content()).isFalse();
        assertThat(r.content()).isEqualTo("{\"sku\":\"AB1\",\"total\":2,\"unit\":\"PIECE\"}");
        assertThat(r.value().get("total").intValue()).isEqualTo(2);
        assertThat(Compiled.call(inventory, "log")).isEqualTo(List.of("AB1+2 (first)"));
    }

    @Test
    void flatFieldsAreMovedIntoTheRecordParameter() throws Exception {
        ToolResult r = dispatch("add_stock", "{\"sku\":\"AB1\",\"quantity\":2,\"note\":\"x\"}");
        assertThat(r.isError()).as(r.content()).isFalse();
        assertThat(r.content()).isEqualTo("{\"sku\":\"AB1\",\"total\":2,\"unit\":\"PIECE\"}");
        assertThat(Compiled.call(inventory, "log")).isEqualTo(List.of("AB1+2 (x)"));
    }

    @Test
    void flatFieldsAreMovedIntoTheMatchingSealedRecord() throws Exception {
        ToolResult r = dispatch("pay", "{\"iban\":\"DE00\",\"reference\":\"inv 7\",\"amount\":\"12.5\"}");
        assertThat(r.isError()).as(r.content()).isFalse();
        assertThat(Compiled.call(inventory, "log")).isEqualTo(List.of("paid 12.5"));
    }

    @Test
    void unknownFlatFieldsStayAndAreReported() throws Exception {
        ToolResult r = dispatch("add_stock", "{\"sku\":\"AB1\",\"quantity\":2,\"colour\":\"red\"}");
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("unknown parameter 'colour' (expected: item, note)");
    }

    @Test
    void callArgumentsAreNotModifiedByNesting() throws Exception {
        ObjectNode args = (ObjectNode) JSON.readTree("{\"sku\":\"AB1\",\"quantity\":2}");
        toolkit.dispatch(ToolCall.of("add_stock", args));
        assertThat(args.toString()).isEqualTo("{\"sku\":\"AB1\",\"quantity\":2}");
    }

    @Test
    void toolParamsRecordsExposeTheirComponentsAsParameters() throws Exception {
        dispatch("add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":2}}");
        dispatch("add_stock", "{\"item\":{\"sku\":\"AB2\",\"quantity\":3}}");
        dispatch("add_stock", "{\"item\":{\"sku\":\"CD1\",\"quantity\":3}}");
        assertThat(dispatch("search_items", "{\"query\":\"AB\"}").content())
                .isEqualTo("[{\"sku\":\"AB1\",\"quantity\":2,\"unit\":\"PIECE\"},"
                        + "{\"sku\":\"AB2\",\"quantity\":3,\"unit\":\"PIECE\"}]");
        assertThat(dispatch("search_items", "{\"query\":\"AB\",\"limit\":1}").content())
                .isEqualTo("[{\"sku\":\"AB1\",\"quantity\":2,\"unit\":\"PIECE\"}]");
        assertThat(dispatch("search_items", "{\"query\":\"  \",\"limit\":500}").content())
                .contains("parameter 'query' must not be blank").contains("parameter 'limit' must be at most 100, got 500");
    }

    @Test
    void sealedParametersAndTheirConstraints() throws Exception {
        assertThat(dispatch("pay", "{\"payment\":{\"type\":\"card\",\"number\":\"123\"},\"amount\":0}").content())
                .contains("parameter 'payment.number' must have at least 12 characters, got \"123\"")
                .contains("parameter 'amount' must be at least 0.01, got 0");
        assertThat(dispatch("pay", "{\"payment\":{\"type\":\"bank-transfer\",\"iban\":\"X\",\"reference\":\"r\"},"
                + "\"amount\":1}").isError()).isFalse();
    }

    @Test
    void exceptionsThrownByTheToolComeBackAsFailures() throws Exception {
        ToolResult r = dispatch("pay", "{\"payment\":{\"type\":\"card\",\"number\":\"000012345678\"},\"amount\":5}");
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).isEqualTo("Tool pay failed: card 000012345678 was declined");
        assertThat(r.content()).doesNotContain("at com.example");
    }

    @Test
    void recursiveParametersAreRead() throws Exception {
        assertThat(dispatch("count_categories", "{\"root\":{\"name\":\"all\",\"children\":[{\"name\":\"a\","
                + "\"children\":[]},{\"name\":\"b\",\"children\":[{\"name\":\"c\",\"children\":[]}]}]}}").content())
                .isEqualTo("4");
    }

    @Test
    void enumDefaultsApply() throws Exception {
        dispatch("add_stock", "{\"item\":{\"sku\":\"AB1\",\"quantity\":24}}");
        assertThat(dispatch("get_stock", "{\"sku\":\"AB1\"}").content()).isEqualTo("{\"PIECE\":24}");
        assertThat(dispatch("get_stock", "{\"sku\":\"AB1\",\"unit\":\"box\"}").content()).isEqualTo("{\"BOX\":2}");
    }

    @Test
    void parseGivesTypedCallRecords() throws Exception {
        Object call = Compiled.call(toolkit, "parse", ToolCall.of("add_stock",
                (ObjectNode) JSON.readTree("{\"item\":{\"sku\":\"AB1\",\"quantity\":\"2\"},\"note\":\"n\"}")));
        Class<?> type = call.getClass();
        assertThat(type.getName()).isEqualTo("com.example.inventory.InventoryTools$AddStock");
        assertThat(type.isRecord()).isTrue();
        RecordComponent[] components = type.getRecordComponents();
        assertThat(components).extracting(RecordComponent::getName).containsExactly("item", "note");
        assertThat(components[0].getType().getName()).isEqualTo("com.example.inventory.Item");
        assertThat(call.toString()).isEqualTo("AddStock[item=Item[sku=AB1, quantity=2, unit=PIECE], note=n]");
        Class<?> callInterface = COMPILED.load("com.example.inventory.InventoryTools$Call");
        assertThat(callInterface.isSealed()).isTrue();
        assertThat(callInterface.getPermittedSubclasses()).hasSize(5);
        Object search = Compiled.call(toolkit, "parse", ToolCall.of("search_items",
                (ObjectNode) JSON.readTree("{\"query\":\"AB\"}")));
        assertThat(search.toString()).isEqualTo("SearchItems[request=SearchRequest[query=AB, limit=10]]");
    }

    @Test
    void parseThrowsListingEveryProblem() throws Exception {
        ToolCall bad = ToolCall.of("add_stock", (ObjectNode) JSON.readTree("{\"item\":{\"quantity\":1.5},\"x\":1}"));
        assertThatThrownBy(() -> Compiled.call(toolkit, "parse", bad))
                .isInstanceOfSatisfying(ToolArgumentException.class, e -> {
                    assertThat(e.toolName()).isEqualTo("add_stock");
                    assertThat(e.problems()).containsExactly(
                            "unknown parameter 'x' (expected: item, note)",
                            "parameter 'item.sku' is required",
                            "parameter 'item.quantity' must be an integer, got 1.5");
                });
        assertThatThrownBy(() -> Compiled.call(toolkit, "parse", ToolCall.of("add_stok")))
                .isInstanceOfSatisfying(ToolArgumentException.class, e -> assertThat(e.problems()).containsExactly(
                        "There is no tool named \"add_stok\". Did you mean \"add_stock\"? Available tools: add_stock,"
                                + " search_items, pay, count_categories, get_stock."));
    }
}
