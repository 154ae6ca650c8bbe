package dev.calltype.runtime.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No cycle of classes leaves its package, as {@code jdeps -verbose:class -filter:none} reads the compiled runtime.
 * {@link PackageLayersTest} orders the engine's packages but lets the API package use the engine and be used by it,
 * so a cycle through the API ({@code WireFormat} building the families that use the scanner that uses
 * {@code WireFormat}; {@code Toolkit} and the dispatch engine naming each other) is seen only here, class by class.
 *
 * <p>The graph is the strongly connected components of the runtime's classes (edges to classes outside the runtime
 * are left out). A nested class is folded into its top-level class: it is part of that class's source and refers to
 * it through the outer instance, private access and the {@code InnerClasses} attribute, so unfolded nearly every
 * nested class would be a cycle of two with its own outer class, which says nothing. A component whose classes are
 * all in one package is allowed: a package is written and reviewed as one unit (an immutable text and the searches
 * over it, a factory and the toolkits it makes); a component that spans packages fails, with a path around it.
 * jdeps' default ({@code -filter:package}) drops the edges inside a package, which would hide a cycle that passes
 * through two classes of one package on its way round ({@code Toolkit} to the dispatch engine to its approval rule
 * and back), so every edge is read.
 */
class ClassCyclesTest {

    private static final String RUNTIME = "dev.calltype.runtime";

    private static final Pattern EDGE = Pattern.compile(
            "^\\s+(" + Pattern.quote(RUNTIME) + "[\\w.$]*)\\s+->\\s+(" + Pattern.quote(RUNTIME) + "[\\w.$]*)\\s");

    @Test
    void noCycleOfClassesLeavesItsPackage() {
        Map<String, Set<String>> edges = classEdges();
        assertThat(edges).as("classes jdeps read").containsKeys("Toolkit", "internal.dispatch.Dispatching",
                "internal.formats.FamilyTable");
        assertThat(edges.get("internal.formats.FamilyTable")).as("what the family table uses")
                .contains("WireFormat", "internal.formats.Hermes");
        assertThat(edges.get("Toolkit")).as("what Toolkit uses").contains("internal.dispatch.Dispatching");
        assertThat(crossings(edges)).isEmpty();
        assertThat(edges.getOrDefault("WireFormat", Set.of())).as("what WireFormat uses").isEmpty();
    }

    @Test
    void aCycleAcrossPackagesIsFoundAndOneInsideAPackageIsNot() {
        Map<String, Set<String>> edges = new TreeMap<>();
        edges.put("WireFormat", Set.of("internal.formats.Hermes"));
        edges.put("internal.formats.Hermes", Set.of("internal.markup.JsonBlock", "internal.formats.Family"));
        edges.put("internal.markup.JsonBlock", Set.of("internal.scan.Finding"));
        edges.put("internal.scan.Finding", Set.of("WireFormat", "internal.scan.Config"));
        edges.put("internal.scan.Config", Set.of("internal.scan.Finding"));
        edges.put("internal.chars.Chars", Set.of("internal.chars.IndexedText"));
        edges.put("internal.chars.IndexedText", Set.of("internal.chars.Chars"));

        assertThat(crossings(edges)).containsExactly("cycle across packages: WireFormat -> internal.formats.Hermes"
                + " -> internal.markup.JsonBlock -> internal.scan.Finding -> WireFormat"
                + " (5 classes: WireFormat, internal.formats.Hermes, internal.markup.JsonBlock, internal.scan.Config,"
                + " internal.scan.Finding)");
        edges.put("internal.scan.Finding", Set.of("internal.scan.Config"));
        assertThat(crossings(edges)).isEmpty();
        assertThat(topLevel(RUNTIME + ".ToolCallExtractor$Builder")).isEqualTo("ToolCallExtractor");
    }

    /**
     * Every strongly connected component that spans packages, with a shortest way round it through its first edge
     * that leaves a package.
     */
    static List<String> crossings(Map<String, Set<String>> edges) {
        List<String> out = new ArrayList<>();
        for (Set<String> component : components(edges)) {
            for (String from : component) {
                String to = new TreeSet<>(edges.getOrDefault(from, Set.of())).stream()
                        .filter(c -> component.contains(c) && !packageOf(c).equals(packageOf(from)))
                        .findFirst().orElse(null);
                if (to != null) {
                    List<String> path = new ArrayList<>(List.of(from));
                    path.addAll(shortestPath(to, from, edges, component));
                    out.add("cycle across packages: " + String.join(" -> ", path)
                            + " (" + component.size() + " classes: " + String.join(", ", component) + ")");
                    break;
                }
            }
        }
        return out;
    }

    private static String packageOf(String relativeClass) {
        int dot = relativeClass.lastIndexOf('.');
        return dot < 0 ? "" : relativeClass.substring(0, dot);
    }

    /** Tarjan's strongly connected components of more than one class, each sorted, in order of their first class. */
    private static List<Set<String>> components(Map<String, Set<String>> edges) {
        Set<String> nodes = new TreeSet<>(edges.keySet());
        edges.values().forEach(nodes::addAll);
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        for (String start : nodes) {
            if (!index.containsKey(start)) {
                strongConnect(start, edges, index, low, stack, onStack, out);
            }
        }
        out.sort((a, b) -> a.iterator().next().compareTo(b.iterator().next()));
        return out;
    }

    private static void strongConnect(String v, Map<String, Set<String>> edges, Map<String, Integer> index,
                                      Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                      List<Set<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : new TreeSet<>(edges.getOrDefault(v, Set.of()))) {
            if (!index.containsKey(w)) {
                strongConnect(w, edges, index, low, stack, onStack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(component);
            }
        }
    }

    /** A shortest path from {@code from} to {@code to} inside their component (breadth first), both included. */
    private static List<String> shortestPath(String from, String to, Map<String, Set<String>> edges,
                                             Set<String> component) {
        Map<String, String> previous = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(from));
        previous.put(from, from);
        while (!queue.isEmpty()) {
            String at = queue.poll();
            if (at.equals(to)) {
                List<String> path = new ArrayList<>();
                for (String p = to; !p.equals(from); p = previous.get(p)) {
                    path.add(0, p);
                }
                path.add(0, from);
                return path;
            }
            for (String next : new TreeSet<>(edges.getOrDefault(at, Set.of()))) {
                if (component.contains(next) && !previous.containsKey(next)) {
                    previous.put(next, at);
                    queue.add(next);
                }
            }
        }
        throw new AssertionError("no path from " + from + " to " + to + " in their strongly connected component");
    }

    /**
     * The runtime's class dependencies, every edge (inside a package too), each class relative to
     * {@code dev.calltype.runtime} and folded into its top-level class, with the runtime's classes it uses.
     */
    private static Map<String, Set<String>> classEdges() {
        return Jdeps.edges(EDGE, ClassCyclesTest::topLevel, "-verbose:class", "-filter:none");
    }

    /** A class name relative to the runtime's package, its nested classes folded into the top-level one. */
    static String topLevel(String className) {
        String relative = className.substring(RUNTIME.length());
        relative = relative.startsWith(".") ? relative.substring(1) : relative;
        int dollar = relative.indexOf('$');
        return dollar < 0 ? relative : relative.substring(0, dollar);
    }
}
