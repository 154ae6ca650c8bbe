package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.args.JsonCoercion;
import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.args.Problem;
import dev.calltype.runtime.internal.args.Problems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.List;

/**
 * The records of a sealed interface as the model sees them: each with its discriminator (the
 * {@code type} value), its Java simple name (also accepted), its required fields and all its
 * fields. Support for generated code, not API: see {@link ToolkitSupport}.
 */
public record Union(List<String> discriminators, List<String> javaNames, List<List<String>> requiredFields,
                    List<List<String>> fields) {
    public Union {
        discriminators = List.copyOf(discriminators);
        javaNames = List.copyOf(javaNames);
        requiredFields = List.copyOf(requiredFields);
        fields = List.copyOf(fields);
    }

    /**
     * The index of the record an object stands for: by its {@code type} member (any case, the
     * Java name accepted too), or without one, the one record whose fields cover the object's
     * members and whose required fields are all present. When several records fit, which one is meant is
     * not guessed: that is a problem naming them. {@code -1} after adding a problem.
     */
    public int select(ObjectNode object, String path, List<String> problems) {
        JsonNode type = object.get("type");
        if (!ArgumentSupport.absent(type)) {
            if (type.isTextual()) {
                String t = type.textValue().trim();
                for (int i = 0; i < discriminators.size(); i++) {
                    if (discriminators.get(i).equalsIgnoreCase(t) || javaNames.get(i).equalsIgnoreCase(t)) {
                        return i;
                    }
                }
                String folded = Names.fold(t);
                for (int i = 0; i < discriminators.size(); i++) {
                    if (Names.fold(discriminators.get(i)).equals(folded)) {
                        return i;
                    }
                }
            }
            JsonCoercion.mismatch(problems, JsonCoercion.child(path, "type"), "one of " + quoted(discriminators), type);
            return -1;
        }
        int covering = -1;
        StringBuilder several = null;
        for (int i = 0; i < fields.size(); i++) {
            if (covers(object, fields.get(i), requiredFields.get(i))) {
                if (covering < 0) {
                    covering = i;
                } else {
                    several = (several == null ? new StringBuilder().append('"')
                            .append(discriminators.get(covering)).append('"') : several)
                            .append(", \"").append(discriminators.get(i)).append('"');
                }
            }
        }
        if (several != null) {
            Problems.report(problems, JsonCoercion.child(path, "type"), Problem.Kind.REQUIRED,
                    "is required to tell which kind of"
                    + " object this is: its members fit each of " + several + "; write one of them");
            return -1;
        }
        if (covering >= 0) {
            return covering;
        }
        Problems.report(problems, JsonCoercion.child(path, "type"), Problem.Kind.REQUIRED,
                "is required to tell which kind of object"
                + " this is: one of " + quoted(discriminators));
        return -1;
    }

    private static boolean covers(ObjectNode object, List<String> fields, List<String> required) {
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            if (!fields.contains(it.next())) {
                return false;
            }
        }
        for (String r : required) {
            if (!r.equals("type") && ArgumentSupport.absent(object.get(r))) {
                return false;
            }
        }
        return true;
    }

    private static String quoted(List<String> values) {
            StringBuilder b = new StringBuilder();
            for (String v : values) {
                b.append(b.length() == 0 ? "" : ", ").append('"').append(v).append('"');
            }
            return b.toString();
        }
}
