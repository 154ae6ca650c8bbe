package dev.calltype.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import dev.calltype.annotations.ToolParams;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.model.TypeModel.EnumType;
import dev.calltype.processor.model.TypeModel.OptionalType;
import dev.calltype.processor.model.TypeModel.Scalar;
import dev.calltype.render.Json;
import dev.calltype.render.Json.JsonSyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
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
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns a class's callable {@code @Tool} methods into a {@link ToolkitModel}, once. It reports nothing: what it
 * cannot take as written it leaves out and states as an {@link Issue}, and it says where each field came from
 * ({@link #sources()}) and which defaults still need checking against their types ({@link #defaults()}), for
 * validation to turn into diagnostics.
 */
public final class ModelBuilder {

    /** The list of supported types, for messages. */
    public static final String SUPPORTED = "String, char, boolean, byte, short, int, long, float, double and their"
            + " boxes, BigDecimal, BigInteger, enums, UUID, URI, LocalDate, LocalDateTime, OffsetDateTime, Instant,"
            + " Duration, records, sealed interfaces of records, List<T>, Set<T>, Collection<T>, arrays,"
            + " Map<String, V> and Optional<T>";

    private static final String PARAM = Param.class.getCanonicalName();
    private static final String TOOL = Tool.class.getCanonicalName();
    private static final String JSON_NODE = "com.fasterxml.jackson.databind.JsonNode";

    /**
     * Where a field of the model came from.
     *
     * @param tool the tool it is a parameter of, or {@code null} for a record component
     * @param label how messages name it
     * @param type its declared Java type
     */
    public record Source(FieldModel field, Element element, String tool, String label, TypeMirror type) {
    }

    /**
     * A {@code defaultValue} that is JSON, still to be checked against its type (which needs every record
     * mapped first).
     */
    public record StatedDefault(Json value, TypeModel type, Element element, AnnotationMirror mirror,
                                AnnotationValue annotationValue, String literal, String label, String typeText) {
    }

    private final Elements elements;
    private final Types types;
    private final List<Issue> issues = new ArrayList<>();
    private final List<Source> sources = new ArrayList<>();
    private final List<StatedDefault> defaults = new ArrayList<>();
    private final Set<String> unresolved = new LinkedHashSet<>();
    private final ConstraintReader constraints;
    private final SourceFacts facts;
    private TypeMapper mapper;

    /** @param facts where parameter names and Javadoc come from, for source and class files alike */
    public ModelBuilder(ProcessingEnvironment env, SourceFacts facts) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.facts = facts;
        this.constraints = new ConstraintReader(elements, issues);
    }

    /** Types that were not resolved yet (made by another processor); the class should be deferred. */
    public Set<String> unresolved() {
        return unresolved;
    }

    /** What the model left out, in the order met. */
    public List<Issue> issues() {
        return issues;
    }

    /** Each field of the model (parameters and record components) and where it came from. */
    public List<Source> sources() {
        return sources;
    }

    /** The defaults given as JSON, to check against their types. */
    public List<StatedDefault> defaults() {
        return defaults;
    }

    /** Builds the model for the given tool methods of {@code owner}. */
    public ToolkitModel build(TypeElement owner, List<ExecutableElement> methods) {
        mapper = new TypeMapper(elements, types, facts, elements.getPackageOf(owner),
                (c, type, doc, label) -> field(c, type, c.getSimpleName().toString(), doc, null, label, c));
        List<ToolModel> tools = new ArrayList<>();
        // the generated class's own nested types: the Call interface and the Lazy holder of its constants
        Set<String> callNames = new HashSet<>(Set.of("Call", "Lazy"));
        callNames.add(Declarations.generatedName(owner).simpleName());
        for (ExecutableElement method : methods) {
            if (!facts.parameterNamesKnown(method)) {
                issues.add(Issue.of(Problem.PARAMETER_NAMES_UNKNOWN, owner, null, null, Declarations.toolName(method),
                        ((TypeElement) method.getEnclosingElement()).getQualifiedName()));
            }
            tools.add(tool(method, callNames));
        }
        Map<String, RecordModel> finished = mapper.finishedRecords();
        TypeName target = Declarations.typeName(types.erasure(owner.asType()));
        return new ToolkitModel(owner, target, ClassName.get(owner), Declarations.generatedName(owner), tools,
                finished, mapper.sealedTypes());
    }

    /**
     * Builds the model of an {@code @Answer} type, or returns {@code null} after stating an issue when the type
     * has no JSON form (or is not resolved yet: see {@link #unresolved()}).
     *
     * @param type a record, an enum or a sealed interface
     * @param name the answer's name
     * @param description what the answer is ({@code ""} when none)
     * @param mirror the {@code @Answer} annotation, where the issue goes
     */
    public AnswerModel answer(TypeElement type, String name, String description, AnnotationMirror mirror) {
        mapper = new TypeMapper(elements, types, facts, elements.getPackageOf(type),
                (c, t, doc, label) -> field(c, t, c.getSimpleName().toString(), doc, null, label, c));
        Mapping m = mapper.map(type.asType(), false);
        if (m instanceof Mapping.Unresolved u) {
            unresolved.add(u.name());
            return null;
        }
        if (m instanceof Mapping.Failure f) {
            issues.add(Issue.of(Problem.ANSWER_UNSUPPORTED_TYPE, type, mirror, null, type.getSimpleName(),
                    f.reason(), SUPPORTED));
            return null;
        }
        ClassName generated = Declarations.answerName(type);
        ToolkitModel model = new ToolkitModel(type, ClassName.get(type), ClassName.get(type), generated, List.of(),
                mapper.finishedRecords(), mapper.sealedTypes());
        return new AnswerModel(type, generated, name, description, ((Mapping.Ok) m).type(), model);
    }

    // ---------------------------------------------------------------- tools

    private ToolModel tool(ExecutableElement method, Set<String> callNames) {
        AnnotationMirror tool = Declarations.mirror(method, TOOL);
        String name = Declarations.toolName(method);
        String stated = Declarations.explicitString(tool, "description");
        String doc = SourceFacts.needsDocComment(method) ? facts.docComment(method) : null;
        String description = !stated.isEmpty() ? stated : DocComments.summary(doc);
        List<FieldModel> params = new ArrayList<>();
        TypeName paramsRecord = null;
        String paramsRecordName = null;
        List<? extends VariableElement> javaParams = method.getParameters();
        TypeElement toolParams = javaParams.size() == 1 ? toolParamsRecord(javaParams.get(0).asType()) : null;
        if (toolParams != null) {
            VariableElement p = javaParams.get(0);
            paramsRecord = Declarations.typeName(p.asType());
            paramsRecordName = facts.parameterName(p);
            String recordDoc = facts.docComment(toolParams);
            DeclaredType declared = (DeclaredType) p.asType();
            for (RecordComponentElement c : toolParams.getRecordComponents()) {
                String component = c.getSimpleName().toString();
                FieldModel f = field(c, mapper.componentType(declared, c), component,
                        DocComments.param(recordDoc, component), name, component, c);
                if (f != null) {
                    params.add(f);
                }
            }
        } else {
            for (VariableElement p : javaParams) {
                String javaName = facts.parameterName(p);
                FieldModel f = field(p, p.asType(), javaName, DocComments.param(doc, javaName), name, javaName, p);
                if (f != null) {
                    params.add(f);
                }
            }
        }
        String callName = Names.upperCamel(name);
        String unique = callName;
        for (int n = 2; !callNames.add(unique) || Names.isJavaKeyword(unique); n++) {
            unique = callName + n;
        }
        return new ToolModel(name, description, method.getSimpleName().toString(), javadocLink(method),
                method.getModifiers().contains(Modifier.STATIC), Declarations.explicitly(tool, "confirm", true),
                Declarations.explicitly(tool, "readOnly", true), params, paramsRecord,
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
            b.append(i == 0 ? "" : ", ").append(Declarations.erasedName(t));
        }
        return b.append(')').toString();
    }

    private ReturnModel returns(ExecutableElement method) {
        TypeMirror rt = method.getReturnType();
        TypeName javaType = Declarations.typeName(rt);
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
        Mapping m = mapper.map(rt, true);
        if (m instanceof Mapping.Ok ok) {
            return new ReturnModel(ReturnModel.Kind.TYPED, javaType, ok.type());
        }
        if (m instanceof Mapping.Unresolved u) {
            unresolved.add(u.name());
        }
        return new ReturnModel(ReturnModel.Kind.DATA_BINDING, javaType, null);
    }

    private static boolean isJsonNode(TypeElement te) {
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
     * One parameter or record component, or {@code null} when its type has no JSON form (an issue is stated
     * for a parameter; a component's failure is its record's) or is not resolved yet.
     *
     * @param toolName the tool it is a parameter of, or {@code null} for a record component
     * @param label how messages name it
     * @param at the element messages about its type go to
     */
    private FieldModel field(Element element, TypeMirror type, String javaName, String docText, String toolName,
                             String label, Element at) {
        AnnotationMirror paramMirror = Declarations.mirror(element, PARAM);
        String name = Declarations.explicitString(paramMirror, "name");
        String stated = Declarations.explicitString(paramMirror, "description");
        String literal = Declarations.explicitString(paramMirror, "defaultValue");
        boolean optional = Declarations.explicitly(paramMirror, "required", false);
        String jsonName = !name.isEmpty() ? name : javaName;
        String description = !stated.isEmpty() ? stated : docText;
        Mapping mapping = mapper.map(type, true);
        if (mapping instanceof Mapping.Unresolved u) {
            unresolved.add(u.name());
            return null;
        }
        if (mapping instanceof Mapping.Failure f) {
            if (toolName != null) {
                issues.add(Issue.of(Problem.UNSUPPORTED_TYPE, at, null, null, jsonName, toolName,
                        Declarations.simpleTypeText(type), f.reason(), SUPPORTED));
            }
            return null;
        }
        TypeModel model = ((Mapping.Ok) mapping).type();
        boolean nullable = Declarations.hasAnnotationNamed(element, type, "Nullable");
        Json defaultValue = null;
        if (!literal.isEmpty()) {
            AnnotationValue av = Declarations.value(paramMirror, "defaultValue");
            try {
                defaultValue = Json.parse(literal);
                if (model instanceof EnumType e && defaultValue instanceof Json.JsonString s) {
                    defaultValue = Json.of(canonicalConstant(e, s.value()));
                }
                defaults.add(new StatedDefault(defaultValue, model, element, paramMirror, av, quoted(literal), label,
                        Declarations.simpleTypeText(type)));
            } catch (JsonSyntaxException e) {
                String hint = "it is not valid JSON (" + e.getMessage() + ")" + defaultHint(model, literal);
                issues.add(Issue.of(Problem.DEFAULT_INVALID, element, paramMirror, av, quoted(literal), label,
                        Declarations.simpleTypeText(type), hint));
                defaultValue = null;
            }
        }
        if (defaultValue == null && optional && !nullable
                && model instanceof Scalar sc && sc.isPrimitive()) {
            defaultValue = zero(sc.kind());
        }
        boolean required = !(model instanceof OptionalType) && !nullable && defaultValue == null && !optional;
        FieldModel field = new FieldModel(jsonName, javaName, model, required, description, defaultValue,
                constraints.read(element, model, label));
        sources.add(new Source(field, element, toolName, label, type));
        return field;
    }

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
}
