package dev.calltype.processor.model;

import com.palantir.javapoet.ClassName;
import javax.lang.model.element.TypeElement;

/**
 * Everything the answer generator needs about one {@code @Answer} type, immutable.
 *
 * @param origin the annotated type (the one originating element)
 * @param generated the name of the generated {@code <Type>Answer} class
 * @param name the answer's name, as structured-output requests carry it
 * @param description what the answer is, for the model ({@code ""} when none)
 * @param root the answer type itself: a record, an enum or a sealed interface
 * @param types the records and sealed interfaces the answer reaches, as a toolkit model without tools, so that
 *     the readers and schemas of toolkits are made by the same code
 */
public record AnswerModel(TypeElement origin, ClassName generated, String name, String description, TypeModel root,
                          ToolkitModel types) {

    /**
     * Whether the answer is a JSON object of its own (a record): other answers are wrapped in an object's
     * {@code value} member where a provider wants an object at the root.
     */
    public boolean objectRoot() {
        return root instanceof TypeModel.RecordRef;
    }
}
