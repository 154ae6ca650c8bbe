package dev.calltype.processor.model;

import dev.calltype.render.Json;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import dev.calltype.annotations.ToolParams;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.diagnostic.Report;
import dev.calltype.render.Json.JsonNumber;
import dev.calltype.render.Json.JsonSyntaxException;
import dev.calltype.processor.model.TypeModel.EnumType;
import dev.calltype.processor.model.TypeModel.MapType;
import dev.calltype.processor.model.TypeModel.OptionalType;
import dev.calltype.processor.model.TypeModel.RecordRef;
import dev.calltype.processor.model.TypeModel.Scalar;
import dev.calltype.processor.model.TypeModel.SealedRef;
import dev.calltype.processor.model.TypeModel.Sequence;
import dev.calltype.processor.model.TypeModel.SequenceKind;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns a class with {@code @Tool} methods into a {@link ToolkitModel}, reporting on the way every
 * problem with types, defaults, constraints and descriptions. Structural problems (visibility,
 * names) are the validator's; this class assumes the methods it is given are callable.
 */
public final class ModelBuilder {

    /** The list of supported types, for messages. */
    public static final String SUPPORTED = "String, char, boolean, byte, short, int, long, float, double and their"
            + " boxes, BigDecimal, BigInteger, enums, UUID, URI, LocalDate, LocalDateTime, OffsetDateTime, Instant,"
            + " Duration, records, sealed interfaces of records, List<T>, Set<T>, Collection<T>, arrays,"
            + " Map<String, V> and Optional<T>";

    private static final String PARAM = Param.class.getCanonicalName();
    private static final String JSON_NODE = "com.fasterxml.jackson.databind.JsonNode";

    private final Elements elements;
    private final Types types;
    private final Report report;
    private final boolean describeWarnings;

    private PackageElement pkg;
    private final Map<String, RecordModel> records = new LinkedHashMap<>();
    private final Map<String, Mapping> recordResults = new LinkedHashMap<>();
    private final Map<String, SealedModel> sealedTypes = new LinkedHashMap<>();
    private final Map<String, Mapping> sealedResults = new LinkedHashMap<>();
    private final Set<String> sealedMembers = new HashSet<>();
    private final Set<String> unresolved = new LinkedHashSet<>();
    private final List<PendingDefault> pendingDefaults = new ArrayList<>();

