package dev.calltype.processor.validation;

import dev.calltype.annotations.Tool;
import dev.calltype.annotations.ToolParams;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.diagnostic.Report;
import dev.calltype.processor.model.Declarations;
import dev.calltype.processor.model.ModelBuilder;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.Names;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;

/**
 * Checks one class with {@code @Tool} methods and reports every problem at once: the structure the
 * generated code relies on (visibility, nesting, names); then builds the model once, with {@link ModelBuilder},
 * and checks it ({@link ModelChecks}): types, defaults, constraints and descriptions. Every diagnostic of a
 * class is reported here. Never throws on user error.
 */
public final class Validator {

    private ToolkitModel model;

    private static final String TOOL = Tool.class.getCanonicalName();

    private final ProcessingEnvironment env;
    private final boolean describeWarnings;
    private Set<String> unresolved = Set.of();

    public Validator(ProcessingEnvironment env, boolean describeWarnings) {
        this.env = env;
        this.describeWarnings = describeWarnings;
    }

    /**
     * The model built while validating, the one the generators get: built once, from every tool
     * method; meaningful only when the report has no errors.
     */
    public ToolkitModel model() {
        return model;
    }

    /** Types found unresolved by the last {@link #validate} (the class should be deferred). */
    public Set<String> unresolved() {
        return unresolved;
    }

    public Report validate(TypeElement owner) {
        Report report = new Report();
        checkEnclosing(owner, report);
        List<ExecutableElement> callable = new ArrayList<>();
        Map<String, ExecutableElement> names = new LinkedHashMap<>();
        for (ExecutableElement method : Declarations.toolMethods(owner)) {
            boolean ok = true;
            if (!method.getModifiers().contains(Modifier.PUBLIC)) {
                report.add(Problem.TOOL_NOT_PUBLIC, method, method.getSimpleName());
                ok = false;
            }
            if (!method.getTypeParameters().isEmpty()) {
                report.add(Problem.TOOL_GENERIC, method, method.getSimpleName());
                ok = false;
            }
            String name = Declarations.toolName(method);
            AnnotationMirror tool = Declarations.mirror(method, TOOL);
            AnnotationValue nameValue = Declarations.explicitValue(tool, "name");
            if (!Names.isValidToolName(name)) {
                String suggestion = Names.suggestToolName(name);
                report.add(Problem.TOOL_INVALID_NAME, method, tool, nameValue, name,
                        suggestion == null ? "" : "; for example @Tool(name = \"" + suggestion + "\")");
                ok = false;
            } else if (names.containsKey(name)) {
                ExecutableElement first = names.get(name);
                report.add(Problem.TOOL_DUPLICATE_NAME, method, tool, nameValue, name,
                        first.getSimpleName() + "(" + first.getParameters().size() + " parameters)");
                ok = false;
            } else {
                names.put(name, method);
            }
            if (method.getParameters().size() > 1) {
                for (VariableElement p : method.getParameters()) {
                    if (isToolParams(p)) {
                        report.add(Problem.TOOL_PARAMS_NOT_ALONE, p, p.getSimpleName(), name);
                        ok = false;
                    }
                }
            }
            if (ok) {
                callable.add(method);
            }
        }
        ModelBuilder builder = new ModelBuilder(env);
        model = builder.build(owner, callable);
        unresolved = Set.copyOf(builder.unresolved());
        if (unresolved.isEmpty()) {
            new ModelChecks(report, describeWarnings).check(callable, model, builder);
        }
        return report;
    }

    /** Reports {@code @ToolParams} on anything but a record. */
    public static void checkToolParamsTarget(Element annotated, Report report) {
        if (annotated.getKind() != ElementKind.RECORD) {
            report.add(Problem.TOOL_PARAMS_NOT_RECORD, annotated,
                    Declarations.mirror(annotated, ToolParams.class.getCanonicalName()), null,
                    annotated.getSimpleName());
        }
    }

    private static boolean isToolParams(VariableElement p) {
        if (p.asType().getKind() != TypeKind.DECLARED) {
            return false;
        }
        Element e = ((DeclaredType) p.asType()).asElement();
        return e.getAnnotation(ToolParams.class) != null;
    }

    private void checkEnclosing(TypeElement owner, Report report) {
        String generated = Declarations.generatedName(owner).simpleName();
        for (Element e = owner; e != null && (e.getKind().isClass() || e.getKind().isInterface());
             e = e.getEnclosingElement()) {
            TypeElement te = (TypeElement) e;
            if (te.getModifiers().contains(Modifier.PRIVATE)) {
                report.add(Problem.ENCLOSING_CLASS_PRIVATE, owner, te.getSimpleName(), generated);
                return;
            }
            NestingKind nesting = te.getNestingKind();
            boolean inner = nesting == NestingKind.LOCAL || nesting == NestingKind.ANONYMOUS
                    || (nesting == NestingKind.MEMBER && te.getKind() == ElementKind.CLASS
                    && !te.getModifiers().contains(Modifier.STATIC));
            if (inner) {
                report.add(Problem.ENCLOSING_CLASS_INNER, owner, te.getSimpleName().length() == 0
                        ? owner.toString() : te.getSimpleName());
                return;
            }
        }
    }
}
