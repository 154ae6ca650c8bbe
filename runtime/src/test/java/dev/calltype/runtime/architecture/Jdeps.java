package dev.calltype.runtime.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

/** The JDK's {@code jdeps}, run over the compiled runtime ({@code target/classes}) by the architecture tests. */
final class Jdeps {

    private Jdeps() {
    }

    /**
     * What {@code jdeps} prints for the runtime's classes with these options ({@code -verbose:package},
     * {@code -verbose:class}, a {@code -filter}).
     */
    static String run(String... options) {
        Path classes = Path.of("target", "classes");
        assertThat(classes.resolve("module-info.class")).exists();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        List<String> args = new ArrayList<>(List.of("--multi-release", "17", "--module-path", modulePath()));
        args.addAll(List.of(options));
        args.add(classes.toString());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err), args.toArray(new String[0]));
        assertThat(exit).as("jdeps exit; stderr: " + err + "; stdout: " + out).isZero();
        return out.toString();
    }

    /**
     * The edges jdeps prints with these options: every line {@code edge} matches, from its first group to its
     * second, each named by {@code name}; an edge from a name to itself is left out.
     */
    static Map<String, Set<String>> edges(Pattern edge, UnaryOperator<String> name, String... options) {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : run(options).split("\\R")) {
            Matcher m = edge.matcher(line);
            if (m.find()) {
                String from = name.apply(m.group(1));
                String to = name.apply(m.group(2));
                if (!from.equals(to)) {
                    edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                }
            }
        }
        return edges;
    }

    /** The modules the runtime requires (Jackson, render), from the test's own class and module paths. */
    private static String modulePath() {
        List<String> entries = new ArrayList<>();
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property);
            if (value == null) {
                continue;
            }
            for (String entry : value.split(Pattern.quote(File.pathSeparator))) {
                String name = Path.of(entry).getFileName() == null ? "" : Path.of(entry).getFileName().toString();
                boolean render = entry.replace('\\', '/').contains("/render/target/")
                        || name.startsWith("calltype-render");
                if ((name.startsWith("jackson-") || render) && Files.exists(Path.of(entry))
                        && !entries.contains(entry)) {
                    entries.add(entry);
                }
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