    /**
     * @param report where problems go
     * @param describeWarnings whether a missing description is a warning ({@code calltype.descriptions})
     */
    public ModelBuilder(ProcessingEnvironment env, Report report, boolean describeWarnings) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.report = report;
        this.describeWarnings = describeWarnings;
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
                if (m.getAnnotation(Tool.class) == null
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

    /** The tool name of a method: {@code @Tool(name)} or the method name in snake_case. */
    public static String toolName(ExecutableElement method) {
        Tool tool = method.getAnnotation(Tool.class);
        return tool != null && !tool.name().isEmpty() ? tool.name() : Names.snakeCase(method.getSimpleName().toString());
    }

    /** Types that were not resolved yet (made by another processor); the class should be deferred. */
    public Set<String> unresolved() {
        return unresolved;
    }

    /** Builds the model for the given tool methods of {@code owner}. */
    /** The value a primitive has when a call leaves it out. */
    private static Json zero(ScalarKind kind) {
        return switch (kind) {
            case BOOLEAN -> new Json.JsonBoolean(false);
            case CHAR -> Json.of("\u0000");
            case FLOAT, DOUBLE -> new Json.JsonNumber("0.0");
            default -> new Json.JsonNumber("0");
        };
    }

    /** How to write a default of the type, for a {@code defaultValue} that is not JSON. */
    private static String defaultHint(TypeModel model, String literal) {
        TypeModel t = model instanceof OptionalType o ? o.value() : model;
        if (t instanceof EnumType || t instanceof Scalar s && s.kind().schemaType().equals("string")) {
            return literal.isEmpty() || !Character.isLetter(literal.charAt(0)) ? ""
                    : "; write a string in quotes: defaultValue = \"\\\"" + literal + "\\\"\"";
        }
        if (t instanceof Scalar s && s.kind().isNumeric()) {
            return "; write a number: defaultValue = \"" + (s.kind().schemaType().equals("integer") ? "10" : "2.5")
                    + "\"";
        }
        if (t instanceof Scalar s && s.kind() == ScalarKind.BOOLEAN) {
            return "; write true or false: defaultValue = \"true\"";
        }
        return "; write the JSON value, as the schema would hold it";
    }

    public ToolkitModel build(TypeElement owner, List<ExecutableElement> methods) {
        pkg = elements.getPackageOf(owner);
        List<ToolModel> tools = new ArrayList<>();
        // the generated class's own nested types: the Call interface and the Lazy holder of its constants
        Set<String> callNames = new HashSet<>(Set.of("Call", "Lazy"));
        callNames.add(generatedName(owner).simpleName());
        for (ExecutableElement method : methods) {
            tools.add(tool(method, callNames));
        }
        for (PendingDefault d : pendingDefaults) {
            String problem = DefaultCheck.check(d.value(), d.type(), records, sealedTypes);
            if (problem != null) {
                report.add(Problem.DEFAULT_INVALID, d.element(), d.mirror(), d.annotationValue(), d.literal(),
                        d.label(), d.typeText(), problem);
            }
        }
        Map<String, RecordModel> finished = markRecursive();
        TypeName target = typeName(types.erasure(owner.asType()));
        return new ToolkitModel(owner, target, ClassName.get(owner), generatedName(owner), tools, finished,
                sealedTypes);
    }

    // ---------------------------------------------------------------- tools

    /**
     * Whether the method's Javadoc can give a description the annotations do not: javac finds an element's doc
     * comment by searching its whole source file, so asking for every tool of a large class takes quadratic time.
     */
    private static boolean needsDocComment(Tool tool, ExecutableElement method) {
        if (tool.description().isEmpty()) {
            return true;
        }
        for (VariableElement p : method.getParameters()) {
            Param param = p.getAnnotation(Param.class);
            if (param == null || param.description().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private ToolModel tool(ExecutableElement method, Set<String> callNames) {
        Tool tool = method.getAnnotation(Tool.class);
        String name = toolName(method);
        String doc = needsDocComment(tool, method) ? elements.getDocComment(method) : null;
        String description = !tool.description().isEmpty() ? tool.description() : DocComments.summary(doc);
        if (description.isEmpty()) {
            warnNoDescription(method, "tool " + name);
        }
        List<FieldModel> params = new ArrayList<>();
        TypeName paramsRecord = null;
        String paramsRecordName = null;
        List<? extends VariableElement> javaParams = method.getParameters();
        TypeElement toolParams = javaParams.size() == 1 ? toolParamsRecord(javaParams.get(0).asType()) : null;
        if (toolParams != null) {
            VariableElement p = javaParams.get(0);
            paramsRecord = typeName(p.asType());
            paramsRecordName = p.getSimpleName().toString();
            String recordDoc = elements.getDocComment(toolParams);
            DeclaredType declared = (DeclaredType) p.asType();
            for (RecordComponentElement c : toolParams.getRecordComponents()) {
                TypeMirror ct = componentType(declared, c);
                FieldModel f = field(c, ct, c.getSimpleName().toString(), DocComments.param(recordDoc,
                        c.getSimpleName().toString()), name, true, c.getSimpleName().toString(), c);
                if (f != null) {
                    params.add(f);
                }
            }
        } else {
            for (VariableElement p : javaParams) {
                String javaName = p.getSimpleName().toString();
                FieldModel f = field(p, p.asType(), javaName, DocComments.param(doc, javaName), name, true, javaName, p);
                if (f != null) {
                    params.add(f);
                }
            }
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < params.size(); i++) {
            if (!seen.add(params.get(i).jsonName())) {
                Element at = toolParams != null ? toolParams.getRecordComponents().get(i) : javaParams.get(i);
                report.add(Problem.PARAM_DUPLICATE_NAME, at, params.get(i).jsonName(), name);
            }
        }
        String callName = Names.upperCamel(name);
        String unique = callName;
        for (int n = 2; !callNames.add(unique) || Names.isJavaKeyword(unique); n++) {
            unique = callName + n;
        }
        return new ToolModel(name, description, method.getSimpleName().toString(), javadocLink(method),
                method.getModifiers().contains(Modifier.STATIC), tool.confirm(), tool.readOnly(), params, paramsRecord,
                paramsRecordName, unique, returns(method));
    }

    /** The record a sole parameter names when it is a {@code @ToolParams} record, else {@code null}. */
    private TypeElement toolParamsRecord(TypeMirror type) {
        if (type.getKind() != TypeKind.DECLARED) {
            return null;
        }
        TypeElement te = (TypeElement) ((DeclaredType) type).asElement();
        return te.getKind() == ElementKind.RECORD && te.getAnnotation(ToolParams.class) != null ? te : null;
    }

    private String javadocLink(ExecutableElement method) {
        StringBuilder b = new StringBuilder(method.getSimpleName()).append('(');
        for (int i = 0; i < method.getParameters().size(); i++) {
            TypeMirror t = types.erasure(method.getParameters().get(i).asType());
            b.append(i == 0 ? "" : ", ").append(erasedName(t));
        }
        return b.append(')').toString();
    }

    private String erasedName(TypeMirror t) {
        if (t.getKind() == TypeKind.DECLARED) {
            return ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().toString();
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return erasedName(((ArrayType) t).getComponentType()) + "[]";
        }
        return t.getKind().isPrimitive() ? t.getKind().name().toLowerCase(java.util.Locale.ROOT)
                : stripAnnotations(t.toString());
    }

    private ReturnModel returns(ExecutableElement method) {
        TypeMirror rt = method.getReturnType();
        TypeName javaType = typeName(rt);
        if (rt.getKind() == TypeKind.VOID) {
            return new ReturnModel(ReturnModel.Kind.VOID, TypeName.VOID, null);
        }
        if (rt.getKind() == TypeKind.DECLARED) {
            TypeElement te = (TypeElement) ((DeclaredType) rt).asElement();
            if (te.getQualifiedName().contentEquals("java.lang.String")) {
                return new ReturnModel(ReturnModel.Kind.STRING, javaType, null);
            }
            if (isJsonNode(te)) {
                return new ReturnModel(ReturnModel.Kind.JSON_NODE, javaType, null);
            }
        }
        Mapping m = map(rt, true);
        if (m instanceof Mapping.Ok ok) {
            return new ReturnModel(ReturnModel.Kind.TYPED, javaType, ok.type());
        }
        if (m instanceof Mapping.Unresolved u) {
            unresolved.add(u.name());
        } else if (!suppressed(method)) {
            report.add(Problem.RETURN_BY_REFLECTION, method, method.getSimpleName(), simpleTypeText(rt));
        }
        return new ReturnModel(ReturnModel.Kind.DATA_BINDING, javaType, null);
    }

    private boolean isJsonNode(TypeElement te) {
        TypeElement t = te;
        while (t != null) {
            if (t.getQualifiedName().contentEquals(JSON_NODE)) {
                return true;
            }
            TypeMirror sup = t.getSuperclass();
            t = sup.getKind() == TypeKind.DECLARED ? (TypeElement) ((DeclaredType) sup).asElement() : null;
        }
        return false;
    }

    // ---------------------------------------------------------------- fields

    /**
     * One parameter or record component.
     *
     * @param topLevel whether it is one of a tool's parameters (warnings and type errors reported)
     * @param label how messages name it
     * @param at the element messages about its type go to
     */
    private FieldModel field(Element element, TypeMirror type, String javaName, String docText, String toolName,
                             boolean topLevel, String label, Element at) {
        Param param = element.getAnnotation(Param.class);
        AnnotationMirror paramMirror = mirror(element, PARAM);
        String jsonName = param != null && !param.name().isEmpty() ? param.name() : javaName;
        String description = param != null && !param.description().isEmpty() ? param.description() : docText;
        if (topLevel && description.isEmpty()) {
            warnNoDescription(element, "parameter '" + jsonName + "' of tool " + toolName);
        }
        Mapping mapping = map(type, true);
        if (mapping instanceof Mapping.Unresolved u) {
            unresolved.add(u.name());
            return null;
        }
        if (mapping instanceof Mapping.Failure f) {
            if (topLevel) {
                report.add(Problem.UNSUPPORTED_TYPE, at, jsonName, toolName, simpleTypeText(type), f.reason(),
                        SUPPORTED);
            }
            return null;
        }
        TypeModel model = ((Mapping.Ok) mapping).type();
        boolean nullable = hasAnnotationNamed(element, type, "Nullable");
        Json defaultValue = null;
        if (param != null && !param.defaultValue().isEmpty()) {
            AnnotationValue av = value(paramMirror, "defaultValue");
            String literal = param.defaultValue();
            String labelText = label;
            try {
                defaultValue = Json.parse(literal);
                if (model instanceof EnumType e && defaultValue instanceof Json.JsonString s) {
                    defaultValue = Json.of(canonicalConstant(e, s.value()));
                }
                pendingDefaults.add(new PendingDefault(defaultValue, model, element, paramMirror, av, quoted(literal),
                        labelText, simpleTypeText(type)));
            } catch (JsonSyntaxException e) {
                String hint = "it is not valid JSON (" + e.getMessage() + ")" + defaultHint(model, literal);
                report.add(Problem.DEFAULT_INVALID, element, paramMirror, av, quoted(literal), labelText,
                        simpleTypeText(type), hint);
                defaultValue = null;
            }
        }
        if (defaultValue == null && param != null && !param.required() && !nullable
                && model instanceof Scalar sc && sc.isPrimitive()) {
            defaultValue = zero(sc.kind());
            report.add(Problem.OPTIONAL_PRIMITIVE, element, paramMirror, value(paramMirror, "required"), label,
                    simpleTypeText(type), defaultValue.write(), sc.kind().className().replace("java.lang.", ""));
        }
        boolean required = !(model instanceof OptionalType) && !nullable && defaultValue == null
                && (param == null || param.required());
        Constraints constraints = constraints(element, model, label);
        return new FieldModel(jsonName, javaName, model, required, description, defaultValue, constraints);
    }

    private static String canonicalConstant(EnumType e, String s) {
        for (String c : e.constants()) {
            if (c.equals(s)) {
                return c;
            }
        }
        for (String c : e.constants()) {
            if (c.equalsIgnoreCase(s)) {
                return c;
            }
        }
        return s;
    }

    private static String quoted(String literal) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append('"').toString();
    }

    private void warnNoDescription(Element element, String what) {
        if (!describeWarnings || suppressed(element)) {
            return;
        }
        report.add(Problem.DESCRIPTION_MISSING, element, what);
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

    // ---------------------------------------------------------------- constraints

    private Constraints constraints(Element element, TypeModel type, String label) {
        Map<String, AnnotationMirror> found = annotationsBySimpleName(element);
        if (found.isEmpty()) {
            return Constraints.NONE;
        }
        TypeModel t = type instanceof OptionalType o ? o.value() : type;
        boolean string = t instanceof Scalar s && s.kind() == ScalarKind.STRING;
        boolean numeric = t instanceof Scalar s && s.kind().isNumeric();
        boolean sized = t instanceof Sequence;
        String typeText = simpleName(t.javaType());
        JsonNumber minimum = null;
        JsonNumber maximum = null;
        Integer minLength = null;
        Integer maxLength = null;
        Integer minItems = null;
        Integer maxItems = null;
        String pattern = null;
        boolean notBlank = false;
        boolean email = false;
        for (Map.Entry<String, AnnotationMirror> e : found.entrySet()) {
            String name = e.getKey();
            AnnotationMirror m = e.getValue();
            switch (name) {
                case "Min", "Max" -> {
                    if (!numeric) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    Object v = valueOf(m, "value");
                    if (v instanceof Number n) {
                        JsonNumber bound = new JsonNumber(Long.toString(n.longValue()));
                        if (name.equals("Min")) {
                            minimum = bound;
                        } else {
                            maximum = bound;
                        }
                    }
                }
                case "DecimalMin", "DecimalMax" -> {
                    if (!numeric) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    Object v = valueOf(m, "value");
                    try {
                        BigDecimal d = new BigDecimal(String.valueOf(v).strip());
                        JsonNumber bound = JsonNumber.canonical(d.toPlainString());
                        if (name.equals("DecimalMin")) {
                            minimum = bound;
                        } else {
                            maximum = bound;
                        }
                    } catch (NumberFormatException ex) {
                        report.add(Problem.CONSTRAINT_INVALID, element, m, value(m, "value"), name, label,
                                "\"" + v + "\" is not a number");
                    }
                }
                case "Size" -> {
                    Object min = valueOf(m, "min");
                    Object max = valueOf(m, "max");
                    int lo = min instanceof Number n ? n.intValue() : 0;
                    int hi = max instanceof Number n ? n.intValue() : Integer.MAX_VALUE;
                    if (lo > hi || lo < 0) {
                        report.add(Problem.CONSTRAINT_INVALID, element, m, null, name, label,
                                "min " + lo + " and max " + hi + " allow no size");
                        continue;
                    }
                    if (string) {
                        minLength = lo > 0 ? Integer.valueOf(lo) : minLength;
                        maxLength = hi != Integer.MAX_VALUE ? Integer.valueOf(hi) : maxLength;
                    } else if (sized) {
                        minItems = lo > 0 ? Integer.valueOf(lo) : minItems;
                        maxItems = hi != Integer.MAX_VALUE ? Integer.valueOf(hi) : maxItems;
                    } else {
                        ignored(element, m, name, label, typeText);
                    }
                }
                case "Pattern" -> {
                    if (!string) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    Object v = valueOf(m, "regexp");
                    try {
                        Pattern.compile(String.valueOf(v));
                        pattern = String.valueOf(v);
                    } catch (PatternSyntaxException ex) {
                        report.add(Problem.CONSTRAINT_INVALID, element, m, value(m, "regexp"), name, label,
                                "the regular expression does not compile: " + ex.getDescription());
                    }
                }
                case "NotBlank" -> {
                    if (!string) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    notBlank = true;
                }
                case "NotEmpty" -> {
                    if (string) {
                        minLength = 1;
                    } else if (sized) {
                        minItems = 1;
                    } else {
                        ignored(element, m, name, label, typeText);
                    }
                }
                case "Email" -> {
                    if (!string) {
                        ignored(element, m, name, label, typeText);
                        continue;
                    }
                    email = true;
                }
                default -> {
                }
            }
        }
        if (notBlank && (minLength == null || minLength < 1)) {
            minLength = 1;
        }
        return new Constraints(minimum, maximum, minLength, maxLength, pattern, minItems, maxItems, notBlank, email);
    }

    private static final Set<String> CONSTRAINTS = Set.of("Min", "Max", "DecimalMin", "DecimalMax", "Size", "Pattern",
            "NotBlank", "NotEmpty", "Email");

    private void ignored(Element element, AnnotationMirror m, String name, String label, String typeText) {
        if (!suppressed(element)) {
            report.add(Problem.CONSTRAINT_IGNORED, element, m, null, name, label, typeText);
        }
    }

    /**
     * Constraint annotations by simple name, from the element, its type, and for a record component
     * also the accessor and field the compiler derives from it (where annotations without the
     * {@code RECORD_COMPONENT} target end up).
     */
    private Map<String, AnnotationMirror> annotationsBySimpleName(Element element) {
        Map<String, AnnotationMirror> out = new LinkedHashMap<>();
        List<AnnotationMirror> all = new ArrayList<>(element.getAnnotationMirrors());
        all.addAll(element.asType().getAnnotationMirrors());
        if (element instanceof RecordComponentElement rc) {
            ExecutableElement accessor = rc.getAccessor();
            if (accessor != null) {
                all.addAll(accessor.getAnnotationMirrors());
                all.addAll(accessor.getReturnType().getAnnotationMirrors());
            }
            for (VariableElement f : ElementFilter.fieldsIn(rc.getEnclosingElement().getEnclosedElements())) {
                if (f.getSimpleName().contentEquals(rc.getSimpleName())) {
                    all.addAll(f.getAnnotationMirrors());
                    all.addAll(f.asType().getAnnotationMirrors());
                }
            }
        }
        for (AnnotationMirror m : all) {
            String simple = m.getAnnotationType().asElement().getSimpleName().toString();
            if (CONSTRAINTS.contains(simple)) {
                out.putIfAbsent(simple, m);
            }
        }
        return out;
    }

    private boolean hasAnnotationNamed(Element element, TypeMirror type, String simpleName) {
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

    private Object valueOf(AnnotationMirror m, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
                : elements.getElementValuesWithDefaults(m).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue().getValue();
            }
        }
        return null;
    }

    private static AnnotationValue value(AnnotationMirror m, String name) {
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

    // ---------------------------------------------------------------- types

    /** The result of mapping a Java type. */
    private sealed interface Mapping {
        record Ok(TypeModel type) implements Mapping {
        }

        record Failure(String reason) implements Mapping {
        }

        record Unresolved(String name) implements Mapping {
        }
    }

    /**
     * @param fieldLevel whether the type is directly a parameter's or component's, where
     *     {@code Optional} is allowed
     */
    private Mapping map(TypeMirror type, boolean fieldLevel) {
        switch (type.getKind()) {
            case ERROR:
                return new Mapping.Unresolved(stripAnnotations(type.toString()));
            case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case CHAR: case FLOAT: case DOUBLE: {
                ScalarKind k = ScalarKind.forName(type.getKind().name().toLowerCase(java.util.Locale.ROOT));
                return new Mapping.Ok(new Scalar(k, typeName(type)));
            }
            case ARRAY: {
                Mapping element = map(((ArrayType) type).getComponentType(), false);
                if (!(element instanceof Mapping.Ok ok)) {
                    return element instanceof Mapping.Failure f ? new Mapping.Failure("array elements: " + f.reason())
                            : element;
                }
                return new Mapping.Ok(new Sequence(SequenceKind.ARRAY, ok.type(), typeName(type)));
            }
            case DECLARED:
                return declared((DeclaredType) type, fieldLevel);
            case TYPEVAR:
                return new Mapping.Failure("a type variable has no JSON form; use a concrete type");
            case WILDCARD:
                return new Mapping.Failure("wildcards other than '? extends T' have no JSON form");
            default:
                return new Mapping.Failure(type.getKind().name().toLowerCase(java.util.Locale.ROOT)
                        + " has no JSON form");
        }
    }

    private Mapping declared(DeclaredType type, boolean fieldLevel) {
        TypeElement te = (TypeElement) type.asElement();
        String qn = te.getQualifiedName().toString();
        ScalarKind scalar = ScalarKind.forName(qn);
        if (scalar != null) {
            return new Mapping.Ok(new Scalar(scalar, ClassName.get(te)));
        }
        List<? extends TypeMirror> args = type.getTypeArguments();
        switch (qn) {
            case "java.util.Optional": {
                if (!fieldLevel) {
                    return new Mapping.Failure("Optional is supported only directly on a parameter or record"
                            + " component, not inside another type");
                }
                if (args.isEmpty()) {
                    return new Mapping.Failure("raw Optional has no element type");
                }
                Mapping inner = map(unwrapExtends(args.get(0)), false);
                if (inner instanceof Mapping.Ok ok) {
                    return new Mapping.Ok(new OptionalType(ok.type(), ParameterizedTypeName.get(ClassName.get(te),
                            ok.type().javaType().box())));
                }
                return inner;
            }
            case "java.util.List", "java.util.Set", "java.util.Collection": {
                if (args.isEmpty()) {
                    return new Mapping.Failure("raw " + te.getSimpleName() + " has no element type; write "
                            + te.getSimpleName() + "<T>");
                }
                Mapping inner = map(unwrapExtends(args.get(0)), false);
                if (inner instanceof Mapping.Ok ok) {
                    SequenceKind kind = qn.endsWith("List") ? SequenceKind.LIST
                            : qn.endsWith("Set") ? SequenceKind.SET : SequenceKind.COLLECTION;
                    return new Mapping.Ok(new Sequence(kind, ok.type(), ParameterizedTypeName.get(ClassName.get(te),
                            ok.type().javaType().box())));
                }
                return inner instanceof Mapping.Failure f
                        ? new Mapping.Failure(te.getSimpleName() + " elements: " + f.reason()) : inner;
            }
            case "java.util.Map": {
                if (args.size() != 2) {
                    return new Mapping.Failure("raw Map has no key and value types; write Map<String, V>");
                }
                TypeMirror key = unwrapExtends(args.get(0));
                if (key.getKind() == TypeKind.ERROR) {
                    return new Mapping.Unresolved(stripAnnotations(key.toString()));
                }
                if (key.getKind() != TypeKind.DECLARED
                        || !((TypeElement) ((DeclaredType) key).asElement()).getQualifiedName()
                        .contentEquals("java.lang.String")) {
                    return new Mapping.Failure("Map keys must be String (JSON object keys are strings), not "
                            + simpleTypeText(key));
                }
                Mapping inner = map(unwrapExtends(args.get(1)), false);
                if (inner instanceof Mapping.Ok ok) {
                    return new Mapping.Ok(new MapType(ok.type(), ParameterizedTypeName.get(ClassName.get(te),
                            ClassName.get("java.lang", "String"), ok.type().javaType().box())));
                }
                return inner instanceof Mapping.Failure f ? new Mapping.Failure("Map values: " + f.reason()) : inner;
            }
            default:
                break;
        }
        if (te.getKind() == ElementKind.ENUM) {
            String access = accessProblem(te);
            if (access != null) {
                return new Mapping.Failure(access);
            }
            List<String> constants = new ArrayList<>();
            for (Element e : te.getEnclosedElements()) {
                if (e.getKind() == ElementKind.ENUM_CONSTANT) {
                    constants.add(e.getSimpleName().toString());
                }
            }
            return new Mapping.Ok(new EnumType(ClassName.get(te), constants));
        }
        if (te.getKind() == ElementKind.RECORD) {
            return record(type, te);
        }
        if (te.getKind() == ElementKind.INTERFACE && te.getModifiers().contains(Modifier.SEALED)) {
            return sealed(type, te);
        }
        String what = te.getKind() == ElementKind.INTERFACE ? "an interface that is not sealed"
                : te.getKind() == ElementKind.CLASS ? "a class that is not a record (use a record)"
                : "a " + te.getKind().name().toLowerCase(java.util.Locale.ROOT);
        return new Mapping.Failure(te.getSimpleName() + " is " + what);
    }

    private Mapping record(DeclaredType type, TypeElement te) {
        String key = key(type);
        Mapping known = recordResults.get(key);
        if (known != null) {
            return known;
        }
        String access = accessProblem(te);
        if (access != null) {
            return remember(key, new Mapping.Failure(access));
        }
        for (TypeMirror arg : type.getTypeArguments()) {
            if (arg.getKind() != TypeKind.DECLARED && arg.getKind() != TypeKind.ARRAY) {
                return remember(key, new Mapping.Failure("record " + te.getSimpleName()
                        + " must be used with concrete type arguments"));
            }
        }
        if (!te.getTypeParameters().isEmpty() && type.getTypeArguments().isEmpty()) {
            return remember(key, new Mapping.Failure("raw record type " + te.getSimpleName()));
        }
        TypeName javaType = typeName(type);
        RecordRef ref = new RecordRef(key, javaType);
        recordResults.put(key, new Mapping.Ok(ref));
        String doc = elements.getDocComment(te);
        List<FieldModel> fields = new ArrayList<>();
        boolean member = sealedMembers.contains(key);
        for (RecordComponentElement c : te.getRecordComponents()) {
            String name = c.getSimpleName().toString();
            TypeMirror ct = componentType(type, c);
            Mapping m = map(ct, true);
            if (m instanceof Mapping.Unresolved) {
                recordResults.remove(key);
                return m;
            }
            if (m instanceof Mapping.Failure f) {
                return remember(key, new Mapping.Failure("in record " + te.getSimpleName() + ", component '" + name
                        + "': " + f.reason()));
            }
            FieldModel fm = field(c, ct, name, DocComments.param(doc, name), null, false,
                    te.getSimpleName() + "." + name, c);
            if (member && fm.jsonName().equals(SealedModel.DISCRIMINATOR)) {
                return remember(key, new Mapping.Failure("record " + te.getSimpleName() + " has a component named '"
                        + SealedModel.DISCRIMINATOR + "', which is the discriminator of its sealed interface"));
            }
            fields.add(fm);
        }
        String simple = uniqueSimpleName(te.getSimpleName().toString(), key);
        records.put(key, new RecordModel(key, javaType, simple, fields, false, member));
        return new Mapping.Ok(ref);
    }

    private Mapping remember(String key, Mapping m) {
        recordResults.put(key, m);
        return m;
    }

    private String uniqueSimpleName(String simple, String key) {
        Set<String> used = new HashSet<>();
        for (RecordModel r : records.values()) {
            if (!r.key().equals(key)) {
                used.add(r.simpleName());
            }
        }
        for (SealedModel s : sealedTypes.values()) {
            if (!s.key().equals(key)) {
                used.add(s.simpleName());
            }
        }
        String candidate = simple;
        for (int n = 2; used.contains(candidate); n++) {
            candidate = simple + n;
        }
        return candidate;
    }

    private Mapping sealed(DeclaredType type, TypeElement te) {
        String key = key(type);
        Mapping known = sealedResults.get(key);
        if (known != null) {
            return known;
        }
        String access = accessProblem(te);
        if (access != null) {
            sealedResults.put(key, new Mapping.Failure(access));
            return sealedResults.get(key);
        }
        if (!te.getTypeParameters().isEmpty()) {
            sealedResults.put(key, new Mapping.Failure("generic sealed interface " + te.getSimpleName()));
            return sealedResults.get(key);
        }
        SealedRef ref = new SealedRef(key, typeName(type));
        sealedResults.put(key, new Mapping.Ok(ref));
        List<SealedModel.Member> members = new ArrayList<>();
        Set<String> discriminators = new HashSet<>();
        for (TypeMirror permitted : te.getPermittedSubclasses()) {
            if (permitted.getKind() == TypeKind.ERROR) {
                sealedResults.remove(key);
                return new Mapping.Unresolved(stripAnnotations(permitted.toString()));
            }
            TypeElement pe = (TypeElement) ((DeclaredType) permitted).asElement();
            if (pe.getKind() != ElementKind.RECORD || !pe.getTypeParameters().isEmpty()) {
                sealedResults.put(key, new Mapping.Failure("sealed interface " + te.getSimpleName()
                        + " permits " + pe.getSimpleName() + ", which is not a non-generic record"));
                return sealedResults.get(key);
            }
            String memberKey = key(permitted);
            sealedMembers.add(memberKey);
            RecordModel built = records.get(memberKey);
            if (built != null && built.fields().stream().anyMatch(f -> f.jsonName().equals(SealedModel.DISCRIMINATOR))) {
                sealedResults.put(key, new Mapping.Failure("record " + pe.getSimpleName()
                        + " has a component named 'type', which is the discriminator of " + te.getSimpleName()));
                return sealedResults.get(key);
            }
            Mapping m = record((DeclaredType) permitted, pe);
            if (m instanceof Mapping.Unresolved) {
                sealedResults.remove(key);
                return m;
            }
            if (m instanceof Mapping.Failure f) {
                sealedResults.put(key, new Mapping.Failure(f.reason()));
                return sealedResults.get(key);
            }
            String discriminator = Names.snakeCase(pe.getSimpleName().toString());
            if (!discriminators.add(discriminator)) {
                sealedResults.put(key, new Mapping.Failure("two records permitted by " + te.getSimpleName()
                        + " have the discriminator \"" + discriminator + "\""));
                return sealedResults.get(key);
            }
            members.add(new SealedModel.Member(discriminator, pe.getSimpleName().toString(), memberKey));
        }
        if (members.isEmpty()) {
            sealedResults.put(key, new Mapping.Failure("sealed interface " + te.getSimpleName() + " permits nothing"));
            return sealedResults.get(key);
        }
        sealedTypes.put(key, new SealedModel(key, typeName(type), uniqueSimpleName(te.getSimpleName().toString(), key),
                members));
        return new Mapping.Ok(ref);
    }

    private TypeMirror componentType(DeclaredType owner, RecordComponentElement c) {
        ExecutableElement accessor = c.getAccessor();
        if (accessor != null) {
            TypeMirror t = types.asMemberOf(owner, accessor);
            if (t instanceof ExecutableType et) {
                return et.getReturnType();
            }
        }
        return c.asType();
    }

    private static TypeMirror unwrapExtends(TypeMirror t) {
        if (t.getKind() == TypeKind.WILDCARD) {
            WildcardType w = (WildcardType) t;
            if (w.getExtendsBound() != null) {
                return w.getExtendsBound();
            }
        }
        return t;
    }

    /** Why the generated class (in {@link #pkg}) cannot name the type, or {@code null}. */
    private String accessProblem(TypeElement te) {
        for (Element e = te; e != null && (e.getKind().isClass() || e.getKind().isInterface());
             e = e.getEnclosingElement()) {
            Set<Modifier> mods = e.getModifiers();
            if (mods.contains(Modifier.PRIVATE)) {
                return te.getSimpleName() + " is private (or inside a private class); the generated toolkit cannot"
                        + " use it";
            }
            if (!mods.contains(Modifier.PUBLIC) && !elements.getPackageOf(e).equals(pkg)) {
                return te.getSimpleName() + " is not public and lives in another package; make it public";
            }
        }
        return null;
    }

    /** A stable identity for a type: qualified names and type arguments, no annotations. */
    private String key(TypeMirror t) {
        if (t.getKind() == TypeKind.DECLARED) {
            DeclaredType d = (DeclaredType) t;
            StringBuilder b = new StringBuilder(((TypeElement) d.asElement()).getQualifiedName());
            if (!d.getTypeArguments().isEmpty()) {
                b.append('<');
                for (int i = 0; i < d.getTypeArguments().size(); i++) {
                    b.append(i == 0 ? "" : ",").append(key(d.getTypeArguments().get(i)));
                }
                b.append('>');
            }
            return b.toString();
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return key(((ArrayType) t).getComponentType()) + "[]";
        }
        return stripAnnotations(t.toString());
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
        if (t.getKind() == TypeKind.DECLARED) {
            DeclaredType d = (DeclaredType) t;
            StringBuilder b = new StringBuilder(d.asElement().getSimpleName());
            if (!d.getTypeArguments().isEmpty()) {
                b.append('<');
                for (int i = 0; i < d.getTypeArguments().size(); i++) {
                    b.append(i == 0 ? "" : ", ").append(simpleTypeText(d.getTypeArguments().get(i)));
                }
                b.append('>');
            }
            return b.toString();
        }
        if (t.getKind() == TypeKind.ARRAY) {
            return simpleTypeText(((ArrayType) t).getComponentType()) + "[]";
        }
        return stripAnnotations(t.toString());
    }

    private static String stripAnnotations(String s) {
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

    // ---------------------------------------------------------------- recursion

    /** Marks the records that can contain themselves. */
    private Map<String, RecordModel> markRecursive() {
        Map<String, RecordModel> out = new LinkedHashMap<>();
        for (RecordModel r : records.values()) {
            boolean recursive = reaches(r.key(), r.key());
            boolean member = r.sealedMember() || sealedMembers.contains(r.key());
            out.put(r.key(), new RecordModel(r.key(), r.javaType(), r.simpleName(), r.fields(), recursive, member));
        }
        return out;
    }

    private boolean reaches(String from, String target) {
        Set<String> seen = new HashSet<>();
        Deque<String> work = new ArrayDeque<>();
        work.push(from);
        while (!work.isEmpty()) {
            String key = work.pop();
            List<TypeModel> next = new ArrayList<>();
            RecordModel r = records.get(key);
            if (r != null) {
                for (FieldModel f : r.fields()) {
                    next.add(f.type());
                }
            }
            SealedModel s = sealedTypes.get(key);
            if (s != null) {
                for (SealedModel.Member m : s.members()) {
                    next.add(new RecordRef(m.recordKey(), null));
                }
            }
            for (TypeModel t : next) {
                for (String k : referencedKeys(t)) {
                    if (k.equals(target)) {
                        return true;
                    }
                    if (seen.add(k)) {
                        work.push(k);
                    }
                }
            }
        }
        return false;
    }

    private static List<String> referencedKeys(TypeModel t) {
        if (t instanceof RecordRef r) {
            return List.of(r.key());
        }
        if (t instanceof SealedRef s) {
            return List.of(s.key());
        }
        if (t instanceof Sequence s) {
            return referencedKeys(s.element());
        }
        if (t instanceof MapType m) {
            return referencedKeys(m.value());
        }
        if (t instanceof OptionalType o) {
            return referencedKeys(o.value());
        }
        return List.of();
    }

    private record PendingDefault(Json value, TypeModel type, Element element, AnnotationMirror mirror,
                                  AnnotationValue annotationValue, String literal, String label, String typeText) {
    }
}
