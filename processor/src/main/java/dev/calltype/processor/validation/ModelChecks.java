package dev.calltype.processor.validation;

import dev.calltype.annotations.Param;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.diagnostic.Report;
import dev.calltype.processor.model.Declarations;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.Issue;
import dev.calltype.processor.model.ModelBuilder;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.TypeModel;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;

/**
 * The third step of processing a class, after {@link DeclarationChecks} and {@link ModelBuilder}: the checks of
 * the built model (made only when every type it names is resolved): what the builder left out ({@link Issue}s), defaults against their types,
 * parameter names used twice, missing descriptions, optional primitives and results written by reflection.
 * Warnings the user silenced with {@code @SuppressWarnings("calltype")} are not reported.
 */
public final class ModelChecks {

    private final Report report;
    private final boolean describeWarnings;

    /**
     * Checks that report to {@code report}.
     *
     * @param report where every problem found is added
     * @param describeWarnings whether a tool or parameter without a description is a warning
     */
    public ModelChecks(Report report, boolean describeWarnings) {
        this.report = report;
        this.describeWarnings = describeWarnings;
    }

    /**
     * Checks a built model.
     *
     * @param methods the methods the model's tools were built from, in the same order
     * @param model the model built from them
     * @param builder the builder that built it, with what it left out, the stated defaults and the parameters' sources
     */
    public void check(List<ExecutableElement> methods, ToolkitModel model, ModelBuilder builder) {
        for (Issue i : builder.issues()) {
            if (i.problem().severity() == Problem.Severity.WARNING && Declarations.suppressed(i.element())) {
                continue;
            }
            report.add(i.problem(), i.element(), i.annotation(), i.value(), i.arguments().toArray());
        }
        for (ModelBuilder.StatedDefault d : builder.defaults()) {
            String problem = DefaultCheck.check(d.value(), d.type(), model.records(), model.sealedTypes());
            if (problem != null) {
                report.add(Problem.DEFAULT_INVALID, d.element(), d.mirror(), d.annotationValue(), d.literal(),
                        d.label(), d.typeText(), problem);
            }
        }
        for (int i = 0; i < methods.size(); i++) {
            ExecutableElement method = methods.get(i);
            ToolModel tool = model.tools().get(i);
            if (tool.description().isEmpty()) {
                describe(method, "tool " + tool.name());
            }
            if (tool.returns().kind() == ReturnModel.Kind.DATA_BINDING && !Declarations.suppressed(method)) {
                report.add(Problem.RETURN_BY_REFLECTION, method, method.getSimpleName(),
                        Declarations.simpleTypeText(method.getReturnType()));
            }
        }
        Map<String, Set<String>> namesByTool = new LinkedHashMap<>();
        for (ModelBuilder.Source s : builder.sources()) {
            FieldModel f = s.field();
            if (s.tool() != null) {
                if (f.description().isEmpty()) {
                    describe(s.element(), "parameter '" + f.jsonName() + "' of tool " + s.tool());
                }
                if (!namesByTool.computeIfAbsent(s.tool(), t -> new HashSet<>()).add(f.jsonName())) {
                    report.add(Problem.PARAM_DUPLICATE_NAME, s.element(), f.jsonName(), s.tool());
                }
            }
            optionalPrimitive(s);
        }
    }

    /**
     * The checks of an answer's model: what the builder left out, defaults against their types, and optional
     * primitives (descriptions are the components' own business, as for records in tool parameters).
     */
    void checkAnswer(ToolkitModel types, ModelBuilder builder) {
        for (Issue i : builder.issues()) {
            if (i.problem().severity() == Problem.Severity.WARNING && Declarations.suppressed(i.element())) {
                continue;
            }
            report.add(i.problem(), i.element(), i.annotation(), i.value(), i.arguments().toArray());
        }
        for (ModelBuilder.StatedDefault d : types == null ? List.<ModelBuilder.StatedDefault>of() : builder.defaults()) {
            String problem = DefaultCheck.check(d.value(), d.type(), types.records(), types.sealedTypes());
            if (problem != null) {
                report.add(Problem.DEFAULT_INVALID, d.element(), d.mirror(), d.annotationValue(), d.literal(),
                        d.label(), d.typeText(), problem);
            }
        }
        for (ModelBuilder.Source s : builder.sources()) {
            optionalPrimitive(s);
        }
    }

    private void describe(javax.lang.model.element.Element element, String what) {
        if (describeWarnings && !Declarations.suppressed(element)) {
            report.add(Problem.DESCRIPTION_MISSING, element, what);
        }
    }

    /** A primitive that may be left out but has no default of its own takes zero: a warning with the fix. */
    private void optionalPrimitive(ModelBuilder.Source s) {
        FieldModel f = s.field();
        if (!(f.type() instanceof TypeModel.Scalar sc) || !sc.isPrimitive() || f.defaultValue() == null) {
            return;
        }
        Param param = s.element().getAnnotation(Param.class);
        if (param == null || param.required() || !param.defaultValue().isEmpty()) {
            return;
        }
        AnnotationMirror mirror = Declarations.mirror(s.element(), Param.class.getCanonicalName());
        report.add(Problem.OPTIONAL_PRIMITIVE, s.element(), mirror, Declarations.explicitValue(mirror, "required"),
                s.label(), Declarations.simpleTypeText(s.type()), f.defaultValue().write(),
                sc.kind().className().replace("java.lang.", ""));
    }
}
