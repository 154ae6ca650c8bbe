package dev.calltype.processor.generation;

import static dev.calltype.processor.generation.RuntimeNames.COERCION;
import static dev.calltype.processor.generation.RuntimeNames.DISPATCH_SUPPORT;
import static dev.calltype.processor.generation.RuntimeNames.JSON_NODE;
import static dev.calltype.processor.generation.RuntimeNames.OBJECT_NODE;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.calltype.processor.model.Constraints;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.Names;
import dev.calltype.processor.model.RecordModel;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.SealedModel;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.TypeModel;
import dev.calltype.render.Json;
import dev.calltype.render.ToolSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes the {@code <ClassName>Tools} source for a {@link ToolkitModel}: each tool's name,
 * description and schema stated once, a {@code Call} record per tool, and per-field reading, checking and
 * writing code. Output depends only on the model, so identical sources give identical bytes.
 */
public final class ToolkitGenerator {

    private static final int MAX_LITERAL = 8000;
    /**
     * The nested class holding the constants that need Jackson, or that only dispatching needs: a
     * holder initialised on first use, so that a toolkit's schemas and instructions cost no more than
     * loading its string constants. A tool's {@code Call} record is never given this name.
     */
    private static final String LAZY = "Lazy";
    private static final ClassName LIST = ClassName.get("java.util", "List");
    private static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
    private static final ClassName MAP = ClassName.get("java.util", "Map");
    private static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    private static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
    private static final ClassName PATTERN = ClassName.get("java.util.regex", "Pattern");
    private static final ClassName STRING = ClassName.get("java.lang", "String");
    private static final TypeName LIST_OF_STRING = ParameterizedTypeName.get(LIST, STRING);
    private static final Set<String> RESERVED_COMPONENTS = Set.of("clone", "finalize", "getClass", "hashCode",
            "notify", "notifyAll", "toString", "wait");

    private final ToolkitModel model;
    private final ClassName self;
    private final ClassName callType;
    private final ClassName lazy;
    private final SchemaGenerator schemaGenerator;
    private final List<ToolSchema> schemas = new ArrayList<>();
    private final Map<ToolModel, String> toolConstants = new LinkedHashMap<>();
    private final Map<String, String> recordConstants = new LinkedHashMap<>();
    private final Set<String> usedConstants = new HashSet<>();
    private final List<FieldSpec> lazyConstants = new ArrayList<>();
    private final Map<TypeName, CodeBlock> enumConstants = new LinkedHashMap<>();
    private final Set<String> readRecords = new LinkedHashSet<>();
    private final Set<String> readSealed = new LinkedHashSet<>();
    private final Set<String> writeRecords = new LinkedHashSet<>();
    private final Set<String> writeSealed = new LinkedHashSet<>();

    public ToolkitGenerator(ToolkitModel model) {
        this.model = model;
        this.self = model.generated();
        this.callType = self.nestedClass("Call");
        this.lazy = self.nestedClass(LAZY);
        this.schemaGenerator = new SchemaGenerator(model);
        for (ToolModel t : model.tools()) {
            schemas.add(new ToolSchema(t.name(), t.description(), schemaGenerator.parameters(t)));
            toolConstants.put(t, unique(Names.constantCase(t.name())));
        }
        for (RecordModel r : model.records().values()) {
            recordConstants.put(r.key(), unique(Names.constantCase(r.simpleName())));
        }
        for (SealedModel s : model.sealedTypes().values()) {
            recordConstants.put(s.key(), unique(Names.constantCase(s.simpleName())));
        }
        collectUsage();
    }

    /** The per-tool schemas, as {@code ToolSpec.parameters()} will hold them. */
    public List<ToolSchema> schemas() {
        return schemas;
    }

