package dev.calltype.processor.diagnostic;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/** The problems found in one class, in the order found; printed once validation is complete. */
public final class Report {

    /** One message attached to the most precise element (and annotation value) available. */
    public record Finding(Problem problem, String message, Element element, AnnotationMirror annotation,
                          AnnotationValue value) {
    }

    private final List<Finding> findings = new ArrayList<>();

    public void add(Problem problem, Element element, Object... args) {
        findings.add(new Finding(problem, problem.format(args), element, null, null));
    }

    public void add(Problem problem, Element element, AnnotationMirror annotation, AnnotationValue value,
                    Object... args) {
        findings.add(new Finding(problem, problem.format(args), element, annotation, value));
    }

    public List<Finding> findings() {
        return List.copyOf(findings);
    }

    public boolean hasErrors() {
        return findings.stream().anyMatch(f -> f.problem().severity() == Problem.Severity.ERROR);
    }

    public void printTo(Messager messager) {
        for (Finding f : findings) {
            javax.tools.Diagnostic.Kind kind = f.problem().severity() == Problem.Severity.ERROR
                    ? javax.tools.Diagnostic.Kind.ERROR : javax.tools.Diagnostic.Kind.WARNING;
            if (f.value() != null) {
                messager.printMessage(kind, f.message(), f.element(), f.annotation(), f.value());
            } else if (f.annotation() != null) {
                messager.printMessage(kind, f.message(), f.element(), f.annotation());
            } else {
                messager.printMessage(kind, f.message(), f.element());
            }
        }
    }
}
