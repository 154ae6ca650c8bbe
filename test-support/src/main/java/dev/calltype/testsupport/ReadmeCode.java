package dev.calltype.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;

/**
 * Keeps a README example and the test that runs it the same text: the test's source holds the example between
 * two marker comments, and {@link #block} and {@link #marked} read both sides, so that a test can assert they are
 * equal (ignoring indentation).
 */
public final class ReadmeCode {

    private ReadmeCode() {
    }

    /**
     * The first {@code ```java} block under the README heading {@code heading} (the whole heading line, e.g.
     * {@code "### With LangChain4j"}), its lines stripped of leading and trailing blanks.
     *
     * @throws IllegalStateException when the heading or its block is missing
     */
    public static List<String> block(Path readme, String heading) {
        List<String> lines = read(readme);
        int at = lines.indexOf(heading);
        if (at < 0) {
            throw new IllegalStateException(readme + " has no heading \"" + heading + "\"");
        }
        for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            if (lines.get(i).equals("```java")) {
                List<String> code = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && !lines.get(j).equals("```"); j++) {
                    code.add(lines.get(j).strip());
                }
                return code;
            }
        }
        throw new IllegalStateException("no ```java block under \"" + heading + "\" in " + readme);
    }

    /**
     * The lines of {@code source} strictly between the line {@code // README: <name>} and the next
     * {@code // README end}, stripped as {@link #block} strips them.
     *
     * @throws IllegalStateException when the markers are missing
     */
    public static List<String> marked(Path source, String name) {
        List<String> lines = read(source);
        int from = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.equals("// README: " + name)) {
                from = i + 1;
            } else if (from >= 0 && line.equals("// README end")) {
                return lines.subList(from, i).stream().map(String::strip).toList();
            }
        }
        throw new IllegalStateException(source + " has no \"// README: " + name + "\" ... \"// README end\" block");
    }

    /**
     * Asserts that the README shows, under {@code heading}, the code a test runs between the markers
     * {@code // README: <name>} and {@code // README end} in {@code source} (as {@link #block} and {@link #marked}
     * read them), so an example cannot drift from the code that proves it works.
     *
     * @param readme the README, e.g. {@code Path.of("../README.md")} from a module's directory
     * @param heading the whole heading line the example stands under
     * @param source the test source that runs the example
     * @param name the name after {@code // README:} in {@code source}
     */
    public static void assertReadmeShows(Path readme, String heading, Path source, String name) {
        Assertions.assertEquals(marked(source, name), block(readme, heading),
                () -> "the README's example under \"" + heading + "\" differs from the code " + source
                        + " runs; change both together");
    }

    /**
     * Every {@code ```java} block of a Markdown file, each as its lines, with the line of the Markdown file it
     * starts on (1-based) and the nearest non-blank line above its opening fence.
     */
    public static List<Block> javaBlocks(Path markdown) {
        List<String> lines = read(markdown);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).equals("```java")) {
                continue;
            }
            String above = "";
            for (int k = i - 1; k >= 0; k--) {
                if (!lines.get(k).isBlank()) {
                    above = lines.get(k).strip();
                    break;
                }
            }
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).equals("```")) {
                j++;
            }
            blocks.add(new Block(markdown, i + 2, above, lines.subList(i + 1, j)));
            i = j;
        }
        return blocks;
    }

    /** A {@code ```java} block of a Markdown file. */
    public record Block(Path file, int line, String above, List<String> lines) {

        /** Where the block is, as {@code file:line}. */
        public String where() {
            return file + ":" + line;
        }
    }

    /**
     * The code of {@code lines} as a test compares it: each line stripped, blank lines and lines that are only a
     * {@code //} comment dropped, and a comment that ends a line of code (after white space, outside string
     * literals and text blocks) cut off. Comments in examples show what a call returns; the test that runs the
     * example asserts that separately, so only the code has to be the same text.
     */
    public static List<String> code(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean inTextBlock = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (inTextBlock) {
                out.add(line);
                inTextBlock = countTextBlockQuotes(line) % 2 == 0;
                continue;
            }
            if (line.isEmpty() || line.startsWith("//")) {
                continue;
            }
            String code = withoutTrailingComment(line);
            out.add(code);
            inTextBlock = countTextBlockQuotes(code) % 2 == 1;
        }
        return out;
    }

    /**
     * The Java sources of the tests under {@code root}: every {@code .java} file below a {@code src/test} folder
     * of a module directly under {@code root}.
     */
    public static List<Path> testSources(Path root) {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.sorted().toList()) {
                // src/shared-test: tests a module shares with another line's module (spring-ai and spring-ai2)
                for (String dir : List.of("test", "shared-test")) {
                    Path tests = module.resolve("src").resolve(dir);
                    if (!Files.isDirectory(tests)) {
                        continue;
                    }
                    try (Stream<Path> files = Files.walk(tests)) {
                        files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Whether {@code code} stands, line after line, somewhere in {@code source} (both as {@link #code} gives them). */
    public static boolean contains(List<String> source, List<String> code) {
        if (code.isEmpty()) {
            return true;
        }
        for (int i = 0; i + code.size() <= source.size(); i++) {
            if (source.subList(i, i + code.size()).equals(code)) {
                return true;
            }
        }
        return false;
    }

    /** The code of a file, as {@link #code} gives it. */
    public static List<String> codeOf(Path file) {
        return code(read(file));
    }

    private static int countTextBlockQuotes(String line) {
        int n = 0;
        for (int at = line.indexOf("\"\"\""); at >= 0; at = line.indexOf("\"\"\"", at + 3)) {
            n++;
        }
        return n;
    }

    /** {@code line} without a {@code //} comment that follows white space outside a string or char literal. */
    private static String withoutTrailingComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '/' && i > 0 && i + 1 < line.length() && line.charAt(i + 1) == '/'
                    && Character.isWhitespace(line.charAt(i - 1))) {
                return line.substring(0, i).strip();
            }
        }
        return line;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
