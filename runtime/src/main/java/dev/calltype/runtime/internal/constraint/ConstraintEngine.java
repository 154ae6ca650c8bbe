package dev.calltype.runtime.internal.constraint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import java.util.List;

/** The door from the public {@code Constraints} to the writers here. */
public final class ConstraintEngine {

    private ConstraintEngine() {
    }

    /** The structural tag of {@code format}'s calls of {@code tools}. */
    public static ObjectNode structuralTag(WireFormat format, List<ToolSpec> tools, boolean required) {
        return StructuralTags.of(CallShapes.of(format, tools), required);
    }

    /** The GBNF of {@code format}'s calls of {@code tools}, lazy or required. */
    public static String gbnf(WireFormat format, List<ToolSpec> tools, boolean required) {
        return CallGrammar.of(CallShapes.of(format, tools), required);
    }

    /** The tools whose calls {@code format}'s markup can carry ({@link CallShapes#writable}). */
    public static List<ToolSpec> writable(WireFormat format, List<ToolSpec> tools) {
        return CallShapes.writable(format, tools);
    }

    /** The texts that open a call of {@code format} (llama-server's trigger words). */
    public static List<String> triggers(WireFormat format, List<ToolSpec> tools) {
        return CallShapes.of(format, tools).triggers();
    }
}
