package dev.calltype.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.calltype.annotations.Tool;
import dev.calltype.processor.diagnostic.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * What the processor reads off declarations: a class's tool methods, tool and toolkit names, annotation values,
 * suppression, and the names of types as generated code and messages write them.
 */
public final class Declarations {

    private static final String TOOL = Tool.class.getCanonicalName();

    private Declarations() {
    }

    /** The {@code @Tool} methods of a class, in source order. */
    public static List<ExecutableElement> toolMethods(TypeElement owner) {
        List<ExecutableElement> out = new ArrayList<>();
        Set<String> signatures = new HashSet<>();
        Set<String> visited = new HashSet<>();
        java.util.ArrayDeque<TypeElement> types = new java.util.ArrayDeque<>(List.of(owner));
        while (!types.isEmpty()) {
            TypeElement type = types.removeFirst();
            if (!visited.add(type.getQualifiedName().toString())
                    || type.getQualifiedName().contentEquals("java.lang.Object")) {
                continue;
            }
            boolean inherited = type != owner;
            for (ExecutableElement m : ElementFilter.methodsIn(type.getEnclosedElements())) {
                if (mirror(m, TOOL) == null
                        || inherited && (m.getModifiers().contains(Modifier.PRIVATE)
                        || type.getKind().isInterface() && m.getModifiers().contains(Modifier.STATIC))) {
                    continue;
                }
                if (signatures.add(signature(m))) {
                    out.add(m);
                }
            }
            if (type.getSuperclass() instanceof DeclaredType d && d.asElement() instanceof TypeElement superclass) {
                types.addLast(superclass);
            }
            for (TypeMirror i : type.getInterfaces()) {
                if (i instanceof DeclaredType d && d.asElement() instanceof TypeElement te) {
                    types.addLast(te);
                }
            }
        }
        return out;
    }

    /** A method's name and erased parameter types: an inherited tool is left out when the class has its own. */
    private static String signature(ExecutableElement m) {
        StringBuilder b = new StringBuilder(m.getSimpleName());
        for (VariableElement p : m.getParameters()) {
            String type = p.asType().toString();
            int generic = type.indexOf('<');
            b.append(',').append(generic < 0 ? type : type.substring(0, generic));
        }
        return b.toString();
    }

    /** The generated toolkit's name: {@code WeatherServiceTools}, {@code Outer_InnerTools}. */
    public static ClassName generatedName(TypeElement owner) {
        ClassName target = ClassName.get(owner);
        return ClassName.get(target.packageName(), String.join("_", target.simpleNames()) + "Tools");
    }

    /** The generated answer type's name: {@code RecipeAnswer}, {@code Outer_InnerAnswer}. */
    public static ClassName answerName(TypeElement type) {
        ClassName target = ClassName.get(type);
        return ClassName.get(target.packageName(), String.join("_", target.simpleNames()) + "Answer");
    }

    /** The tool name of a method: {@code @Tool(name)} or the method name in snake_case. */
    public static String toolName(ExecutableElement method) {
        String name = explicitString(mirror(method, TOOL), "name");
        return !name.isEmpty() ? name : Names.snakeCase(method.getSimpleName().toString());
    }

    /**
     * A string an annotation states explicitly, or {@code ""}: read from its mirror, which costs far less than
     * {@code getAnnotation}'s proxy when asked of every tool and parameter of a large class.
     */
    public static String explicitString(AnnotationMirror m, String name) {
        AnnotationValue v = value(m, name);
        return v != null && v.getValue() instanceof String s ? s : "";
    }

    /** Whether an annotation states {@code name = value} explicitly (from its mirror, as {@link #explicitString}). */
    static boolean explicitly(AnnotationMirror m, String name, boolean value) {
        AnnotationValue v = value(m, name);
        return v != null && Boolean.valueOf(value).equals(v.getValue());
    }

