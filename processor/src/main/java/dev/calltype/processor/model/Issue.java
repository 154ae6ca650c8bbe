package dev.calltype.processor.model;

import dev.calltype.processor.diagnostic.Problem;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Something the model could not take as written, met while building it: a type with no JSON form, a default
 * that is not JSON, a constraint that is invalid or does not apply. The builder leaves the part out and states
 * the issue; validation reports it (or, for a warning the user silenced, does not).
 *
 * @param element the most precise element: the parameter or record component
 * @param annotation the annotation at fault, or {@code null}
 * @param value the annotation's value at fault, or {@code null}
 * @param arguments the message's arguments, as {@link Problem#format} takes them
 */
public record Issue(Problem problem, Element element, AnnotationMirror annotation, AnnotationValue value,
                    List<Object> arguments) {

    static Issue of(Problem problem, Element element, AnnotationMirror annotation, AnnotationValue value,
                    Object... arguments) {
        return new Issue(problem, element, annotation, value, List.of(arguments));
    }
}
