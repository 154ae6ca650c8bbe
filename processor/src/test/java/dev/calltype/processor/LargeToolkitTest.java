package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A class of 3,000 tools, far more than one class file's 64 KB of code per method and 65,535 constants allow
 * when each tool is a switch case and a handful of constants: its toolkit compiles (its tables and cases are
 * kept in parts) and every part dispatches.
 */
class LargeToolkitTest {

    private static final int TOOLS = 3000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Compiled compiled;
    private static Toolkit toolkit;

    @BeforeAll
    static void compile() {
        StringBuilder source = new StringBuilder("package big;\n\nimport dev.calltype.annotations.Param;\n"
                + "import dev.calltype.annotations.Tool;\nimport java.util.List;\n\npublic class Many {\n"
                + "    public enum Size { SMALL, LARGE }\n");
        for (int i = 0; i < TOOLS; i++) {
            source.append("    @Tool(description = \"Tool ").append(i).append(" adds its arguments up.\")\n")
                    .append("    public String tool").append(i).append("(@Param(description = \"a name\") String name,"
                            + " @Param(description = \"how many\", defaultValue = \"").append(i).append("\") int count,"
                            + " @Param(description = \"the sizes\") List<Size> sizes) {\n")
                    .append("        return \"").append(i).append(":\" + name + count + sizes;\n    }\n");
        }
        source.append("}\n");
        compiled = Compiled.of(JavaFileObjects.forSourceString("big.Many", source.toString()));
        toolkit = compiled.toolkit("big.ManyTools", "big.Many");
    }

    private static ToolResult call(String name, String arguments) throws Exception {
        return toolkit.dispatch(ToolCall.of(name, (ObjectNode) JSON.readTree(arguments)));
    }

    @Test
    void everyPartDispatchesToItsOwnTools() throws Exception {
        assertThat(call("tool0", "{\"name\":\"a\",\"count\":2,\"sizes\":[\"SMALL\"]}").content()).isEqualTo("0:a2[SMALL]");
        assertThat(call("tool249", "{\"name\":\"b\",\"sizes\":[]}").content()).isEqualTo("249:b249[]");
        assertThat(call("tool250", "{\"name\":\"c\",\"sizes\":\"LARGE\"}").content()).isEqualTo("250:c250[LARGE]");
        assertThat(call("tool2999", "{\"name\":\"d\",\"count\":1,\"sizes\":[]}").content()).isEqualTo("2999:d1[]");
    }

    @Test
    void argumentsAreCheckedAndToolsListedInEveryPart() throws Exception {
        ToolResult bad = call("tool1717", "{\"count\":\"many\",\"sizes\":[]}");
        assertThat(bad.isError()).isTrue();
        assertThat(bad.content()).contains("parameter 'name' is required").contains("tool1717(");
        assertThat(toolkit.tools()).hasSize(TOOLS);
        assertThat(toolkit.tools().get(2999).name()).isEqualTo("tool2999");
        assertThat(toolkit.tools().get(2999).description()).isEqualTo("Tool 2999 adds its arguments up.");
        assertThat(toolkit.schemaJson(SchemaDialect.OPENAI)).contains("\"name\":\"tool2999\"");
    }

    @Test
    void theToolkitIsSplitIntoParts() {
        String source = compiled.source("big.ManyTools");
        assertThat(source).contains("private static final class Part0").contains("private static final class Part11")
                .doesNotContain("class Part12");
    }
}
