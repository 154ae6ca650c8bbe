package dev.calltype.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.TypeElement;

/**
 * Everything the generators need about one class with tool methods, immutable.
 *
 * @param origin the class with the {@code @Tool} methods (the one originating element)
 * @param target the class as a Java type ({@code Repo<?>} for a generic class)
 * @param targetClass the class's name
 * @param generated the name of the generated toolkit
 * @param tools the tools, in source order
 * @param records every record reachable from the tools' parameters and return types, in the
 *     order first reached
 * @param sealedTypes every sealed interface reachable, in the order first reached
 */
public record ToolkitModel(TypeElement origin, TypeName target, ClassName targetClass, ClassName generated,
                           List<ToolModel> tools, Map<String, RecordModel> records,
                           Map<String, SealedModel> sealedTypes) {

    public ToolkitModel {
        tools = List.copyOf(tools);
        records = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(records));
        sealedTypes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sealedTypes));
    }

    /** Whether every tool method is static, so the toolkit needs no target instance. */
    public boolean allStatic() {
        return tools.stream().allMatch(ToolModel::isStatic);
    }

    public RecordModel record(String key) {
        return records.get(key);
    }

    public SealedModel sealed(String key) {
        return sealedTypes.get(key);
    }
}