    public JavaFile generate() {
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(RuntimeNames.TOOLKIT);
        if (GeneratedAnnotation.visibleFrom(model.origin())) {
            type.addAnnotation(AnnotationSpec.builder(RuntimeNames.GENERATED)
                    .addMember("value", "$S", RuntimeNames.PROCESSOR).build());
        }
        type.addOriginatingElement(model.origin())
                .addJavadoc("The tools of {@link $T}, generated by Calltype from its {@code @Tool} methods.\n",
                        model.targetClass())
                .addJavadoc("\n<p>Each tool's schema is stated once; schema dialects and prompt instructions are composed"
                        + " from it\non first use. Arguments are read field by field,\nwith the coercions of {@link $T}, and failures come back as"
                        + " {@link $T} values written for the model.\n", COERCION, RuntimeNames.TOOL_RESULT);
        addToolConstants(type);
        addFieldConstants(type);
        List<MethodSpec> methods = new ArrayList<>();
        methods.add(constructor(type));
        methods.addAll(toolkitMethods());
        for (int i = 0; i < model.tools().size(); i++) {
            methods.add(dispatchMethod(model.tools().get(i), i));
        }
        methods.add(readCallMethod());
        for (ToolModel t : model.tools()) {
            methods.add(argumentsMethod(t));
        }
        for (String key : readRecords) {
            methods.add(readRecordMethod(model.record(key)));
        }
        for (String key : readSealed) {
            methods.add(readSealedMethod(model.sealed(key)));
        }
        for (String key : writeRecords) {
            methods.add(writeRecordMethod(model.record(key)));
        }
        for (String key : writeSealed) {
            methods.add(writeSealedMethod(model.sealed(key)));
        }
        lazyConstants.add(FieldSpec.builder(RuntimeNames.TOOL_CALL_EXTRACTOR, "EXTRACTOR", Modifier.PRIVATE,
                        Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.builder().tools(TOOLS).build()", RuntimeNames.TOOL_CALL_EXTRACTOR).build());
        if (!model.allStatic()) {
            type.addField(model.target(), "target", Modifier.PRIVATE, Modifier.FINAL);
        }
        type.addMethods(methods);
        type.addType(lazyClass());
        type.addType(callInterface());
        for (ToolModel t : model.tools()) {
            type.addType(callRecord(t));
        }
        return JavaFile.builder(self.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    // ------------------------------------------------------------------ constants

    private String unique(String base) {
        String candidate = base.isEmpty() ? "TOOL" : base;
        for (int n = 2; !usedConstants.add(candidate); n++) {
            candidate = base + "_" + n;
        }
        return candidate;
    }

    /**
     * The tools' names, descriptions and parameters schemas, each stated once in array constants
     * (array initialisers, which javac compiles in time linear in their length); the toolkit's
     * texts are composed from them at run time, and its tool specs built from them on first use.
     */
    private void addToolConstants(TypeSpec.Builder type) {
        List<CodeBlock> names = new ArrayList<>();
        List<CodeBlock> descriptions = new ArrayList<>();
        List<CodeBlock> parameters = new ArrayList<>();
        List<CodeBlock> outputs = new ArrayList<>();
        List<CodeBlock> confirm = new ArrayList<>();
        List<CodeBlock> readOnly = new ArrayList<>();
        for (int i = 0; i < model.tools().size(); i++) {
            ToolModel t = model.tools().get(i);
            names.add(CodeBlock.of("$S", t.name()));
            descriptions.add(literal(t.description()));
            parameters.add(literal(schemas.get(i).parametersText()));
            Json.JsonObject output = schemaGenerator.output(t);
            outputs.add(output == null ? CodeBlock.of("null") : literal(output.write()));
            confirm.add(CodeBlock.of("$L", t.confirm()));
            readOnly.add(CodeBlock.of("$L", t.readOnly()));
        }
        type.addField(arrayConstant(ArrayTypeName.of(STRING), "TOOL_NAMES", names)
                .addJavadoc("The tools' names, in declaration order.\n").build());
        type.addField(arrayConstant(ArrayTypeName.of(STRING), "DESCRIPTIONS", descriptions)
                .addJavadoc("The tools' descriptions.\n").build());
        type.addField(arrayConstant(ArrayTypeName.of(STRING), "PARAMETERS", parameters)
                .addJavadoc("The JSON Schema of each tool's arguments: the one place it is written.\n").build());
        type.addField(FieldSpec.builder(RuntimeNames.TOOL_TEXTS, "TEXTS", Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("Schema dialects, instructions and signatures, composed from the constants above.\n")
                .initializer("new $T(TOOL_NAMES, DESCRIPTIONS, PARAMETERS)", RuntimeNames.TOOL_TEXTS).build());
        type.addField(FieldSpec.builder(LIST_OF_STRING, "NAMES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("TEXTS.names()").build());
        lazyConstants.add(arrayConstant(ArrayTypeName.of(STRING), "OUTPUTS", outputs)
                .addJavadoc("The JSON Schema of each tool's result, for the tools whose results generated code writes.\n")
                .build());
        lazyConstants.add(arrayConstant(ArrayTypeName.of(TypeName.BOOLEAN), "CONFIRM", confirm).build());
        lazyConstants.add(arrayConstant(ArrayTypeName.of(TypeName.BOOLEAN), "READ_ONLY", readOnly).build());
        lazyConstants.add(FieldSpec.builder(ParameterizedTypeName.get(LIST, RuntimeNames.TOOL_SPEC), "TOOLS",
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.toolSpecs(TOOL_NAMES, DESCRIPTIONS, PARAMETERS, OUTPUTS, CONFIRM, READ_ONLY)",
                        DISPATCH_SUPPORT)
                .build());
    }

    private static FieldSpec.Builder arrayConstant(TypeName type, String name, List<CodeBlock> elements) {
        return FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("{$>\n$L$<\n}", CodeBlock.join(elements, ",\n"));
    }

    private void addFieldConstants(TypeSpec.Builder type) {
        for (ToolModel t : model.tools()) {
            type.addField(FieldSpec.builder(LIST_OF_STRING, "FIELDS_" + toolConstants.get(t), Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer(fieldList(t.parameters(), false)).build());
        }
        Set<String> records = new LinkedHashSet<>(readRecords);
        for (String key : readSealed) {
            for (SealedModel.Member m : model.sealed(key).members()) {
                records.add(m.recordKey());
            }
        }
        for (String key : records) {
            RecordModel r = model.record(key);
            type.addField(FieldSpec.builder(LIST_OF_STRING, "FIELDS_" + recordConstants.get(key), Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer(fieldList(r.fields(), r.sealedMember())).build());
        }
        for (String key : readSealed) {
            SealedModel s = model.sealed(key);
            CodeBlock discriminators = s.members().stream().map(m -> CodeBlock.of("$S", m.discriminator()))
                    .collect(CodeBlock.joining(", "));
            CodeBlock javaNames = s.members().stream().map(m -> CodeBlock.of("$S", m.javaName()))
                    .collect(CodeBlock.joining(", "));
            CodeBlock required = s.members().stream().map(m -> requiredList(model.record(m.recordKey())))
                    .collect(CodeBlock.joining(", "));
            CodeBlock fields = s.members().stream().map(m -> CodeBlock.of("FIELDS_$L", recordConstants.get(m.recordKey())))
                    .collect(CodeBlock.joining(", "));
            lazyConstants.add(FieldSpec.builder(RuntimeNames.UNION, "UNION_" + recordConstants.get(key),
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("new $T(\n$T.of($L),\n$T.of($L),\n$T.of($L),\n$T.of($L))", RuntimeNames.UNION, LIST,
                            discriminators, LIST, javaNames, LIST, required, LIST, fields).build());
        }
        for (ToolModel t : model.tools()) {
            List<CodeBlock> nestings = new ArrayList<>();
            for (FieldModel f : t.parameters()) {
                TypeModel type0 = unwrapOptional(f.type());
                if (type0 instanceof TypeModel.RecordRef r) {
                    nestings.add(CodeBlock.of("$T.of($S, FIELDS_$L)", RuntimeNames.NESTING, f.jsonName(),
                            recordConstants.get(r.key())));
                } else if (type0 instanceof TypeModel.SealedRef s) {
                    nestings.add(CodeBlock.of("$T.of($S, UNION_$L)", RuntimeNames.NESTING, f.jsonName(),
                            recordConstants.get(s.key())));
                }
            }
            if (!nestings.isEmpty()) {
                lazyConstants.add(FieldSpec.builder(ParameterizedTypeName.get(LIST, RuntimeNames.NESTING),
                                "NESTING_" + toolConstants.get(t), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$T.of($L)", LIST, CodeBlock.join(nestings, ", ")).build());
            }
        }
    }

    private static CodeBlock fieldList(List<FieldModel> fields, boolean withDiscriminator) {
        List<CodeBlock> names = new ArrayList<>();
        if (withDiscriminator) {
            names.add(CodeBlock.of("$S", SealedModel.DISCRIMINATOR));
        }
        for (FieldModel f : fields) {
            if (!(withDiscriminator && f.jsonName().equals(SealedModel.DISCRIMINATOR))) {
                names.add(CodeBlock.of("$S", f.jsonName()));
            }
        }
        return CodeBlock.of("$T.of($L)", LIST, CodeBlock.join(names, ", "));
    }

    private static CodeBlock requiredList(RecordModel r) {
        CodeBlock names = r.fields().stream().filter(FieldModel::required).map(f -> CodeBlock.of("$S", f.jsonName()))
                .collect(CodeBlock.joining(", "));
        return CodeBlock.of("$T.of($L)", LIST, names);
    }

    /** A string constant; one longer than a class file constant allows is joined from pieces at run time. */
    private static CodeBlock literal(String value) {
        if (value.length() <= MAX_LITERAL) {
            return CodeBlock.of("$S", value);
        }
        List<CodeBlock> pieces = new ArrayList<>();
        int start = 0;
        while (start < value.length()) {
            int end = Math.min(value.length(), start + MAX_LITERAL);
            if (end < value.length() && Character.isHighSurrogate(value.charAt(end - 1))) {
                end--;
            }
            pieces.add(CodeBlock.of("$S", value.substring(start, end)));
            start = end;
        }
        return CodeBlock.of("$T.join(\"\",\n$L)", STRING, CodeBlock.join(pieces, ",\n"));
    }

    /** A constant of the {@link #LAZY} holder, added as the reading code needs it; an expression naming it. */
    private CodeBlock addLateConstant(TypeName type, String base, CodeBlock initializer) {
        String name = unique(base);
        lazyConstants.add(FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(initializer).build());
        return lazy(name);
    }

    /** The constants of an enum: its {@code values()}, copied once rather than at every read. */
    private CodeBlock enumConstants(TypeName enumType) {
        CodeBlock constant = enumConstants.get(enumType);
        if (constant == null) {
            String simple = enumType instanceof ClassName c ? c.simpleName() : enumType.toString();
            constant = addLateConstant(ArrayTypeName.of(enumType), "VALUES_" + Names.constantCase(simple),
                    CodeBlock.of("$T.values()", enumType));
            enumConstants.put(enumType, constant);
        }
        return constant;
    }

    /** An expression naming a constant of the {@link #LAZY} holder. */
    private CodeBlock lazy(String constant) {
        return CodeBlock.of("$T.$L", lazy, constant);
    }

    private TypeSpec lazyClass() {
        return TypeSpec.classBuilder(lazy).addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("What only dispatching and extraction need, Jackson's parsed schemas among it: initialised"
                        + " on first use,\nso that constructing this toolkit and reading its schemas or instructions"
                        + " load none of it.\n")
                .addFields(lazyConstants)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .build();
    }

    // ------------------------------------------------------------------ Toolkit methods

    private MethodSpec constructor(TypeSpec.Builder type) {
        if (model.allStatic()) {
            return MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                    .addJavadoc("A toolkit over the static tool methods of {@link $T}.\n", model.targetClass()).build();
        }
        return MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addJavadoc("A toolkit whose calls go to {@code target}.\n")
                .addParameter(model.target(), "target")
                .addStatement("this.target = $T.requireNonNull(target, $S)", OBJECTS, "target")
                .build();
    }

    private List<MethodSpec> toolkitMethods() {
        List<MethodSpec> out = new ArrayList<>();
        out.add(MethodSpec.methodBuilder("tools").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(LIST, RuntimeNames.TOOL_SPEC))
                .addStatement("return $L", lazy("TOOLS")).build());
        out.add(MethodSpec.methodBuilder("schemaJson").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(STRING).addParameter(RuntimeNames.SCHEMA_DIALECT, "dialect")
                .addStatement("return TEXTS.schema(dialect)").build());
        out.add(MethodSpec.methodBuilder("formatInstructions").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(STRING).addParameter(RuntimeNames.CALL_FORMAT, "format")
                .addStatement("return TEXTS.instructions(format)").build());
        out.add(MethodSpec.methodBuilder("extractor").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(RuntimeNames.TOOL_CALL_EXTRACTOR).addStatement("return $L", lazy("EXTRACTOR")).build());
        out.add(MethodSpec.methodBuilder("handle").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(LIST, RuntimeNames.TOOL_RESULT))
                .addParameter(STRING, "llmOutput")
                .addStatement("return $T.handle(this, $L.extract(llmOutput), TEXTS)", DISPATCH_SUPPORT,
                        lazy("EXTRACTOR"))
                .build());
        CodeBlock.Builder dispatch = CodeBlock.builder()
                .addStatement("$T name = $T.resolve(call.name(), NAMES)", STRING, DISPATCH_SUPPORT)
                .beginControlFlow("if (name == null)")
                .addStatement("return $T.unknownTool(call, NAMES)", DISPATCH_SUPPORT)
                .endControlFlow()
                .beginControlFlow("switch (name)");
        for (ToolModel t : model.tools()) {
            dispatch.add("case $S:\n", t.name()).indent().addStatement("return dispatch$L(call)", t.callRecordName())
                    .unindent();
        }
        dispatch.add("default:\n").indent().addStatement("return $T.unknownTool(call, NAMES)", DISPATCH_SUPPORT)
                .unindent().endControlFlow();
        out.add(MethodSpec.methodBuilder("dispatch").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(RuntimeNames.TOOL_RESULT).addParameter(RuntimeNames.TOOL_CALL, "call")
                .addCode(dispatch.build()).build());
        out.add(MethodSpec.methodBuilder("parse").addModifiers(Modifier.PUBLIC).returns(callType)
                .addParameter(RuntimeNames.TOOL_CALL, "call")
                .addJavadoc("Converts a call's arguments to this toolkit's typed {@link Call}, with the coercions"
                        + " and checks of\n{@link #dispatch}.\n\n@throws $T listing every problem when the arguments"
                        + " do not fit, or the tool is unknown\n", RuntimeNames.TOOL_ARGUMENT_EXCEPTION)
                .addStatement("$T<$T> problems = new $T<>()", LIST, STRING, ARRAY_LIST)
                .addStatement("$T parsed = read(call, problems)", callType)
                .beginControlFlow("if (parsed == null)")
                .addStatement("throw $T.invalidCall(call, problems)", DISPATCH_SUPPORT)
                .endControlFlow()
                .addStatement("return parsed").build());
        out.add(MethodSpec.methodBuilder("parseAll").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(LIST, callType))
                .addParameter(STRING, "llmText")
                .addJavadoc("Extracts every call from a model's output, these tools known, and converts each to a"
                        + " typed {@link Call}.\n\n@throws $T listing every extraction error and every argument"
                        + " problem\n", RuntimeNames.TOOL_ARGUMENT_EXCEPTION)
                .addStatement("return $T.parseAll($L.extract(llmText), TEXTS, $T::read)", DISPATCH_SUPPORT,
                        lazy("EXTRACTOR"), self)
                .build());
        return out;
    }

    private MethodSpec dispatchMethod(ToolModel t, int index) {
        ClassName record = callType.peerClass(t.callRecordName());
        String c = toolConstants.get(t);
        MethodSpec.Builder m = MethodSpec.methodBuilder("dispatch" + t.callRecordName()).addModifiers(Modifier.PRIVATE)
                .returns(RuntimeNames.TOOL_RESULT).addParameter(RuntimeNames.TOOL_CALL, "call")
                .addJavadoc("Runs {@link $T#$L}.\n", model.targetClass(), t.javadocLink())
                .addStatement("$T<$T> problems = new $T<>()", LIST, STRING, ARRAY_LIST)
                .addStatement("$T args = argumentsOf$L(call.arguments(), problems)", record, t.callRecordName())
                .beginControlFlow("if (args == null)")
                .addStatement("return $T.invalid(call, $S, TEXTS.signature($L), problems)", DISPATCH_SUPPORT, t.name(),
                        index)
                .endControlFlow();
        CodeBlock invocation = invocation(t);
        ReturnModel r = t.returns();
        if (r.kind() == ReturnModel.Kind.VOID) {
            m.beginControlFlow("try").addStatement("$L", invocation)
                    .nextControlFlow("catch ($T e)", Exception.class)
                    .addStatement("return $T.thrown(call, $S, e)", DISPATCH_SUPPORT, t.name())
                    .endControlFlow()
                    .addStatement("return $T.done(call, $S)", DISPATCH_SUPPORT, t.name());
            return m.build();
        }
        m.addStatement("$T result", r.javaType())
                .beginControlFlow("try").addStatement("result = $L", invocation)
                .nextControlFlow("catch ($T e)", Exception.class)
                .addStatement("return $T.thrown(call, $S, e)", DISPATCH_SUPPORT, t.name())
                .endControlFlow();
        switch (r.kind()) {
            case STRING -> m.addStatement("return $T.text(call, $S, result)", DISPATCH_SUPPORT, t.name());
            case JSON_NODE -> m.addStatement("return $T.json(call, $S, result)", DISPATCH_SUPPORT, t.name());
            case TYPED -> m.addStatement("return $T.json(call, $S, $L)", DISPATCH_SUPPORT, t.name(),
                    write(r.type(), CodeBlock.of("result"), 1));
            default -> m.addStatement("return $T.bound(call, $S, result)", DISPATCH_SUPPORT, t.name());
        }
        return m.build();
    }

    private CodeBlock invocation(ToolModel t) {
        CodeBlock receiver = t.isStatic() ? CodeBlock.of("$T", model.targetClass()) : CodeBlock.of("target");
        CodeBlock args;
        if (t.paramsRecord() != null) {
            args = CodeBlock.of("args.$L()", componentName(t.paramsRecordName()));
        } else {
            args = t.parameters().stream().map(f -> CodeBlock.of("args.$L()", componentName(f.javaName())))
                    .collect(CodeBlock.joining(", "));
        }
        return CodeBlock.of("$L.$L($L)", receiver, t.methodName(), args);
    }

    private MethodSpec readCallMethod() {
        CodeBlock.Builder b = CodeBlock.builder()
                .addStatement("$T name = $T.resolve(call.name(), NAMES)", STRING, DISPATCH_SUPPORT)
                .beginControlFlow("if (name == null)")
                .addStatement("problems.add($T.unknownToolProblem(call.name(), NAMES))", DISPATCH_SUPPORT)
                .addStatement("return null")
                .endControlFlow()
                .beginControlFlow("switch (name)");
        for (ToolModel t : model.tools()) {
            b.add("case $S:\n", t.name()).indent()
                    .addStatement("return argumentsOf$L(call.arguments(), problems)", t.callRecordName()).unindent();
        }
        b.add("default:\n").indent()
                .addStatement("problems.add($T.unknownToolProblem(call.name(), NAMES))", DISPATCH_SUPPORT)
                .addStatement("return null").unindent().endControlFlow();
        return MethodSpec.methodBuilder("read").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(callType)
                .addParameter(RuntimeNames.TOOL_CALL, "call")
                .addParameter(LIST_OF_STRING, "problems")
                .addCode(b.build()).build();
    }

    // ------------------------------------------------------------------ reading

    private static NameAllocator allocator() {
        NameAllocator names = new NameAllocator();
        for (String reserved : List.of("arguments", "args", "problems", "before", "object", "node", "path", "depth",
                "call", "result", "value")) {
            names.newName(reserved, reserved);
        }
        for (int i = 1; i <= 16; i++) {
            names.newName("n" + i, "n" + i);
            names.newName("p" + i, "p" + i);
            names.newName("e" + i, "e" + i);
        }
        return names;
    }

    private MethodSpec argumentsMethod(ToolModel t) {
        ClassName record = callType.peerClass(t.callRecordName());
        String c = toolConstants.get(t);
        NameAllocator names = allocator();
        CodeBlock.Builder b = CodeBlock.builder();
        boolean nests = t.parameters().stream().map(f -> unwrapOptional(f.type()))
                .anyMatch(x -> x instanceof TypeModel.RecordRef || x instanceof TypeModel.SealedRef);
        if (nests) {
            b.addStatement("int before = problems.size()");
            b.addStatement("$T args = $T.nestAndRejectUnknown(arguments, FIELDS_$L, $L, problems)", OBJECT_NODE,
                    RuntimeNames.NESTING, c, lazy("NESTING_" + c));
        } else {
            b.addStatement("$T args = arguments", OBJECT_NODE);
            b.addStatement("int before = problems.size()");
            b.addStatement("$T.rejectUnknown(args, \"\", FIELDS_$L, problems)", DISPATCH_SUPPORT, c);
        }
        List<String> locals = readFields(t.parameters(), "args", true, "0", c, names, b);
        b.beginControlFlow("if (problems.size() > before)").addStatement("return null").endControlFlow();
        if (t.paramsRecord() != null) {
            b.beginControlFlow("try")
                    .addStatement("return new $T(new $T($L))", record, t.paramsRecord(), String.join(", ", locals))
                    .nextControlFlow("catch ($T e)", RuntimeException.class)
                    .addStatement("$T.rejected(\"\", e, problems)", DISPATCH_SUPPORT)
                    .addStatement("return null")
                    .endControlFlow();
        } else {
            b.addStatement("return new $T($L)", record, String.join(", ", locals));
        }
        return MethodSpec.methodBuilder("argumentsOf" + t.callRecordName())
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(record)
                .addParameter(OBJECT_NODE, "arguments").addParameter(LIST_OF_STRING, "problems")
                .addCode(b.build()).build();
    }

    private MethodSpec readRecordMethod(RecordModel r) {
        NameAllocator names = allocator();
        String c = recordConstants.get(r.key());
        CodeBlock.Builder b = CodeBlock.builder()
                .addStatement("$T object = $T.toObject(node, path, problems)", OBJECT_NODE, COERCION)
                .beginControlFlow("if (object == null)").addStatement("return null").endControlFlow()
                .beginControlFlow("if (depth > $T.MAX_DEPTH)", DISPATCH_SUPPORT)
                .addStatement("$T.tooDeep(path, problems)", DISPATCH_SUPPORT)
                .addStatement("return null").endControlFlow()
                .addStatement("int before = problems.size()")
                .addStatement("$T.rejectUnknown(object, path, FIELDS_$L, problems)", DISPATCH_SUPPORT, c);
        List<String> locals = readFields(r.fields(), "object", false, "depth", c, names, b);
        b.beginControlFlow("if (problems.size() > before)").addStatement("return null").endControlFlow();
        b.beginControlFlow("try")
                .addStatement("return new $T($L)", r.javaType(), String.join(", ", locals))
                .nextControlFlow("catch ($T e)", RuntimeException.class)
                .addStatement("$T.rejected(path, e, problems)", DISPATCH_SUPPORT)
                .addStatement("return null")
                .endControlFlow();
        return MethodSpec.methodBuilder("read" + r.simpleName()).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(r.javaType())
                .addParameter(JSON_NODE, "node").addParameter(STRING, "path")
                .addParameter(LIST_OF_STRING, "problems").addParameter(TypeName.INT, "depth")
                .addCode(b.build()).build();
    }

    private MethodSpec readSealedMethod(SealedModel s) {
        CodeBlock.Builder b = CodeBlock.builder()
                .addStatement("$T object = $T.toObject(node, path, problems)", OBJECT_NODE, COERCION)
                .beginControlFlow("if (object == null)").addStatement("return null").endControlFlow()
                .beginControlFlow("switch ($L.select(object, path, problems))",
                        lazy("UNION_" + recordConstants.get(s.key())));
        for (int i = 0; i < s.members().size(); i++) {
            RecordModel r = model.record(s.members().get(i).recordKey());
            b.add("case $L:\n", i).indent()
                    .addStatement("return read$L(object, path, problems, depth)", r.simpleName()).unindent();
        }
        b.add("default:\n").indent().addStatement("return null").unindent().endControlFlow();
        return MethodSpec.methodBuilder("read" + s.simpleName()).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(s.javaType())
                .addParameter(JSON_NODE, "node").addParameter(STRING, "path")
                .addParameter(LIST_OF_STRING, "problems").addParameter(TypeName.INT, "depth")
                .addCode(b.build()).build();
    }

    /**
     * Reads each field of an object into a local, reporting what is missing, wrong or out of bounds.
     *
     * @return the locals' names, in field order
     */
    private List<String> readFields(List<FieldModel> fields, String object, boolean topLevel, String depth,
                                    String ownerConstant, NameAllocator names, CodeBlock.Builder b) {
        List<String> locals = new ArrayList<>();
        for (FieldModel f : fields) {
            String local = names.newName(f.javaName(), f);
            String nodeVar = names.newName(f.javaName() + "Node");
            locals.add(local);
            Path path = topLevel ? Path.whole(CodeBlock.of("$S", f.jsonName())) : Path.member(f.jsonName());
            TypeName localType = f.type().javaType().box();
            b.addStatement("$T $L = $L.get($S)", JSON_NODE, nodeVar, object, f.jsonName());
            b.addStatement("$T $L = null", localType, local);
            CodeBlock.Builder whenAbsent = CodeBlock.builder();
            if (f.required()) {
                whenAbsent.addStatement("$T.missing($L, $L, problems)", DISPATCH_SUPPORT, path.joined(), nodeVar);
            } else if (f.defaultValue() != null) {
                CodeBlock constant = addLateConstant(JSON_NODE, "DEFAULT_" + ownerConstant + "_"
                        + Names.constantCase(f.jsonName()), CodeBlock.of("$T.json($S)", DISPATCH_SUPPORT,
                        f.defaultValue().write()));
                whenAbsent.addStatement("$L = $L", local, read(f.type(), CodeBlock.of("$L", constant), path, depth, 1));
            } else if (f.type() instanceof TypeModel.OptionalType) {
                whenAbsent.addStatement("$L = $T.empty()", local, OPTIONAL);
            } else if (f.type() instanceof TypeModel.Scalar s && s.isPrimitive()) {
                whenAbsent.addStatement("$L = $L", local, zero(s.kind()));
            }
            CodeBlock.Builder whenPresent = CodeBlock.builder();
            whenPresent.addStatement("$L = $L", local, read(f.type(), CodeBlock.of("$L", nodeVar), path, depth, 1));
            CodeBlock checks = constraintChecks(f, local, path, ownerConstant);
            if (!checks.isEmpty()) {
                boolean optional = f.type() instanceof TypeModel.OptionalType;
                if (optional) {
                    whenPresent.beginControlFlow("if ($L != null && $L.isPresent())", local, local);
                } else {
                    whenPresent.beginControlFlow("if ($L != null)", local);
                }
                whenPresent.add(checks).endControlFlow();
            }
            CodeBlock absent = whenAbsent.build();
            if (absent.isEmpty()) {
                b.beginControlFlow("if (!$T.absent($L))", DISPATCH_SUPPORT, nodeVar).add(whenPresent.build())
                        .endControlFlow();
            } else {
                b.beginControlFlow("if ($T.absent($L))", DISPATCH_SUPPORT, nodeVar).add(absent)
                        .nextControlFlow("else").add(whenPresent.build()).endControlFlow();
            }
        }
        return locals;
    }

    private static String zero(ScalarKind kind) {
        return switch (kind) {
            case BOOLEAN -> "false";
            case CHAR -> "(char) 0";
            case BYTE -> "(byte) 0";
            case SHORT -> "(short) 0";
            case LONG -> "0L";
            case FLOAT -> "0.0f";
            case DOUBLE -> "0.0";
            default -> "0";
        };
    }

    private CodeBlock constraintChecks(FieldModel f, String local, Path path, String ownerConstant) {
        Constraints c = f.constraints();
        if (c.isEmpty()) {
            return CodeBlock.builder().build();
        }
        TypeModel type = unwrapOptional(f.type());
        CodeBlock value = f.type() instanceof TypeModel.OptionalType ? CodeBlock.of("$L.get()", local)
                : CodeBlock.of("$L", local);
        CodeBlock.Builder b = CodeBlock.builder();
        if (c.minimum() != null) {
            b.addStatement("$T.minimum($L, $S, $L, problems)", RuntimeNames.CONSTRAINTS, value, c.minimum().text(),
                    path.leaf());
        }
        if (c.maximum() != null) {
            b.addStatement("$T.maximum($L, $S, $L, problems)", RuntimeNames.CONSTRAINTS, value, c.maximum().text(),
                    path.leaf());
        }
        if (c.notBlank()) {
            b.addStatement("$T.notBlank($L, $L, problems)", RuntimeNames.CONSTRAINTS, value, path.leaf());
        }
        Integer minLength = c.notBlank() && Integer.valueOf(1).equals(c.minLength()) ? null : c.minLength();
        if (minLength != null || c.maxLength() != null) {
            b.addStatement("$T.length($L, $L, $L, $L, problems)", RuntimeNames.CONSTRAINTS, value, minLength,
                    c.maxLength(), path.leaf());
        }
        if (c.pattern() != null) {
            CodeBlock constant = addLateConstant(PATTERN, "PATTERN_" + ownerConstant + "_"
                    + Names.constantCase(f.jsonName()), CodeBlock.of("$T.compile($S)", PATTERN, c.pattern()));
            b.addStatement("$T.pattern($L, $L, $L, problems)", RuntimeNames.CONSTRAINTS, value, constant, path.leaf());
        }
        if (c.email()) {
            b.addStatement("$T.email($L, $L, problems)", RuntimeNames.CONSTRAINTS, value, path.leaf());
        }
        if (c.minItems() != null || c.maxItems() != null) {
            boolean array = type instanceof TypeModel.Sequence s && s.kind() == TypeModel.SequenceKind.ARRAY;
            b.addStatement("$T.size($L.$L, $L, $L, $L, problems)", RuntimeNames.CONSTRAINTS, value, array ? "length" : "size()",
                    c.minItems(), c.maxItems(), path.leaf());
        }
        return b.build();
    }

    /**
     * Where a value is, for the messages about it: a whole path (a parameter's name, an element's
     * path variable), or a member of the record being read, whose path ({@code path.member}) is built
     * only when a problem is reported, or when the value is itself an object or collection.
     */
    private record Path(CodeBlock whole, String member) {
        static Path whole(CodeBlock path) {
            return new Path(path, null);
        }

        static Path member(String name) {
            return new Path(null, name);
        }

        /** The arguments naming the value to a runtime reader or check: its path, or parent and member. */
        CodeBlock leaf() {
            return whole != null ? whole : CodeBlock.of("path, $S", member);
        }

        /** An expression of the whole path. */
        CodeBlock joined() {
            return whole != null ? whole : CodeBlock.of("$T.child(path, $S)", COERCION, member);
        }
    }

    /** An expression reading {@code node} at {@code path} as {@code type}: the value, or null after a problem. */
    private CodeBlock read(TypeModel type, CodeBlock node, Path path, String depth, int level) {
        if (type instanceof TypeModel.Scalar s) {
            return CodeBlock.of("$T.$L($L, $L, problems)", COERCION, s.kind().coercion(), node, path.leaf());
        }
        if (type instanceof TypeModel.EnumType e) {
            return CodeBlock.of("$T.toEnum($L, $L, problems, $L)", COERCION, node, path.leaf(),
                    enumConstants(e.javaType()));
        }
        if (type instanceof TypeModel.OptionalType o) {
            return CodeBlock.of("$T.ofNullable($L)", OPTIONAL, read(o.value(), node, path, depth, level));
        }
        if (type instanceof TypeModel.RecordRef r) {
            return CodeBlock.of("read$L($L, $L, problems, $L)", model.record(r.key()).simpleName(), node,
                    path.joined(), deeper(depth));
        }
        if (type instanceof TypeModel.SealedRef s) {
            return CodeBlock.of("read$L($L, $L, problems, $L)", model.sealed(s.key()).simpleName(), node,
                    path.joined(), deeper(depth));
        }
        String n = "n" + level;
        String p = "p" + level;
        if (type instanceof TypeModel.MapType m) {
            return CodeBlock.of("$T.readMap($L, $L, problems, ($L, $L) -> $L)", DISPATCH_SUPPORT, node, path.joined(),
                    n, p, read(m.value(), CodeBlock.of(n), Path.whole(CodeBlock.of(p)), depth, level + 1));
        }
        TypeModel.Sequence s = (TypeModel.Sequence) type;
        CodeBlock element = read(s.element(), CodeBlock.of(n), Path.whole(CodeBlock.of(p)), depth, level + 1);
        String method = s.kind() == TypeModel.SequenceKind.SET ? "readSet" : "readList";
        CodeBlock list = CodeBlock.of("$T.$L($L, $L, problems, ($L, $L) -> $L)", DISPATCH_SUPPORT, method, node,
                path.joined(), n, p, element);
        if (s.kind() != TypeModel.SequenceKind.ARRAY) {
            return list;
        }
        if (s.element().javaType().isPrimitive()) {
            String primitive = s.element().javaType().toString();
            return CodeBlock.of("$T.to$LArray($L)", DISPATCH_SUPPORT,
                    Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1), list);
        }
        return CodeBlock.of("$T.toArray($L, $T::new)", DISPATCH_SUPPORT, list, ArrayTypeName.of(s.element().javaType()));
    }

    private static String deeper(String depth) {
        return depth.equals("0") ? "1" : depth + " + 1";
    }

    // ------------------------------------------------------------------ writing

    private MethodSpec writeRecordMethod(RecordModel r) {
        CodeBlock.Builder b = CodeBlock.builder()
                .beginControlFlow("if (value == null)")
                .addStatement("return $T.nullNode()", RuntimeNames.JSON_VALUES).endControlFlow()
                .addStatement("$T object = $T.objectNode()", OBJECT_NODE, RuntimeNames.JSON_VALUES);
        String discriminator = discriminatorOf(r);
        if (discriminator != null) {
            b.addStatement("object.put($S, $S)", SealedModel.DISCRIMINATOR, discriminator);
        }
        for (FieldModel f : r.fields()) {
            b.addStatement("object.set($S, $L)", f.jsonName(),
                    write(f.type(), CodeBlock.of("value.$L()", f.javaName()), 1));
        }
        b.addStatement("return object");
        return MethodSpec.methodBuilder("write" + r.simpleName()).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(JSON_NODE).addParameter(r.javaType(), "value").addCode(b.build()).build();
    }

    private MethodSpec writeSealedMethod(SealedModel s) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (SealedModel.Member m : s.members()) {
            RecordModel r = model.record(m.recordKey());
            b.beginControlFlow("if (value instanceof $T)", r.javaType())
                    .addStatement("return write$L(($T) value)", r.simpleName(), r.javaType()).endControlFlow();
        }
        b.addStatement("return $T.nullNode()", RuntimeNames.JSON_VALUES);
        return MethodSpec.methodBuilder("write" + s.simpleName()).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(JSON_NODE).addParameter(s.javaType(), "value").addCode(b.build()).build();
    }

    private CodeBlock write(TypeModel type, CodeBlock value, int level) {
        if (type instanceof TypeModel.Scalar s) {
            if (s.kind().isNumeric()) {
                return CodeBlock.of("$T.numberNode($L)", RuntimeNames.JSON_VALUES, value);
            }
            if (s.kind() == ScalarKind.BOOLEAN) {
                return CodeBlock.of("$T.booleanNode($L)", RuntimeNames.JSON_VALUES, value);
            }
            return CodeBlock.of("$T.textNode($L)", RuntimeNames.JSON_VALUES, value);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("$T.enumNode($L)", RuntimeNames.JSON_VALUES, value);
        }
        if (type instanceof TypeModel.RecordRef r) {
            return CodeBlock.of("write$L($L)", model.record(r.key()).simpleName(), value);
        }
        if (type instanceof TypeModel.SealedRef s) {
            return CodeBlock.of("write$L($L)", model.sealed(s.key()).simpleName(), value);
        }
        String e = "e" + level;
        if (type instanceof TypeModel.OptionalType o) {
            return CodeBlock.of("$T.optionalNode($L, $L -> $L)", RuntimeNames.JSON_VALUES, value, e,
                    write(o.value(), CodeBlock.of(e), level + 1));
        }
        if (type instanceof TypeModel.MapType m) {
            return CodeBlock.of("$T.objectNode($L, $L -> $L)", RuntimeNames.JSON_VALUES, value, e,
                    write(m.value(), CodeBlock.of(e), level + 1));
        }
        TypeModel.Sequence s = (TypeModel.Sequence) type;
        if (s.kind() == TypeModel.SequenceKind.ARRAY && s.element().javaType().isPrimitive()) {
            return CodeBlock.of("$T.arrayNode($L)", RuntimeNames.JSON_VALUES, value);
        }
        return CodeBlock.of("$T.arrayNode($L, $L -> $L)", RuntimeNames.JSON_VALUES, value, e,
                write(s.element(), CodeBlock.of(e), level + 1));
    }

    private String discriminatorOf(RecordModel r) {
        if (!r.sealedMember()) {
            return null;
        }
        for (SealedModel s : model.sealedTypes().values()) {
            for (SealedModel.Member m : s.members()) {
                if (m.recordKey().equals(r.key())) {
                    return m.discriminator();
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ Call types

    private TypeSpec callInterface() {
        TypeSpec.Builder b = TypeSpec.interfaceBuilder(callType).addModifiers(Modifier.PUBLIC, Modifier.SEALED)
                .addJavadoc("A call to one of these tools, its arguments converted to Java types: one record per"
                        + " tool.\n");
        for (ToolModel t : model.tools()) {
            b.addPermittedSubclass(callType.peerClass(t.callRecordName()));
        }
        return b.build();
    }

    private TypeSpec callRecord(ToolModel t) {
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        if (t.paramsRecord() != null) {
            ctor.addParameter(ParameterSpec.builder(t.paramsRecord(), componentName(t.paramsRecordName())).build());
        } else {
            for (FieldModel f : t.parameters()) {
                ctor.addParameter(ParameterSpec.builder(f.type().javaType(), componentName(f.javaName())).build());
            }
        }
        return TypeSpec.recordBuilder(callType.peerClass(t.callRecordName()))
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(callType)
                .addJavadoc("The arguments of a call to {@code $L}: {@link $T#$L}.\n", t.name(), model.targetClass(),
                        t.javadocLink())
                .recordConstructor(ctor.build())
                .build();
    }

    private static String componentName(String javaName) {
        return RESERVED_COMPONENTS.contains(javaName) ? javaName + "Value" : javaName;
    }

    // ------------------------------------------------------------------ usage

    private void collectUsage() {
        for (ToolModel t : model.tools()) {
            for (FieldModel f : t.parameters()) {
                reach(f.type(), true);
            }
            if (t.returns().kind() == ReturnModel.Kind.TYPED) {
                reach(t.returns().type(), false);
            }
        }
    }

    private void reach(TypeModel type, boolean reading) {
        if (type instanceof TypeModel.RecordRef r) {
            if ((reading ? readRecords : writeRecords).add(r.key())) {
                for (FieldModel f : model.record(r.key()).fields()) {
                    reach(f.type(), reading);
                }
            }
        } else if (type instanceof TypeModel.SealedRef s) {
            if ((reading ? readSealed : writeSealed).add(s.key())) {
                for (SealedModel.Member m : model.sealed(s.key()).members()) {
                    reach(new TypeModel.RecordRef(m.recordKey(), null), reading);
                }
            }
        } else if (type instanceof TypeModel.Sequence s) {
            reach(s.element(), reading);
        } else if (type instanceof TypeModel.MapType m) {
            reach(m.value(), reading);
        } else if (type instanceof TypeModel.OptionalType o) {
            reach(o.value(), reading);
        }
    }

    private static TypeModel unwrapOptional(TypeModel t) {
        return t instanceof TypeModel.OptionalType o ? o.value() : t;
    }
}
