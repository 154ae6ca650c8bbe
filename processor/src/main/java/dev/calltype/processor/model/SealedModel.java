package dev.calltype.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * A sealed interface whose permitted subtypes are records, written as {@code anyOf} with a
 * {@code type} discriminator.
 *
 * @param key the identity used by {@link TypeModel.SealedRef}
 * @param javaType the interface
 * @param simpleName its simple name
 * @param members the permitted records, in declaration order
 */
public record SealedModel(String key, TypeName javaType, String simpleName, List<Member> members) {

    /** The name of the discriminator property. */
    public static final String DISCRIMINATOR = "type";

    public SealedModel {
        members = List.copyOf(members);
    }

    /**
     * One permitted record.
     *
     * @param discriminator the {@code type} value: the record's simple name in snake_case
     * @param javaName the record's simple name, also accepted as a discriminator
     * @param recordKey the record's key in {@link ToolkitModel#records()}
     */
    public record Member(String discriminator, String javaName, String recordKey) {
    }
}
