package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.Toolkit;
import dev.calltype.testsupport.JsonTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The representative toolkit's complete generated source, its schema in every dialect and its
 * instructions in every format, and a representative answer type's generated source, against reviewed files in
 * {@code src/test/resources/goldens}.
 * Run with {@code CALLTYPE_UPDATE_GOLDENS=1} to rewrite them, then review the diff. The schemas are compact JSON;
 * their golden files hold them pretty-printed ({@link JsonTrees#pretty}), so a diff shows the lines that changed,
 * and the comparison is of the pretty-printed text (key order and every value count).
 */
class GoldenTest {

    private static final Path GOLDENS = Path.of("src/test/resources/goldens/inventory");
    private static final Path ANSWERS = Path.of("src/test/resources/goldens/answers");
    private static final boolean UPDATE = "1".equals(System.getenv("CALLTYPE_UPDATE_GOLDENS"));

    private static Compiled compiled;
    private static Toolkit toolkit;

    @BeforeAll
    static void compile() {
        compiled = Compiled.of(Sources.inventory());
        toolkit = compiled.toolkit("com.example.inventory.InventoryTools", "com.example.inventory.Inventory");
    }

    @Test
    void generatedSourceMatchesGolden() throws IOException {
        check("InventoryTools.java.txt", compiled.source("com.example.inventory.InventoryTools"));
    }

    @Test
    void generatedAnswerSourceMatchesGolden() throws IOException {
        // one answer type whole: its texts, its tree reader, its direct shape and its members' stream readers
        check(ANSWERS, "RecipeAnswer.java.txt", AnswerTypesTest.compiled().source("com.example.answers.RecipeAnswer"));
    }

    @Test
    void schemaInEveryDialectMatchesGolden() throws IOException {
        for (SchemaDialect d : SchemaDialect.values()) {
            check("schema-" + d.name().toLowerCase(Locale.ROOT) + ".json", toolkit.schemaJson(d));
        }
    }

    @Test
    void instructionsInEveryFormatMatchGolden() throws IOException {
        for (PromptFormat f : PromptFormat.values()) {
            check("instructions-" + f.name().toLowerCase(Locale.ROOT) + ".txt", toolkit.formatInstructions(f));
        }
    }

    @Test
    void generatedStringLiteralsAreAtMostOneAndAHalfTimesTheJsonSchemaText() {
        String source = compiled.source("com.example.inventory.InventoryTools");
        long literals = literalChars(source);
        int schema = toolkit.schemaJson(SchemaDialect.JSON_SCHEMA).length();
        assertThat(literals).as("characters in the string literals of the generated source, against %d of JSON"
                + " Schema text", schema).isLessThanOrEqualTo(schema * 3L / 2);
    }

    /** The characters the string literals of a Java source stand for (comments and char literals skipped). */
    static long literalChars(String source) {
        long total = 0;
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < source.length() && source.charAt(i + 1) == '/') {
                i = source.indexOf('\n', i);
                i = i < 0 ? source.length() : i;
            } else if (c == '/' && i + 1 < source.length() && source.charAt(i + 1) == '*') {
                i = source.indexOf("*/", i + 2) + 2;
            } else if (c == '\'') {
                i = source.indexOf('\'', i + (source.charAt(i + 1) == '\\' ? 3 : 2)) + 1;
            } else if (c == '"') {
                i++;
                while (source.charAt(i) != '"') {
                    if (source.charAt(i) == '\\') {
                        i += source.charAt(i + 1) == 'u' ? 6 : 2;
                    } else {
                        i++;
                    }
                    total++;
                }
                i++;
            } else {
                i++;
            }
        }
        return total;
    }

    @Test
    void literalCharsCountsWhatLiteralsStandFor() {
        assertThat(literalChars("String a = \"ab\\\"c\"; // \"not\"\n/* \"no\" */ char q = '\"'; String b = \"\\u00e9\";"))
                .isEqualTo(5);
    }

    private static void check(String name, String generated) throws IOException {
        check(GOLDENS, name, generated);
    }

    private static void check(Path folder, String name, String generated) throws IOException {
        Path file = folder.resolve(name);
        String actual = name.endsWith(".json") ? JsonTrees.pretty(generated) : generated;
        if (UPDATE) {
            Files.createDirectories(folder);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file %s (run with CALLTYPE_UPDATE_GOLDENS=1 to create it)", file).exists();
        assertThat(actual).as("generated %s differs from the golden file; if the change is intended, run with"
                + " CALLTYPE_UPDATE_GOLDENS=1 and review the diff", name)
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
