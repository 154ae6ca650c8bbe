package dev.calltype.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a fresh JVM loads to construct a generated toolkit and read its schemas and instructions: its
 * string constants, and nothing of Jackson's data binding nor of what only dispatching needs (the
 * generated {@code Lazy} holder, parsed schemas, the extractor). Runs the generated code in a child
 * JVM that logs every class it loads.
 */
class ColdStartTest {

    private static final String MARKER = "SCHEMAS AND INSTRUCTIONS READ";

    @Test
    void schemasAndInstructionsNeedNoObjectMapperAndNothingLazy(@TempDir Path classes) throws Exception {
        List<JavaFileObject> sources = new ArrayList<>(List.of(Sources.inventory()));
        sources.add(JavaFileObjects.forSourceString("com.example.inventory.ColdMain", """
                package com.example.inventory;

                import dev.calltype.runtime.PromptFormat;
                import dev.calltype.runtime.SchemaDialect;
                import dev.calltype.runtime.ToolCall;

                public class ColdMain {
                    public static void main(String[] args) {
                        InventoryTools tools = new InventoryTools(new Inventory());
                        int chars = tools.schemaJson(SchemaDialect.OPENAI).length()
                                + tools.formatInstructions(PromptFormat.XML_TAGS).length();
                        System.out.println(chars > 0 ? "%s" : "empty");
                        System.out.flush();
                        System.out.println(tools.dispatch(ToolCall.of("get_stock")).content());
                        System.out.flush();
                    }
                }
                """.formatted(MARKER)));
        Compilation compilation = Compiled.compile(sources.toArray(new JavaFileObject[0]));
        assertWithMessage("compilation failed: %s", compilation.diagnostics()).that(compilation.status())
                .isEqualTo(Compilation.Status.SUCCESS);
        for (JavaFileObject f : compilation.generatedFiles()) {
            if (f.getKind() == JavaFileObject.Kind.CLASS) {
                String path = f.toUri().getPath();
                Path out = classes.resolve(path.substring(path.indexOf("/com/example/") + 1));
                Files.createDirectories(out.getParent());
                try (InputStream in = f.openInputStream()) {
                    Files.write(out, in.readAllBytes());
                }
            }
        }

        List<String> lines = run(classes, "com.example.inventory.ColdMain");
        int marker = lines.indexOf(MARKER);
        assertThat(marker).as("the child JVM's output: %s", lines).isPositive();
        List<String> before = lines.subList(0, marker);
        List<String> after = lines.subList(marker + 1, lines.size());
        assertThat(before).as("classes loaded before the schemas and instructions were read")
                .anyMatch(l -> l.contains("com.example.inventory.InventoryTools "))
                .noneMatch(l -> l.contains("com.fasterxml.jackson.databind.ObjectMapper "))
                .noneMatch(l -> l.contains("InventoryTools$Lazy "))
                .noneMatch(l -> l.contains("dev.calltype.runtime.ToolCallExtractor "))
                .noneMatch(l -> l.contains("dev.calltype.runtime.support.ToolkitSupport "));
        assertThat(after).as("what dispatching loads")
                .anyMatch(l -> l.contains("InventoryTools$Lazy "))
                .anyMatch(l -> l.contains("com.fasterxml.jackson.databind.ObjectMapper "))
                .anyMatch(l -> l.contains("parameter 'sku' is required"));
    }

    private static List<String> run(Path classes, String main) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = classes + System.getProperty("path.separator") + System.getProperty("java.class.path");
        Process p = new ProcessBuilder(java, "-Xshare:auto", "-Xlog:class+load=info:stdout", "-cp", classPath, main)
                .redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> lines = new String(output, StandardCharsets.UTF_8).lines().toList();
        assertThat(p.exitValue()).as("the child JVM's output: %s", lines).isZero();
        return lines;
    }
}
