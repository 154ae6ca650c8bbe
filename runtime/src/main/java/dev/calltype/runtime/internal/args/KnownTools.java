package dev.calltype.runtime.internal.args;

import dev.calltype.runtime.ToolSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools an extractor knows, looked up by name by the one rule every toolkit uses ({@link Names#resolve}):
 * exactly, then in a folded form (case, {@code _ - .} and camelCase ignored: {@code getWeather} finds
 * {@code get_weather}), then the same for the last segment of a dotted name ({@code functions.get_weather}).
 */
public final class KnownTools {

    /** A tool found for a name; {@code normalized} when only the folded form matched. */
    public record Found(ToolSpec spec, boolean normalized) {
    }

    private static final ToolSpec AMBIGUOUS = new ToolSpec("", "", com.fasterxml.jackson.databind.node.JsonNodeFactory
            .instance.objectNode(), List.of());

    private final List<ToolSpec> specs;
    private final Map<String, ToolSpec> exact = new HashMap<>();
    private final Map<String, ToolSpec> folded = new HashMap<>();

    public KnownTools(List<ToolSpec> specs) {
        this.specs = List.copyOf(specs);
        for (ToolSpec s : this.specs) {
            exact.putIfAbsent(s.name(), s);
            String f = Names.fold(s.name());
            ToolSpec prior = folded.putIfAbsent(f, s);
            if (prior != null && prior != s) {
                folded.put(f, AMBIGUOUS);
            }
        }
    }

    public boolean isEmpty() {
        return specs.isEmpty();
    }

    public List<ToolSpec> specs() {
        return specs;
    }

    public List<String> names() {
        List<String> n = new ArrayList<>(specs.size());
        for (ToolSpec s : specs) {
            n.add(s.name());
        }
        return n;
    }

    /**
     * A tool name as calls give it: the known tool's own name when {@code name} finds one (so a name written in
     * another case style reads as the tool's), else {@code name} as written.
     *
     * @param name the name as written, or {@code null}
     * @return the name to give the call, or {@code null} for {@code null}
     */
    public String display(String name) {
        if (name == null) {
            return null;
        }
        Found f = find(name);
        return f == null ? name : f.spec().name();
    }

    /** The tool {@code name} means by the one rule ({@link Names#resolve}), or {@code null}. */
    public Found find(String name) {
        Found f = Names.resolve(name, this::whole);
        // a name found by its last dotted segment was normalized, even when that segment is exact
        return f == null || f.normalized() || f.spec().name().equals(name) ? f : new Found(f.spec(), true);
    }

    /** The tool named exactly {@code name}, else the one its folded form names; {@code null} for none or more. */
    private Found whole(String name) {
        ToolSpec s = exact.get(name);
        if (s != null) {
            return new Found(s, false);
        }
        s = folded.get(Names.fold(name));
        return s != null && s != AMBIGUOUS ? new Found(s, true) : null;
    }

    /** A known tool whose name is close to {@code name}'s, for "did you mean" ({@link Names#closest}); or null. */
    public String suggestion(String name) {
        return Names.closest(name, names());
    }
}
