package dev.calltype.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * A record that crosses the JSON boundary: an object schema and a constructor call.
 *
 * @param key the identity used by {@link TypeModel.RecordRef}
 * @param javaType the record type (with its type arguments)
 * @param simpleName the record's simple name, used for method and {@code $defs} names
 * @param fields the components, in declaration order
 * @param recursive whether the record can contain itself; recursive records are written as
 *     {@code $defs} entries and referenced with {@code $ref}
 * @param sealedMember whether the record is a member of a sealed interface, so it accepts the
 *     {@code type} discriminator
 */
public record RecordModel(String key, TypeName javaType, String simpleName, List<FieldModel> fields,
                          boolean recursive, boolean sealedMember) {
    public RecordModel {
        fields = List.copyOf(fields);
    }
}
