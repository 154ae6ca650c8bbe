package dev.calltype.runtime.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The table-driven dispatcher on its own, without generated code: parameters read from a schema and a type
 * code into values, defaults and constraints from the schema, and type codes that do not fit refused when the
 * table is made.
 */
class ToolTableTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] NAMES = {"scale"};
    private static final String[] DESCRIPTIONS = {"Scales numbers."};
    private static final String[] PARAMETERS = {"{\"type\":\"object\",\"properties\":{"
            + "\"label\":{\"type\":\"string\",\"pattern\":\"^(?:[a-z]+)$\"},"
            + "\"factor\":{\"type\":\"integer\",\"default\":2,\"minimum\":1},"
            + "\"values\":{\"type\":\"array\",\"items\":{\"type\":\"number\"},\"maxItems\":3}},"
            + "\"required\":[\"label\",\"values\"],\"additionalProperties\":false}"};

    private static ToolTable table(String code) {
        List<ToolSpec> specs = ToolkitSupport.toolSpecs(NAMES, DESCRIPTIONS, PARAMETERS, new String[] {null},
                new boolean[] {false}, new boolean[] {true});
        return new ToolTable(specs, new ToolTexts(NAMES, DESCRIPTIONS, PARAMETERS), new String[] {code},
                new ValueReader[0], new Enum<?>[0][], new IntFunction<?>[0]);
    }

    private static ToolCall call(String arguments) throws Exception {
        return ToolCall.of("scale", (ObjectNode) JSON.readTree(arguments));
    }

    private static ToolResult dispatch(ToolTable table, String arguments) throws Exception {
        return table.dispatch(call(arguments), (tool, values) -> values,
                (tool, values) -> Arrays.deepToString((Object[]) values));
    }

    @Test
    void valuesAreReadByTypeCodeWithTheSchemasDefaults() throws Exception {
        ToolTable table = table("t s i Ad");
        assertThat(dispatch(table, "{\"label\":\"ab\",\"values\":[1,\"2.5\"]}").content())
                .isEqualTo("[ab, 2, [1.0, 2.5]]");
        assertThat(dispatch(table, "{\"label\":\"ab\",\"factor\":\"3\",\"values\":4}").content())
                .isEqualTo("[ab, 3, [4.0]]");
    }

    @Test
    void everyProblemIsReportedAtOnceWithTheSignature() throws Exception {
        ToolResult result = dispatch(table("t s i Ad"), "{\"label\":\"A1\",\"factor\":0,\"values\":[1,2,3,4],\"x\":1}");
        assertThat(result.isError()).isTrue();
        assertThat(result.content()).contains("unknown parameter 'x'")
                .contains("parameter 'label' must match the pattern [a-z]+")
                .contains("parameter 'factor' must be at least 1, got 0")
                .contains("parameter 'values' must have at most 3 items, got 4")
                .contains("scale(");
    }

    @Test
    void unknownToolsAndRejectedValuesAreFailuresNotExceptions() throws Exception {
        ToolTable table = table("t s I LD");
        ToolResult unknown = table.dispatch(ToolCall.of("nope", JSON.createObjectNode()), (t, v) -> v, (t, c) -> c);
        assertThat(unknown.isError()).isTrue();
        ToolResult rejected = table.dispatch(call("{\"label\":\"ab\",\"values\":[]}"), (tool, values) -> {
            throw new IllegalArgumentException("values must not be empty");
        }, (t, c) -> c);
        assertThat(rejected.content()).contains("the arguments were rejected: values must not be empty");
        assertThatThrownBy(() -> table.parse(call("{\"values\":[]}"), (t, v) -> v))
                .isInstanceOf(ToolArgumentException.class).hasMessageContaining("parameter 'label' is required");
    }

    @Test
    void aTypeCodeThatDoesNotFitTheSchemaIsRefused() {
        assertThatThrownBy(() -> table("t s i")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table("t s i Ad d")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table("t s ? Ad")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table("t s i E")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> table("s s i Ad")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no result kind");
    }

    @Test
    void partsJoinInOrder() {
        assertThat(ToolTexts.join(new String[] {"a"}, new String[0], new String[] {"b", "c"})).containsExactly("a", "b", "c");
        assertThat(ToolTable.join(new boolean[] {true}, new boolean[] {false, true})).containsExactly(true, false, true);
    }
}
