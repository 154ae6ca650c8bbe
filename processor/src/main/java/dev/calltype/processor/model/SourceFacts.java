package dev.calltype.processor.model;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import dev.calltype.render.Json;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * What the processor learns only from source — parameter names and Javadoc — kept beside each class it reads
 * them from, so that the same tools come out when that class later arrives as a class file: recompiling one
 * file (Gradle's incremental compile, IntelliJ's builder, the IDE's compiler) or depending on another module's
 * jar.
 *
 * <p>For every type of the compilation's sources that it reads tools, parameters or descriptions from, the
 * processor writes {@code <binary name>.calltype.json} beside the class file: the type's doc comment, and for
 * each {@code @Tool} method its parameter names and (where the annotations leave a description to Javadoc) its
 * doc comment. A type read from a class file takes its facts from that resource on the class path or module
 * path; what the element itself knows (names from {@code -parameters}, a doc comment of a type the compiler
 * parsed from the source path) comes first. Without either, parameter names are the compiler's {@code arg0},
 * {@code arg1}…, which {@link #parameterNamesKnown} reports so that the processor refuses them with the fix.
 */
public final class SourceFacts {

    /** The file name's ending, after the type's binary name within its package. */
    public static final String SUFFIX = ".calltype.json";

    private static final String TOOL = Tool.class.getCanonicalName();
    private static final String PARAM = Param.class.getCanonicalName();

    /** One type's facts. */
    private record Facts(String doc, Map<String, MethodFacts> methods) {
        static final Facts NONE = new Facts(null, Map.of());
    }

    /** One tool method's facts; {@code doc} is {@code null} where its annotations describe it fully. */
    private record MethodFacts(List<String> parameters, String doc) {
    }

    private final Elements elements;
    private final Types types;
    private final Filer filer;
    private final Set<String> sourceTypes;
    private final Map<String, Facts> facts = new HashMap<>();
    private final Map<String, TypeElement> pending = new LinkedHashMap<>();
    private final Set<String> written;

    /**
     * @param sourceTypes the qualified names of the compilation's top-level source types, of every round so far
     * @param written the binary names whose facts this compilation has written (kept across rounds)
     */
    public SourceFacts(ProcessingEnvironment env, Set<String> sourceTypes, Set<String> written) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.filer = env.getFiler();
        this.sourceTypes = sourceTypes;
        this.written = written;
    }

    /** A type's or a tool method's doc comment, from source or from the facts recorded beside its class file. */
    public String docComment(Element e) {
        if (e instanceof TypeElement type) {
            return isSource(type) ? facts(type).doc : orElse(elements.getDocComment(type), facts(type).doc);
        }
        if (e instanceof ExecutableElement method && method.getEnclosingElement() instanceof TypeElement owner) {
            MethodFacts m = facts(owner).methods.get(signature(method));
            if (isSource(owner)) {
                return m != null && m.doc != null ? m.doc : elements.getDocComment(method);
            }
            return orElse(elements.getDocComment(method), m == null ? null : m.doc);
        }
        return elements.getDocComment(e);
    }

    /** A method parameter's name as its source writes it, where the element or the recorded facts know it. */
    public String parameterName(VariableElement p) {
        String name = p.getSimpleName().toString();
        if (!(p.getEnclosingElement() instanceof ExecutableElement method)
                || !(method.getEnclosingElement() instanceof TypeElement owner) || isSource(owner)
                || !synthetic(method)) {
            return name;
        }
        MethodFacts m = facts(owner).methods.get(signature(method));
        int i = method.getParameters().indexOf(p);
        return m != null && i >= 0 && i < m.parameters.size() ? m.parameters.get(i) : name;
    }

    /**
     * Whether a method's parameter names are known: it comes from source, from a class file compiled with
     * {@code -parameters}, or from one whose facts were recorded; not when they are the compiler's
     * {@code arg0}, {@code arg1}….
     */
    public boolean parameterNamesKnown(ExecutableElement method) {
        if (!(method.getEnclosingElement() instanceof TypeElement owner) || isSource(owner) || !synthetic(method)) {
            return true;
        }
        MethodFacts m = facts(owner).methods.get(signature(method));
        return m != null && m.parameters.size() == method.getParameters().size();
    }

    /** Writes the facts of every source type read since the last call, each once per compilation. */
    public void write() throws IOException {
        for (TypeElement type : pending.values()) {
            String binary = elements.getBinaryName(type).toString();
            if (!written.add(binary)) {
                continue;
            }
            String pkg = packageName(type);
            FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, pkg, relativeName(binary, pkg),
                    outermost(type));
            try (Writer out = file.openWriter()) {
                out.write(toJson(facts.get(binary)).write());
                out.write('\n');
            }
        }
        pending.clear();
    }

    // ---------------------------------------------------------------- reading

    private Facts facts(TypeElement type) {
        String binary = elements.getBinaryName(type).toString();
        Facts f = facts.get(binary);
        if (f == null) {
            if (isSource(type)) {
                f = fromSource(type);
                pending.put(binary, type);
            } else {
                f = fromClassPath(type, binary);
            }
            facts.put(binary, f);
        }
        return f;
    }

    private Facts fromSource(TypeElement type) {
        Map<String, MethodFacts> methods = new LinkedHashMap<>();
        for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (Declarations.mirror(m, TOOL) == null) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (VariableElement p : m.getParameters()) {
                names.add(p.getSimpleName().toString());
            }
            methods.put(signature(m), new MethodFacts(names, needsDocComment(m) ? elements.getDocComment(m) : null));
        }
        return new Facts(elements.getDocComment(type), methods);
    }

    /**
     * Whether a tool's Javadoc can give a description its annotations do not: javac finds an element's doc
     * comment by searching its whole source file, so asking for every tool of a large class takes quadratic time.
     */
    static boolean needsDocComment(ExecutableElement method) {
        if (Declarations.explicitString(Declarations.mirror(method, TOOL), "description").isEmpty()) {
            return true;
        }
        for (VariableElement p : method.getParameters()) {
            if (Declarations.explicitString(Declarations.mirror(p, PARAM), "description").isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private Facts fromClassPath(TypeElement type, String binary) {
        String pkg = packageName(type);
        String relative = relativeName(binary, pkg);
        String text = read(StandardLocation.CLASS_PATH, pkg, relative);
        if (text == null) {
            ModuleElement module = elements.getModuleOf(type);
            if (module != null && !module.isUnnamed()) {
                text = read(StandardLocation.MODULE_PATH, module.getQualifiedName() + "/" + pkg, relative);
            }
        }
        if (text == null) {
            return Facts.NONE;
        }
        try {
            return fromJson(Json.parse(text));
        } catch (Json.JsonSyntaxException | RuntimeException e) {
            return Facts.NONE;
        }
    }

    /** A resource's text, or {@code null} where the location has none or the compiler cannot look there. */
    private String read(StandardLocation location, String moduleAndPackage, String relative) {
        try {
            FileObject file = filer.getResource(location, moduleAndPackage, relative);
            StringBuilder text = new StringBuilder();
            try (Reader in = file.openReader(true)) {
                char[] buffer = new char[4096];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    text.append(buffer, 0, n);
                }
            }
            return text.toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------- the file

    private static Json toJson(Facts f) {
        Json.JsonObject.Builder methods = Json.JsonObject.builder();
        for (Map.Entry<String, MethodFacts> m : f.methods.entrySet()) {
            Json.JsonObject.Builder b = Json.JsonObject.builder()
                    .put("parameters", Json.JsonArray.ofStrings(m.getValue().parameters));
            if (m.getValue().doc != null) {
                b.put("doc", m.getValue().doc);
            }
            methods.put(m.getKey(), b.build());
        }
        Json.JsonObject.Builder out = Json.JsonObject.builder();
        if (f.doc != null) {
            out.put("doc", f.doc);
        }
        return out.put("tools", methods.build()).build();
    }

    private static Facts fromJson(Json json) {
        Json.JsonObject o = (Json.JsonObject) json;
        Map<String, MethodFacts> methods = new HashMap<>();
        if (o.get("tools") instanceof Json.JsonObject tools) {
            for (Map.Entry<String, Json> m : tools.members().entrySet()) {
                Json.JsonObject method = (Json.JsonObject) m.getValue();
                List<String> names = new ArrayList<>();
                for (Json n : ((Json.JsonArray) method.get("parameters")).elements()) {
                    names.add(((Json.JsonString) n).value());
                }
                methods.put(m.getKey(), new MethodFacts(List.copyOf(names), string(method.get("doc"))));
            }
        }
        return new Facts(string(o.get("doc")), methods);
    }

    private static String string(Json json) {
        return json instanceof Json.JsonString s ? s.value() : null;
    }

    // ---------------------------------------------------------------- names

    private boolean isSource(TypeElement type) {
        return sourceTypes.contains(outermost(type).getQualifiedName().toString());
    }

    private static TypeElement outermost(TypeElement type) {
        TypeElement t = type;
        while (t.getEnclosingElement() instanceof TypeElement enclosing) {
            t = enclosing;
        }
        return t;
    }

    private String packageName(TypeElement type) {
        PackageElement p = elements.getPackageOf(type);
        return p.isUnnamed() ? "" : p.getQualifiedName().toString();
    }

    private static String relativeName(String binary, String pkg) {
        return (pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1)) + SUFFIX;
    }

    /** A method's name and erased parameter types, as the facts file keys it. */
    private String signature(ExecutableElement m) {
        StringBuilder b = new StringBuilder(m.getSimpleName()).append('(');
        List<? extends VariableElement> params = m.getParameters();
        for (int i = 0; i < params.size(); i++) {
            b.append(i == 0 ? "" : ",").append(Declarations.erasedName(types.erasure(params.get(i).asType())));
        }
        return b.append(')').toString();
    }

    /** Whether every parameter has the name a compiler gives when the class file keeps none: arg0, arg1…. */
    private static boolean synthetic(ExecutableElement method) {
        List<? extends VariableElement> params = method.getParameters();
        for (int i = 0; i < params.size(); i++) {
            if (!params.get(i).getSimpleName().contentEquals("arg" + i)) {
                return false;
            }
        }
        return !params.isEmpty();
    }

    private static String orElse(String first, String second) {
        return first != null ? first : second;
    }
}
