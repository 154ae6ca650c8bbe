package dev.calltype.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
