package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.calltype.runtime.CallFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.Toolkit;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the processor writes at compile time agrees with what the runtime reads and renders for
 * dynamic toolkits: listings read back into the same specs, and (once the runtime's renderers are
 * present) byte-identical schemas and instructions.
 */
class RuntimeAgreementTest {

    private static List<Toolkit> toolkits;

    @BeforeAll
    static void compile() {
        toolkits = List.of(
                Compiled.of(Sources.inventory()).toolkit("com.example.inventory.InventoryTools",
                        "com.example.inventory.Inventory"),
                Compiled.of(Sources.echo()).toolkit("com.example.types.EchoTools", "com.example.types.Echo"));
    }

    @Test
    void listingsReadBackIntoTheSameSpecs() {
        for (Toolkit tk : toolkits) {
            for (SchemaDialect d : List.of(SchemaDialect.OPENAI, SchemaDialect.ANTHROPIC, SchemaDialect.MCP)) {
                List<ToolSpec> read = ToolSpecs.fromJson(tk.schemaJson(d));
                assertThat(read).hasSameSizeAs(tk.tools());
                for (int i = 0; i < read.size(); i++) {
                    ToolSpec original = tk.tools().get(i);
                    assertThat(read.get(i).name()).isEqualTo(original.name());
                    assertThat(read.get(i).description()).isEqualTo(original.description());
                    assertThat(read.get(i).parameters()).isEqualTo(original.parameters());
                    assertThat(read.get(i).parameterOrder()).isEqualTo(original.parameterOrder());
                }
            }
        }
    }

    private static Method renderer(String className, Class<?> kind) {
        try {
            return Class.forName("dev.calltype.runtime." + className).getMethod("render", List.class, kind);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    @Test
    void runtimeSchemaRenderingIsByteIdentical() throws Exception {
        Method render = renderer("SchemaDialects", SchemaDialect.class);
        assumeTrue(render != null, "the runtime's SchemaDialects is not on this branch yet");
        for (Toolkit tk : toolkits) {
            for (SchemaDialect d : SchemaDialect.values()) {
                assertThat(render.invoke(null, tk.tools(), d)).as(d.name()).isEqualTo(tk.schemaJson(d));
            }
        }
    }

    @Test
    void runtimeInstructionRenderingIsByteIdentical() throws Exception {
        Method render = renderer("FormatInstructions", CallFormat.class);
        assumeTrue(render != null, "the runtime's FormatInstructions is not on this branch yet");
        for (Toolkit tk : toolkits) {
            for (CallFormat f : CallFormat.values()) {
                assertThat(render.invoke(null, tk.tools(), f)).as(f.name()).isEqualTo(tk.formatInstructions(f));
            }
        }
    }
}
