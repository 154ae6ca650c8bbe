package dev.calltype.runtime.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parameter that is an object (a record, or a sealed interface of records), and the fields
 * that may be moved into it when a model sends them at the top level; and moving them there.
 * Support for generated code, not API: see {@link ToolkitSupport}.
 */
public record Nesting(String parameter, Union union, List<String> fields) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A record parameter. */
    public static Nesting of(String parameter, List<String> fields) {
        return new Nesting(parameter, null, List.copyOf(fields));
    }

    /** A sealed-interface parameter; its records are tried in order. */
    public static Nesting of(String parameter, Union union) {
        return new Nesting(parameter, union, List.of());
    }

    private boolean accepts(String field) {
        if (union == null) {
            return fields.contains(field);
        }
        for (List<String> f : union.fields()) {
            if (f.contains(field) && !field.equals("type")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Moves members a model sent at the top level into the object parameter they belong to
     * ({@code {"sku":"A1","quantity":2,"note":"x"}} for {@code addStock(Finding item, String note)}),
     * when exactly one object parameter has a field of that name and the parameter does not have it
     * already. Members that fit nowhere, or more than one place, stay where they are. The call's
     * arguments are never modified: a changed copy is returned, or {@code arguments} itself when
     * every member is a parameter (nothing to move, and nothing allocated to find that out).
     *
     * @param parameters the tool's parameter names, each once
     */
    public static ObjectNode nest(ObjectNode arguments, List<String> parameters, List<Nesting> nestings) {
        if (ArgumentSupport.onlyKnown(arguments, parameters)) {
            return arguments;
        }
        Map<Nesting, List<String>> moves = new LinkedHashMap<>();
        for (Iterator<String> it = arguments.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (parameters.contains(name)) {
                continue;
            }
            Nesting target = null;
            int candidates = 0;
            for (Nesting n : nestings) {
                if (n.accepts(name)) {
                    target = n;
                    candidates++;
                }
            }
            if (candidates == 1) {
                moves.computeIfAbsent(target, k -> new ArrayList<>()).add(name);
            }
        }
        if (moves.isEmpty()) {
            return arguments;
        }
        ObjectNode out = arguments.deepCopy();
        for (Map.Entry<Nesting, List<String>> e : moves.entrySet()) {
            Nesting n = e.getKey();
            JsonNode existing = out.get(n.parameter());
            if (existing != null && !existing.isNull() && !existing.isObject()) {
                continue;
            }
            ObjectNode target = existing != null && existing.isObject() ? (ObjectNode) existing : NODES.objectNode();
            List<String> names = new ArrayList<>();
            for (String name : e.getValue()) {
                if (!target.has(name)) {
                    names.add(name);
                }
            }
            if (names.isEmpty()) {
                continue;
            }
            String discriminator = null;
            if (n.union() != null) {
                int chosen = -1;
                Union u = n.union();
                for (int i = 0; i < u.fields().size() && chosen < 0; i++) {
                    if (u.fields().get(i).containsAll(names) && fieldsFit(target, u.fields().get(i))) {
                        chosen = i;
                    }
                }
                if (chosen < 0) {
                    continue;
                }
                if (!target.has("type")) {
                    discriminator = u.discriminators().get(chosen);
                }
            }
            ObjectNode moved = NODES.objectNode();
            if (discriminator != null) {
                moved.put("type", discriminator);
            }
            moved.setAll(target);
            for (String name : names) {
                moved.set(name, out.remove(name));
            }
            out.set(n.parameter(), moved);
        }
        return out;
    }

    /**
     * {@link #nest} then {@link ArgumentSupport#rejectUnknown} at the top level, asking once whether every member is
     * a parameter (mostly all are, and then there is nothing to move and nothing to report).
     *
     * @param parameters the tool's parameter names, each once
     */
    public static ObjectNode nestAndRejectUnknown(ObjectNode arguments, List<String> parameters,
                                                  List<Nesting> nestings, List<String> problems) {
        if (ArgumentSupport.onlyKnown(arguments, parameters)) {
            return arguments;
        }
        ObjectNode nested = nest(arguments, parameters, nestings);
        ArgumentSupport.rejectUnknown(nested, "", parameters, problems);
        return nested;
    }

    private static boolean fieldsFit(ObjectNode target, List<String> fields) {
        for (Iterator<String> it = target.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals("type") && !fields.contains(f)) {
                return false;
            }
        }
        return true;
    }
}
