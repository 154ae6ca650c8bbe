package dev.calltype.processor.generation;

import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.SealedModel;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.TypeModel;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The records and sealed interfaces a toolkit reads (reachable from its tools' parameters) and writes
 * (reachable from their results), by key, in the order first reached: each gets one reader or writer method.
 */
record Usage(Set<String> readRecords, Set<String> readSealed, Set<String> writeRecords, Set<String> writeSealed) {

    static Usage of(ToolkitModel model) {
        Usage usage = new Usage(new LinkedHashSet<>(), new LinkedHashSet<>(), new LinkedHashSet<>(),
                new LinkedHashSet<>());
        for (ToolModel t : model.tools()) {
            for (FieldModel f : t.parameters()) {
                usage.reach(model, f.type(), true);
            }
            if (t.returns().kind() == ReturnModel.Kind.TYPED) {
                usage.reach(model, t.returns().type(), false);
            }
        }
        return usage;
    }

    /** What an answer reads: the records and sealed interfaces reachable from its type. */
    static Usage ofAnswer(ToolkitModel model, TypeModel root) {
        Usage usage = new Usage(new LinkedHashSet<>(), new LinkedHashSet<>(), new LinkedHashSet<>(),
                new LinkedHashSet<>());
        usage.reach(model, root, true);
        return usage;
    }

    private void reach(ToolkitModel model, TypeModel type, boolean reading) {
        if (type instanceof TypeModel.RecordRef r) {
            if ((reading ? readRecords : writeRecords).add(r.key())) {
                for (FieldModel f : model.record(r.key()).fields()) {
                    reach(model, f.type(), reading);
                }
            }
        } else if (type instanceof TypeModel.SealedRef s) {
            if ((reading ? readSealed : writeSealed).add(s.key())) {
                for (SealedModel.Member m : model.sealed(s.key()).members()) {
                    reach(model, new TypeModel.RecordRef(m.recordKey(), null), reading);
                }
            }
        } else if (type instanceof TypeModel.Sequence s) {
            reach(model, s.element(), reading);
        } else if (type instanceof TypeModel.MapType m) {
            reach(model, m.value(), reading);
        } else if (type instanceof TypeModel.OptionalType o) {
            reach(model, o.value(), reading);
        }
    }
}
