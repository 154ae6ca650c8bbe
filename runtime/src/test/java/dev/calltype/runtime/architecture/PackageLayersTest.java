package dev.calltype.runtime.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages depend one way, as {@code jdeps} reads the compiled runtime: characters, then the readers
 * (JSON, pythonic), then arguments, then the scanner, then markup, then the families, then dispatch, then the
 * support of generated code. A dependency on a package of the same or a higher layer, and so every cycle, fails;
 * so does an engine package with no layer here. The API packages may use any of them, and they the API's types.
 * Below the packages, no class of the runtime takes part in a cycle of classes ({@code jdeps -verbose:class}), the
 * API's classes included: an API type that builds engine classes that use it again is one knot, whatever package
 * each sits in.
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

    private static final Pattern CLASS_EDGE = Pattern.compile(
            "^\\s+(" + Pattern.quote(RUNTIME) + "\\.[\\w.$]+)\\s+->\\s+(" + Pattern.quote(RUNTIME) + "\\.[\\w.$]+)\\s");

    @Test
    void enginePackagesDependOnlyDownward() {
        Map<String, Set<String>> edges = packageEdges();
        assertThat(edges).as("packages jdeps read").containsKeys("internal.json", "internal.scan", "support");
        assertThat(edges.get("internal.json")).as("what internal.json uses").contains("internal.chars");
        assertThat(violations(edges)).isEmpty();
    }

    /**
     * No class takes part in a cycle, whatever package each sits in. When one appears, cut it as the earlier ones
     * were: what a lower class needs is handed to it as data (a recognizer sees the extractor's settings,
     * {@code internal.scan.Config}, not the {@code ScanTable} of recognizers), or it names an interface of its own
     * that the higher class implements ({@code BoundTool.Binder}, which {@code Toolkit} extends).
     */
    @Test
    void noClassOfTheRuntimeIsPartOfACycle() {
        Map<String, Set<String>> edges = classEdges();
        assertThat(edges).as("classes jdeps read").containsKeys("ToolCallExtractor", "internal.formats.Hermes",
                "internal.dispatch.Dispatching");
        assertThat(edges.get("ToolCallExtractor")).as("what ToolCallExtractor uses")
                .contains("internal.formats.Recognizers", "internal.formats.FamilyTable");
        assertThat(edges.get("internal.chars.Chars")).as("what Chars uses, within its package")
                .contains("internal.chars.IndexedText");
        assertThat(edges.get("Toolkit")).as("what Toolkit uses").contains("BoundTool");
        assertThat(classCycles(edges)).as("class cycles").isEmpty();
    }

    @Test
    void everyClassCycleIsFoundWholeAndNestedClassesFoldIntoTheirOwn() {
        Map<String, Set<String>> edges = new TreeMap<>();
        edges.put("A", Set.of("B"));
        edges.put("B", Set.of("C", "D"));
        edges.put("C", Set.of("A"));
        edges.put("D", Set.of("E"));
        edges.put("E", Set.of("D", "F"));
        edges.put("F", Set.of("F"));
        assertThat(classCycles(edges)).containsExactly("cycle of 2 classes: D, E", "cycle of 3 classes: A, B, C");
        assertThat(classCycles(Map.of("A", Set.of("B"), "B", Set.of("C")))).isEmpty();
        assertThat(topLevel("a.Outer$Inner$1")).isEqualTo("a.Outer");
        // a chain far longer than a thread's stack would allow a recursive walk: the walk does not recurse
        Map<String, Set<String>> chain = new HashMap<>();
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            chain.put("c" + i, Set.of("c" + ((i + 1) % n)));
        }
        assertThat(classCycles(chain)).singleElement().asString().startsWith("cycle of " + n + " classes: ");
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
     * The classes that take part in a cycle, one line per strongly connected group of more than one class, its
     * classes sorted. Tarjan's algorithm, walked with an explicit stack of frames rather than by recursion, so a long
     * chain of classes cannot overflow the test's stack.
     */
    static List<String> classCycles(Map<String, Set<String>> edges) {
        Set<String> nodes = new TreeSet<>(edges.keySet());
        edges.values().forEach(nodes::addAll);
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (String root : nodes) {
            if (index.containsKey(root)) {
                continue;
            }
            Deque<Frame> walk = new ArrayDeque<>();
            walk.push(visit(root, edges, index, low, stack, onStack));
            while (!walk.isEmpty()) {
                Frame frame = walk.peek();
                if (frame.next.hasNext()) {
                    String w = frame.next.next();
                    if (!index.containsKey(w)) {
                        walk.push(visit(w, edges, index, low, stack, onStack));
                    } else if (onStack.contains(w)) {
                        low.put(frame.node, Math.min(low.get(frame.node), index.get(w)));
                    }
                    continue;
                }
                walk.pop();
                String v = frame.node;
                if (!walk.isEmpty()) {
                    String parent = walk.peek().node;
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> group = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        group.add(w);
                    } while (!w.equals(v));
                    if (group.size() > 1) {
                        out.add("cycle of " + group.size() + " classes: " + String.join(", ", group));
                    }
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** A node of the walk and the successors not yet looked at. */
    private record Frame(String node, Iterator<String> next) {
    }

    private static Frame visit(String v, Map<String, Set<String>> edges, Map<String, Integer> index,
                               Map<String, Integer> low, Deque<String> stack, Set<String> onStack) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        return new Frame(v, new TreeSet<>(edges.getOrDefault(v, Set.of())).iterator());
    }

    /**
     * The runtime's class dependencies as {@code jdeps -verbose:class} reads its compiled classes: each top-level
     * class with the top-level classes it uses, by name relative to {@code dev.calltype.runtime}.
     *
     * <p>A nested, inner or anonymous class is folded into its top-level class: it is part of that class's source
     * file, and javac links the two both ways (an inner class reaches its outer instance and private members, the
     * outer class constructs the nested one), so each would be a cycle of its own that no one can or should cut. A
     * cycle worth knowing about runs between source files.
     */
    private static Map<String, Set<String>> classEdges() {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : jdeps("-verbose:class", "-filter:none")) {
            Matcher m = CLASS_EDGE.matcher(line);
            if (m.find()) {
                String from = topLevel(m.group(1).substring(RUNTIME.length() + 1));
                String to = topLevel(m.group(2).substring(RUNTIME.length() + 1));
                if (!from.equals(to)) {
                    edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                }
            }
        }
        return edges;
    }

    static String topLevel(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    /**
     * The lines {@code jdeps} prints with these options ({@code -verbose:package}, {@code -verbose:class}; with
     * {@code -filter:none} also the dependencies within a package, which it leaves out by default).
     */
    private static String[] jdeps(String... options) {
        Path classes = Path.of("target", "classes");
        assertThat(classes.resolve("module-info.class")).exists();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(List.of("--multi-release", "17", "--module-path", modulePath()));
        args.addAll(List.of(options));
        args.add(classes.toString());
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
        assertThat(exit).as("jdeps exit; stderr: " + err + "; stdout: " + out).isZero();
        return out.toString().split("\\R");
    }

    /**
     * The runtime's package dependencies as {@code jdeps -verbose:package} reads its compiled classes: each package
     * (relative to {@code dev.calltype.runtime}, {@code ""} for the API package) with the packages it uses.
     */
    private static Map<String, Set<String>> packageEdges() {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : jdeps("-verbose:package")) {
            Matcher m = EDGE.matcher(line);
            if (m.find()) {
                String from = relative(m.group(1));
                String to = relative(m.group(2));
                if (!from.equals(to)) {
                    edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                }
            }
        }
        return edges;
    }

    private static String relative(String suffix) {
        return suffix == null ? "" : suffix.substring(1);
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
