package dev.calltype.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Properties;
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

    /** The version of Calltype that generates the code, from the build ({@code calltype-version.properties}). */
    static final String VERSION = version();

    private GeneratedAnnotation() {
    }

    /**
     * {@code @Generated(value = "dev.calltype.processor.ToolProcessor", comments = "Calltype <version>")}: the
     * version, because generated code calls the runtime's {@code support} package, which promises nothing across
     * versions (the runtime must be the version named here). No date: output stays byte-identical for identical
     * input.
     */
    static AnnotationSpec spec() {
        return AnnotationSpec.builder(RuntimeNames.GENERATED)
                .addMember("value", "$S", RuntimeNames.PROCESSOR)
                .addMember("comments", "$S", "Calltype " + VERSION + "; needs calltype-runtime " + VERSION)
                .build();
    }

    private static String version() {
        try (InputStream in = GeneratedAnnotation.class.getResourceAsStream("calltype-version.properties")) {
            if (in == null) {
                throw new IllegalStateException("the processor jar lacks calltype-version.properties");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
