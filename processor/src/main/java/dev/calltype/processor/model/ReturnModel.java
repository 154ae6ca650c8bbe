package dev.calltype.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * How a tool's return value goes back to the model.
 *
 * @param kind the way it is written
 * @param javaType the declared return type
 * @param type for {@link Kind#TYPED}, the model of the type, written by generated code
 */
public record ReturnModel(Kind kind, TypeName javaType, TypeModel type) {

    /** The ways a return value is written. */
    public enum Kind {
        /** {@code void}: a short confirmation. */
        VOID,
        /** A {@code String}, as it is. */
        STRING,
        /** A Jackson {@code JsonNode}, as it is. */
        JSON_NODE,
        /** A type the processor can see into, written field by field by generated code. */
        TYPED,
        /** Anything else: Jackson data binding at run time. */
        DATA_BINDING
    }
}