    /** Whether {@code @SuppressWarnings("calltype")} is on the element or anything enclosing it. */
    public static boolean suppressed(Element element) {
        for (Element e = element; e != null; e = e.getEnclosingElement()) {
            SuppressWarnings s = e.getAnnotation(SuppressWarnings.class);
            if (s != null) {
                for (String v : s.value()) {
                    if (v.equals(Problem.SUPPRESSION) || v.equals("all")) {
                        return true;
                    }
                }
            }
            if (e.getKind() == ElementKind.RECORD_COMPONENT) {
                e = e.getEnclosingElement();
            }
        }
        return false;
    }

    /** The mirror of an annotation on an element, by qualified name, or {@code null}. */
    public static AnnotationMirror mirror(Element element, String qualifiedName) {
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            TypeElement te = (TypeElement) m.getAnnotationType().asElement();
            if (te.getQualifiedName().contentEquals(qualifiedName)) {
                return m;
            }
        }
        return null;
    }

    /** An explicitly written annotation value, or {@code null}. */
    public static AnnotationValue explicitValue(AnnotationMirror m, String name) {
        return value(m, name);
    }

    static AnnotationValue value(AnnotationMirror m, String name) {
        if (m == null) {
            return null;
        }
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : m.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    static Object valueOf(Elements elements, AnnotationMirror m, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
                : elements.getElementValuesWithDefaults(m).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue().getValue();
            }
        }
        return null;
    }

    /** A Java type name without type annotations. */
    public static TypeName typeName(TypeMirror t) {
        switch (t.getKind()) {
            case BOOLEAN:
                return TypeName.BOOLEAN;
            case BYTE:
                return TypeName.BYTE;
            case SHORT:
                return TypeName.SHORT;
            case INT:
                return TypeName.INT;
            case LONG:
                return TypeName.LONG;
            case CHAR:
                return TypeName.CHAR;
            case FLOAT:
                return TypeName.FLOAT;
            case DOUBLE:
                return TypeName.DOUBLE;
            case VOID:
                return TypeName.VOID;
            case ARRAY:
                return ArrayTypeName.of(typeName(((ArrayType) t).getComponentType()));
            case DECLARED: {
                DeclaredType d = (DeclaredType) t;
                TypeElement te = (TypeElement) d.asElement();
                ClassName raw = ClassName.get(te);
                if (d.getTypeArguments().isEmpty()) {
                    if (!te.getTypeParameters().isEmpty()) {
                        TypeName[] wild = new TypeName[te.getTypeParameters().size()];
                        java.util.Arrays.fill(wild, WildcardTypeName.subtypeOf(Object.class));
                        return ParameterizedTypeName.get(raw, wild);
                    }
                    return raw;
                }
                TypeName[] args = new TypeName[d.getTypeArguments().size()];
                for (int i = 0; i < args.length; i++) {
                    args[i] = typeName(d.getTypeArguments().get(i));
                }
                return ParameterizedTypeName.get(raw, args);
            }
            case WILDCARD: {
                WildcardType w = (WildcardType) t;
                if (w.getExtendsBound() != null) {
                    return WildcardTypeName.subtypeOf(typeName(w.getExtendsBound()));
                }
                if (w.getSuperBound() != null) {
                    return WildcardTypeName.supertypeOf(typeName(w.getSuperBound()));
                }
                return WildcardTypeName.subtypeOf(Object.class);
            }
            case TYPEVAR:
                return TypeVariableName.get(t.toString());
            default:
                return TypeName.get(t);
        }
    }

    /** How messages show a type name: simple names ({@code List<String>}). */
    static String simpleName(TypeName t) {
        if (t instanceof ClassName c) {
            return c.simpleName();
        }
        if (t instanceof ParameterizedTypeName p) {
            StringBuilder b = new StringBuilder(p.rawType().simpleName()).append('<');
            for (int i = 0; i < p.typeArguments().size(); i++) {
                b.append(i == 0 ? "" : ", ").append(simpleName(p.typeArguments().get(i)));
            }
            return b.append('>').toString();
        }
        if (t instanceof ArrayTypeName a) {
            return simpleName(a.componentType()) + "[]";
        }
        return t.toString();
    }

    /** How messages show a type: simple names, no annotations ({@code Map<Integer, String>}). */
    public static String simpleTypeText(TypeMirror t) {
        return typeText(t, false);
    }

    /** A stable identity for a type: qualified names and type arguments, no annotations ({@code java.util.List<java.lang.String>}). */
    static String typeKey(TypeMirror t) {
        return typeText(t, true);
    }

    private static String typeText(TypeMirror t, boolean qualified) {
        if (t.getKind() == TypeKind.DECLARED) {
            DeclaredType d = (DeclaredType) t;
            TypeElement e = (TypeElement) d.asElement();
            StringBuilder b = new StringBuilder(qualified ? e.getQualifiedName() : e.getSimpleName());
            if (!d.getTypeArguments().isEmpty()) {
                b.append('<');
                for (int i = 0; i < d.getTypeArguments().size(); i++) {
                    b.append(i == 0 ? "" : qualified ? "," : ", ").append(typeText(d.getTypeArguments().get(i), qualified));
                }
                b.append('>');
            }
            return b.toString();
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return typeText(((ArrayType) t).getComponentType(), qualified) + "[]";
        }
        return stripAnnotations(t.toString());
    }

    static String stripAnnotations(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '@') {
                int j = i + 1;
                while (j < s.length() && (Character.isJavaIdentifierPart(s.charAt(j)) || s.charAt(j) == '.')) {
                    j++;
                }
                if (j < s.length() && s.charAt(j) == '(') {
                    int depth = 0;
                    while (j < s.length()) {
                        if (s.charAt(j) == '(') {
                            depth++;
                        } else if (s.charAt(j) == ')' && --depth == 0) {
                            j++;
                            break;
                        }
                        j++;
                    }
                }
                while (j < s.length() && s.charAt(j) == ' ') {
                    j++;
                }
                i = j;
                continue;
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    static String erasedName(TypeMirror t) {
        if (t.getKind() == TypeKind.DECLARED) {
            return ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().toString();
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return erasedName(((ArrayType) t).getComponentType()) + "[]";
        }
        return t.getKind().isPrimitive() ? t.getKind().name().toLowerCase(java.util.Locale.ROOT)
                : stripAnnotations(t.toString());
    }

    static boolean hasAnnotationNamed(Element element, TypeMirror type, String simpleName) {
        List<AnnotationMirror> all = new ArrayList<>(element.getAnnotationMirrors());
        all.addAll(type.getAnnotationMirrors());
        if (element instanceof RecordComponentElement rc && rc.getAccessor() != null) {
            all.addAll(rc.getAccessor().getAnnotationMirrors());
            all.addAll(rc.getAccessor().getReturnType().getAnnotationMirrors());
        }
        for (AnnotationMirror m : all) {
            if (m.getAnnotationType().asElement().getSimpleName().contentEquals(simpleName)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why a Kotlin class (one carrying {@code @kotlin.Metadata}) cannot stand for a JSON object, with what to write
     * instead: under kapt a data class is a plain class, and {@code @JvmRecord} breaks kapt's stubs.
     */
    public static final String KOTLIN_CLASS = "a Kotlin class, which the processor sees through kapt as a plain"
            + " class (and @JvmRecord breaks kapt's stubs); declare its properties as the tool's own parameters,"
            + " or write the type as a Java record";

    /** Whether a type was compiled from Kotlin (kapt's stubs keep {@code @kotlin.Metadata}). */
    public static boolean isKotlin(Element type) {
        for (AnnotationMirror m : type.getAnnotationMirrors()) {
            if (((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals("kotlin.Metadata")) {
                return true;
            }
        }
        return false;
    }
}
