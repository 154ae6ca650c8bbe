package dev.calltype.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java example in the README and in {@code docs/} is code a test runs: its code (as {@link ReadmeCode#code}
 * compares it) stands, line after line, in a test source of some module. An example that a test checks another
 * way says which test on the line above its fence, as {@code <!-- checked by TestName -->}, and that test must
 * read the file the example is in.
 */
class DocsExamplesTest {

    private static final Path ROOT = Path.of("..");

    @Test
    void everyJavaExampleInTheReadmeAndDocsIsRunByATest() throws IOException {
        Map<Path, List<String>> sources = new LinkedHashMap<>();
        for (Path source : ReadmeCode.testSources(ROOT)) {
            sources.put(source, ReadmeCode.codeOf(source));
        }
        List<ReadmeCode.Block> blocks = new ArrayList<>();
        for (Path doc : docs()) {
            blocks.addAll(ReadmeCode.javaBlocks(doc));
        }
        assertTrue(blocks.size() >= 10, "found only " + blocks.size() + " Java examples: is the docs folder there?");

        List<String> unchecked = new ArrayList<>();
        for (ReadmeCode.Block block : blocks) {
            if (block.above().startsWith("<!-- checked by ")) {
                String test = block.above().substring("<!-- checked by ".length(), block.above().indexOf(" -->"));
                if (!readBy(test, block.file(), sources.keySet())) {
                    unchecked.add(block.where() + ": says it is checked by " + test
                            + ", but no test of that name reads " + block.file().getFileName());
                }
                continue;
            }
            List<String> code = ReadmeCode.code(block.lines());
            if (sources.values().stream().noneMatch(source -> ReadmeCode.contains(source, code))) {
                unchecked.add(block.where() + ": no test runs this code (first line: "
                        + (code.isEmpty() ? "" : code.get(0)) + ")");
            }
        }
        assertEquals(List.of(), unchecked, "Java examples in the docs that no test runs as written; put the code"
                + " in a test (between // README: <name> and // README end) or change the example to match it");
    }

    @Test
    void comparingIgnoresCommentsAndBlankLinesButNotCode() {
        List<String> example = ReadmeCode.code(List.of(
                "int n = count(\"a // b\");   // 3",
                "",
                "// what it prints:",
                "String s = \"\"\"",
                "    keep // this",
                "    \"\"\";"));
        assertEquals(List.of("int n = count(\"a // b\");", "String s = \"\"\"", "keep // this", "\"\"\";"), example);
        List<String> test = ReadmeCode.code(List.of("void t() {", "    int n = count(\"a // b\");",
                "    String s = \"\"\"", "        keep // this", "        \"\"\";", "}"));
        assertTrue(ReadmeCode.contains(test, example));
        assertFalse(ReadmeCode.contains(test, ReadmeCode.code(List.of("int n = count(\"a // c\");"))));
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        try (Stream<Path> modules = Files.list(ROOT)) {
            modules.map(m -> m.resolve("README.md")).filter(Files::isRegularFile).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** Whether a test source named {@code test}.java names the file {@code doc}. */
    private static boolean readBy(String test, Path doc, Iterable<Path> sources) throws IOException {
        for (Path source : sources) {
            if (source.getFileName().toString().equals(test + ".java")
                    && Files.readString(source).contains(doc.getFileName().toString())) {
                return true;
            }
        }
        return false;
    }
}
