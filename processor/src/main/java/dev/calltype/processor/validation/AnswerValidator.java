package dev.calltype.processor.validation;

import dev.calltype.annotations.Answer;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.diagnostic.Report;
import dev.calltype.processor.model.AnswerModel;
import dev.calltype.processor.model.Declarations;
import dev.calltype.processor.model.DocComments;
import dev.calltype.processor.model.ModelBuilder;
import dev.calltype.processor.model.SourceFacts;
import dev.calltype.processor.model.Names;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;

/**
 * Checks one {@code @Answer} type and reports every problem at once: what it is (a record, an enum or a sealed
 * interface), whether the generated class can reach it, its name; then builds its model with {@link ModelBuilder}
 * and checks that as tool parameters are checked (types, defaults, constraints). Never throws on user error.
 */
public final class AnswerValidator {

    private static final String ANSWER = Answer.class.getCanonicalName();

    private final ProcessingEnvironment env;
    private final SourceFacts facts;
    private AnswerModel model;
    private Set<String> unresolved = Set.of();

    /** A validator over one processing environment, with the facts that Javadoc comes from. */
    public AnswerValidator(ProcessingEnvironment env, SourceFacts facts) {
        this.env = env;
        this.facts = facts;
    }

    /** The model built while validating; meaningful only when the report has no errors. */
    public AnswerModel model() {
        return model;
    }

    /** Types found unresolved by the last {@link #validate} (the type should be deferred). */
    public Set<String> unresolved() {
        return unresolved;
    }

    /** Validates an element annotated {@code @Answer}. */
    public Report validate(Element annotated) {
        Report report = new Report();
        model = null;
        AnnotationMirror mirror = Declarations.mirror(annotated, ANSWER);
        if (!(annotated instanceof TypeElement type) || !answerKind(type)) {
            report.add(Problem.ANSWER_TARGET, annotated, mirror, null, annotated.getSimpleName(), kind(annotated));
            return report;
        }
        if (!reachable(type)) {
            report.add(Problem.ANSWER_NOT_ACCESSIBLE, type, mirror, null, type.getSimpleName(),
                    Declarations.answerName(type).simpleName());
            return report;
        }
        String stated = Declarations.explicitString(mirror, "name");
        String name = stated.isEmpty() ? Names.snakeCase(type.getSimpleName().toString()) : stated;
        if (!Names.isValidToolName(name)) {
            report.add(Problem.ANSWER_INVALID_NAME, type, mirror, Declarations.explicitValue(mirror, "name"), name);
            return report;
        }
        String description = Declarations.explicitString(mirror, "description");
        if (description.isEmpty()) {
            description = DocComments.summary(facts.docComment(type));
        }
        ModelBuilder builder = new ModelBuilder(env, facts);
        AnswerModel built = builder.answer(type, name, description, mirror);
        unresolved = Set.copyOf(builder.unresolved());
        if (!unresolved.isEmpty()) {
            return report;
        }
        new ModelChecks(report, false).checkAnswer(built == null ? null : built.types(), builder);
        model = built;
        return report;
    }

    private static boolean answerKind(TypeElement type) {
        return type.getKind() == ElementKind.RECORD || type.getKind() == ElementKind.ENUM
                || type.getKind() == ElementKind.INTERFACE && type.getModifiers().contains(Modifier.SEALED);
    }

    private static String kind(Element e) {
        if (Declarations.isKotlin(e)) {
            return Declarations.KOTLIN_CLASS;
        }
        if (e.getKind() == ElementKind.INTERFACE) {
            return "an interface that is not sealed";
        }
        if (e.getKind() == ElementKind.CLASS) {
            return "a class (use a record)";
        }
        return "a " + e.getKind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    private static boolean reachable(TypeElement type) {
        for (Element e = type; e != null && (e.getKind().isClass() || e.getKind().isInterface());
             e = e.getEnclosingElement()) {
            TypeElement te = (TypeElement) e;
            if (te.getModifiers().contains(Modifier.PRIVATE)) {
                return false;
            }
            NestingKind nesting = te.getNestingKind();
            if (nesting == NestingKind.LOCAL || nesting == NestingKind.ANONYMOUS
                    || nesting == NestingKind.MEMBER && te.getKind() == ElementKind.CLASS
                    && !te.getModifiers().contains(Modifier.STATIC)) {
                return false;
            }
        }
        return true;
    }
}
