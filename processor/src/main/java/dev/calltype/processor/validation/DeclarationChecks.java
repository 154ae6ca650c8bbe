package dev.calltype.processor.validation;

import dev.calltype.annotations.Tool;
import dev.calltype.annotations.ToolParams;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.diagnostic.Report;
import dev.calltype.processor.model.Declarations;
import dev.calltype.processor.model.Names;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * The first step of processing a class with {@code @Tool} methods: its declarations, checked before any model is
 * built: the structure the generated code relies on (the enclosing classes' visibility and nesting, tool methods
 * public and not generic, tool names valid and unique, a {@code @ToolParams} record alone). Every problem is
 * reported; never throws on user error.
 */
public final class DeclarationChecks {

    private static final String TOOL = Tool.class.getCanonicalName();

    private DeclarationChecks() {
    }

    /**
     * Checks the declarations of {@code owner}'s tool methods.
     *
     * @param owner the class with {@code @Tool} methods
     * @param report where every problem found is added
     * @return the tool methods that passed, in declaration order: the ones the model is built from
     */
    public static List<ExecutableElement> check(TypeElement owner, Report report) {
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
        return callable;
    }

    /**
     * Reports {@code @ToolParams} on anything but a record.
     *
     * @param annotated an element annotated {@code @ToolParams}
     * @param report where the problem is added
     */
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

    private static void checkEnclosing(TypeElement owner, Report report) {
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
