package dev.calltype.processor.generation;

import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;

/**
 * Whether generated code may carry {@code @javax.annotation.processing.Generated}: that annotation lives in module
 * {@code java.compiler}, which a named module often does not read. Code compiled in the unnamed module (the class
 * path) always sees it; a named module sees it when it reads {@code java.compiler}, directly or through a chain of
 * {@code requires transitive}. Without it the generated class stays unannotated rather than failing to compile.
 */
final class GeneratedAnnotation {

    private static final String MODULE = "java.compiler";

    private GeneratedAnnotation() {
    }

    /** Whether code generated for {@code origin} can name {@code javax.annotation.processing.Generated}. */
    static boolean visibleFrom(Element origin) {
        Element e = origin;
        while (e != null && !(e instanceof ModuleElement)) {
            e = e.getEnclosingElement();
        }
        if (!(e instanceof ModuleElement module) || module.isUnnamed()) {
            return true;
        }
        return reads(module, true, new HashSet<>());
    }

    /** Whether {@code module} reads {@code java.compiler}: all its requires at the top, then transitive ones only. */
    private static boolean reads(ModuleElement module, boolean top, Set<String> seen) {
        if (!seen.add(module.getQualifiedName().toString())) {
            return false;
        }
        for (ModuleElement.Directive d : module.getDirectives()) {
            if (d instanceof ModuleElement.RequiresDirective r && (top || r.isTransitive())) {
                ModuleElement dependency = r.getDependency();
                if (dependency.getQualifiedName().contentEquals(MODULE) || reads(dependency, false, seen)) {
                    return true;
                }
            }
        }
        return false;
    }
}
