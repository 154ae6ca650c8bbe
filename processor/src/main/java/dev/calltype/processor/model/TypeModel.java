package dev.calltype.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/** What the processor knows about a Java type that crosses the JSON boundary. */
public sealed interface TypeModel {

    /** The Java type, without type annotations. */
    TypeName javaType();

    /** A scalar: string, number, boolean, or a string with a format. */
    record Scalar(ScalarKind kind, TypeName javaType) implements TypeModel {
        public boolean isPrimitive() {
            return javaType.isPrimitive();
        }
    }

    /** An enum; the JSON values are the constant names, in declaration order. */
    record EnumType(TypeName javaType, List<String> constants) implements TypeModel {
        public EnumType {
            constants = List.copyOf(constants);
        }
    }

    /** A {@code List}, {@code Set}, {@code Collection} or array. */
    record Sequence(SequenceKind kind, TypeModel element, TypeName javaType) implements TypeModel {
    }

    /** The collection kinds. */
    enum SequenceKind { LIST, SET, COLLECTION, ARRAY }

    /** A {@code Map<String, V>}. */
    record MapType(TypeModel value, TypeName javaType) implements TypeModel {
    }

    /** An {@code Optional<T>} (only directly on a parameter or record component). */
    record OptionalType(TypeModel value, TypeName javaType) implements TypeModel {
    }

    /** A record, described once in {@link ToolkitModel#records()} under {@code key}. */
    record RecordRef(String key, TypeName javaType) implements TypeModel {
    }

    /** A sealed interface of records, described once in {@link ToolkitModel#sealedTypes()}. */
    record SealedRef(String key, TypeName javaType) implements TypeModel {
    }
}
