package dev.calltype.runtime.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages depend one way, as {@code jdeps} reads the compiled runtime: characters, then the readers
 * (JSON, pythonic), then arguments, then the scanner, then markup, then the families, then dispatch, then the
 * support of generated code. A dependency on a package of the same or a higher layer, and so every cycle, fails;
 * so does an engine package with no layer here. The API packages may use any of them, and they the API's types.
 */
class PackageLayersTest {

    private static final String RUNTIME = "dev.calltype.runtime";

    /** The layers, lowest first: a package may depend only on packages listed before it. */
    static final List<String> LAYERS = List.of(
            "internal.chars",     // characters: blanks, searching text, quotes and brackets
            "internal.json",      // lenient JSON reader
            "internal.pythonic",  // pythonic call reader
            "internal.args",      // arguments against schemas, coercion, tool names
            "internal.scan",      // the one scanner for batch and streaming, findings, messages
            "internal.markup",    // shapes of markup shared by families
            "internal.formats",   // one file per model family, the generic recognizers, the table
            "internal.constraint", // grammars and schemas of calls, for constrained decoding
            "internal.dispatch",  // what every toolkit's dispatch shares
            "internal.answer",    // typed answers: finding the answer's JSON, its members as they stream
            "support");           // what generated toolkits call

    private static final Pattern EDGE = Pattern.compile(
            "^\\s+" + Pattern.quote(RUNTIME) + "(\\.[\\w.]+)?\\s+->\\s+" + Pattern.quote(RUNTIME) + "(\\.[\\w.]+)?\\s");

    @Test
    void enginePackagesDependOnlyDownward() {
        Map<String, Set<String>> edges = packageEdges();
        assertThat(edges).as("packages jdeps read").containsKeys("internal.json", "internal.scan", "support");
        assertThat(edges.get("internal.json")).as("what internal.json uses").contains("internal.chars");
        assertThat(violations(edges)).isEmpty();
    }

    @Test
    void anUpwardEdgeACycleAndAnUnlayeredPackageAreFound() {
        Map<String, Set<String>> edges = new TreeMap<>();
        edges.put("internal.json", Set.of("internal.chars", ""));
        edges.put("internal.scan", Set.of("internal.formats"));
        edges.put("internal.formats", Set.of("internal.scan"));
        edges.put("internal.extra", Set.of("internal.chars"));
        edges.put("internal.chars", Set.of("agent"));
        assertThat(violations(edges)).containsExactly(
                "internal.chars -> agent: the engine does not use the agent",
                "internal.extra: an engine package without a layer in PackageLayersTest.LAYERS",
                "internal.scan -> internal.formats: upward (layer 4 uses layer 6)",
                "cycle: internal.formats -> internal.scan -> internal.formats");
        assertThat(violations(Map.of("internal.json", Set.of("internal.chars", "")))).isEmpty();
    }

    /**
     * Every dependency that breaks the layers, and every cycle among the engine's packages: uses of the agent, then
     * packages without a layer, then upward dependencies, then cycles.
     */
    static List<String> violations(Map<String, Set<String>> edges) {
        List<String> agent = new ArrayList<>();
        List<String> upward = new ArrayList<>();
        Set<String> engine = new TreeSet<>();
        for (Map.Entry<String, Set<String>> e : new TreeMap<>(edges).entrySet()) {
            String from = e.getKey();
            if (!isEngine(from)) {
                continue;
            }
            engine.add(from);
            for (String to : new TreeSet<>(e.getValue())) {
                if (to.equals("agent") || to.startsWith("agent.")) {
                    agent.add(from + " -> " + to + ": the engine does not use the agent");
                } else if (isEngine(to)) {
                    engine.add(to);
                    int f = LAYERS.indexOf(from);
                    int t = LAYERS.indexOf(to);
                    if (f >= 0 && t >= f) {
                        upward.add(from + " -> " + to + ": upward (layer " + f + " uses layer " + t + ")");
                    }
                }
            }
        }
        List<String> out = new ArrayList<>(agent);
        for (String p : engine) {
            if (!LAYERS.contains(p)) {
                out.add(p + ": an engine package without a layer in PackageLayersTest.LAYERS");
            }
        }
        out.addAll(upward);
        out.addAll(cycles(edges, engine));
        return out;
    }

    private static boolean isEngine(String p) {
        return p.startsWith("internal.") || p.equals("support");
    }

    /** The engine's strongly connected groups of more than one package, each as a path around it. */
    private static List<String> cycles(Map<String, Set<String>> edges, Set<String> engine) {
        List<String> out = new ArrayList<>();
        Set<String> reported = new LinkedHashSet<>();
        for (String start : engine) {
            if (reported.contains(start)) {
                continue;
            }
            List<String> path = cycleThrough(start, start, edges, engine, new ArrayList<>(List.of(start)),
                    new LinkedHashSet<>());
            if (path != null) {
                reported.addAll(path);
                out.add("cycle: " + String.join(" -> ", path));
            }
        }
        return out;
    }

    private static List<String> cycleThrough(String start, String at, Map<String, Set<String>> edges,
                                             Set<String> engine, List<String> path, Set<String> seen) {
        for (String next : new TreeSet<>(edges.getOrDefault(at, Set.of()))) {
            if (!engine.contains(next)) {
                continue;
            }
            if (next.equals(start)) {
                List<String> found = new ArrayList<>(path);
                found.add(start);
                return found;
            }
            if (seen.add(next)) {
                path.add(next);
                List<String> found = cycleThrough(start, next, edges, engine, path, seen);
                if (found != null) {
                    return found;
                }
                path.remove(path.size() - 1);
            }
        }
        return null;
    }

    /**
     * The runtime's package dependencies as {@code jdeps -verbose:package} reads its compiled classes: each package
     * (relative to {@code dev.calltype.runtime}, {@code ""} for the API package) with the packages it uses.
     */
    private static Map<String, Set<String>> packageEdges() {
        return Jdeps.edges(EDGE, PackageLayersTest::relative, "-verbose:package");
    }

    private static String relative(String suffix) {
        return suffix == null ? "" : suffix.substring(1);
    }
}
