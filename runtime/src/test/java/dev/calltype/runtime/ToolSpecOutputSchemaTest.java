package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link ToolSpec#outputSchema()}: given by the full constructor, empty from the shorter ones and from null. */
class ToolSpecOutputSchemaTest {

    private static final ObjectNode PARAMETERS = JsonNodeFactory.instance.objectNode().put("type", "object");

    @Test
    void theShorterConstructorsKnowNoOutputSchema() {
        assertThat(new ToolSpec("a", "", PARAMETERS, List.of()).outputSchema()).isEmpty();
        assertThat(new ToolSpec("a", "", PARAMETERS, List.of(), true).outputSchema()).isEmpty();
        assertThat(new ToolSpec("a", "", PARAMETERS, List.of(), true, true).outputSchema()).isEmpty();
    }

    @Test
    void theFullConstructorKeepsTheOutputSchemaAndReadsNullAsNone() {
        ObjectNode output = JsonNodeFactory.instance.objectNode().put("type", "integer");
        ToolSpec spec = new ToolSpec("count", "", PARAMETERS, List.of(), false, true, Optional.of(output));
        assertThat(spec.outputSchema()).containsSame(output);
        assertThat(new ToolSpec("count", "", PARAMETERS, List.of(), false, true, null).outputSchema()).isEmpty();
        assertThat(spec).isNotEqualTo(new ToolSpec("count", "", PARAMETERS, List.of(), false, true));
    }
}
