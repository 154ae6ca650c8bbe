package dev.calltype.processor.generation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.render.Json;
import dev.calltype.render.ToolSchema;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * What a toolkit states per tool, each once: the tables (name, description, parameters schema, type code,
 * result schema, confirmation and read-only flags), one line building the tool's {@code Call} record from its
 * parameters' values ({@code make}), and the call of its method ({@code run}). Up to {@link #PART_SIZE} tools
 * this is all in the toolkit class; a larger toolkit keeps it in nested {@code Part} classes of that many tools
 * each, so that no method outgrows the class file's 64 KB of code and no class its 65,535 constants.
 */
final class ToolParts {

    /** The most tools whose tables and cases one class holds. */
    static final int PART_SIZE = 250;

    private static final TypeName STRINGS = ArrayTypeName.of(String.class);
    private static final TypeName FLAGS = ArrayTypeName.of(TypeName.BOOLEAN);
    private static final TypeName OBJECTS = ArrayTypeName.of(Object.class);

    private final ToolkitModel model;
    private final List<ToolSchema> schemas;
    private final SchemaGenerator schemaGenerator;
    private final TypeCodes codes;
    private final CallTypes calls;
    private final ResultWriters writers;
    private final Constants constants;

    ToolParts(ToolkitModel model, List<ToolSchema> schemas, SchemaGenerator schemaGenerator, TypeCodes codes,
              CallTypes calls, ResultWriters writers, Constants constants) {
        this.model = model;
        this.schemas = schemas;
        this.schemaGenerator = schemaGenerator;
        this.codes = codes;
        this.calls = calls;
        this.writers = writers;
        this.constants = constants;
    }

    /** Adds the tables and the {@code make} and {@code run} methods to the toolkit class (and its parts). */
    void addTo(TypeSpec.Builder toolkit) {
        int count = model.tools().size();
        if (count <= PART_SIZE) {
            Tables t = tables(0, count);
            toolkit.addField(t.names(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            toolkit.addField(t.descriptions(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            toolkit.addField(t.parameters(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            constants.addLazy(t.codes(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            constants.addLazy(t.outputs(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            constants.addLazy(t.confirm(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            constants.addLazy(t.readOnly(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL).build());
            toolkit.addMethod(make(0, count).addModifiers(Modifier.PRIVATE, Modifier.STATIC).build());
            toolkit.addMethod(run(0, count, false).addModifiers(Modifier.PRIVATE).build());
            return;
        }
        List<ClassName> parts = new ArrayList<>();
        CodeBlock.Builder make = CodeBlock.builder().beginControlFlow("switch (tool / $L)", PART_SIZE);
        CodeBlock.Builder run = CodeBlock.builder().beginControlFlow("switch (tool / $L)", PART_SIZE);
        for (int start = 0, k = 0; start < count; start += PART_SIZE, k++) {
            int end = Math.min(count, start + PART_SIZE);
            ClassName part = model.generated().nestedClass("Part" + k);
            parts.add(part);
            Tables t = tables(start, end);
            TypeSpec.Builder b = TypeSpec.classBuilder(part).addModifiers(Modifier.PRIVATE, Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc("Tools $L to $L.\n", start, end - 1)
                    .addField(t.names(Modifier.STATIC, Modifier.FINAL).build())
                    .addField(t.descriptions(Modifier.STATIC, Modifier.FINAL).build())
                    .addField(t.parameters(Modifier.STATIC, Modifier.FINAL).build())
                    .addField(t.codes(Modifier.STATIC, Modifier.FINAL).build())
                    .addField(t.outputs(Modifier.STATIC, Modifier.FINAL).build())
                    .addField(t.confirm(Modifier.STATIC, Modifier.FINAL).build())
                    .addField(t.readOnly(Modifier.STATIC, Modifier.FINAL).build())
                    .addMethod(make(start, end).addModifiers(Modifier.STATIC).build())
                    .addMethod(run(start, end, true).addModifiers(Modifier.STATIC).build())
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
            toolkit.addType(b.build());
            make.add("case $L: // tools $L to $L\n", k, start, end - 1).indent()
                    .addStatement("return $T.make(tool, values)", part).unindent();
            run.add("case $L: // tools $L to $L\n", k, start, end - 1).indent().addStatement("return $T.run($L, tool, call)", part,
                    model.allStatic() ? "null" : "target").unindent();
        }
        make.add("default:\n").indent().addStatement("return null").unindent().endControlFlow();
        run.add("default:\n").indent().addStatement("return null").unindent().endControlFlow();
        toolkit.addField(joined(STRINGS, "TOOL_NAMES", parts, RuntimeNames.TOOL_TEXTS)
                .addJavadoc("The tools' names, in declaration order.\n").build());
        toolkit.addField(joined(STRINGS, "DESCRIPTIONS", parts, RuntimeNames.TOOL_TEXTS).build());
        toolkit.addField(joined(STRINGS, "PARAMETERS", parts, RuntimeNames.TOOL_TEXTS).build());
        constants.addLazy(joined(STRINGS, "CODES", parts, RuntimeNames.TOOL_TEXTS).build());
        constants.addLazy(joined(STRINGS, "OUTPUTS", parts, RuntimeNames.TOOL_TEXTS).build());
        constants.addLazy(joined(FLAGS, "CONFIRM", parts, RuntimeNames.TOOL_TABLE).build());
        constants.addLazy(joined(FLAGS, "READ_ONLY", parts, RuntimeNames.TOOL_TABLE).build());
        toolkit.addMethod(signatureOfMake().addModifiers(Modifier.PRIVATE, Modifier.STATIC).addCode(make.build())
                .build());
        toolkit.addMethod(signatureOfRun(false).addModifiers(Modifier.PRIVATE).addCode(run.build()).build());
    }

    private static FieldSpec.Builder joined(TypeName type, String name, List<ClassName> parts, ClassName joiner) {
        CodeBlock arguments = parts.stream().map(p -> CodeBlock.of("$T.$L", p, name)).collect(CodeBlock.joining(", "));
        return FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.join($L)", joiner, arguments);
    }

    /** The tables of tools {@code start} (inclusive) to {@code end} (exclusive). */
    private Tables tables(int start, int end) {
        Tables t = new Tables();
        for (int i = start; i < end; i++) {
            ToolModel tool = model.tools().get(i);
            t.names.add(CodeBlock.of("$S", tool.name()));
            t.descriptions.add(Constants.literal(tool.description()));
            t.parameters.add(Constants.literal(schemas.get(i).parametersText()));
            t.codes.add(CodeBlock.of("$S", codes.of(tool)));
            t.codeComments.add(tool.name() + ": " + codes.describe(tool));
            Json.JsonObject output = schemaGenerator.output(tool);
            t.outputs.add(output == null ? CodeBlock.of("null") : Constants.literal(output.write()));
            t.confirm.add(CodeBlock.of("$L", tool.confirm()));
            t.readOnly.add(CodeBlock.of("$L", tool.readOnly()));
        }
        return t;
    }

    /** The per-tool tables of a run of tools, as array initialisers. */
    private static final class Tables {
        final List<CodeBlock> names = new ArrayList<>();
        final List<CodeBlock> descriptions = new ArrayList<>();
        final List<CodeBlock> parameters = new ArrayList<>();
        final List<CodeBlock> codes = new ArrayList<>();
        final List<String> codeComments = new ArrayList<>();
        final List<CodeBlock> outputs = new ArrayList<>();
        final List<CodeBlock> confirm = new ArrayList<>();
        final List<CodeBlock> readOnly = new ArrayList<>();

        FieldSpec.Builder names(Modifier... modifiers) {
            return Constants.array(STRINGS, "TOOL_NAMES", names, modifiers)
                    .addJavadoc("The tools' names, in declaration order.\n");
        }

        FieldSpec.Builder descriptions(Modifier... modifiers) {
            return Constants.array(STRINGS, "DESCRIPTIONS", descriptions, modifiers)
                    .addJavadoc("The tools' descriptions.\n");
        }

        FieldSpec.Builder parameters(Modifier... modifiers) {
            return Constants.array(STRINGS, "PARAMETERS", parameters, modifiers)
                    .addJavadoc("The JSON Schema of each tool's arguments: the one place it is written.\n");
        }

        FieldSpec.Builder codes(Modifier... modifiers) {
            return Constants.commentedArray(STRINGS, "CODES", codes, codeComments, modifiers)
                    .addJavadoc("Each tool's result kind and parameters' Java types, coded as {@link $T} reads them;"
                            + " beside each,\nwhat it says ({@code ToolTable.describe}).\n", RuntimeNames.TOOL_TABLE);
        }

        FieldSpec.Builder outputs(Modifier... modifiers) {
            return Constants.array(STRINGS, "OUTPUTS", outputs, modifiers)
                    .addJavadoc("The JSON Schema of each tool's result, for the tools whose results generated code"
                            + " writes.\n");
        }

        FieldSpec.Builder confirm(Modifier... modifiers) {
            return Constants.array(FLAGS, "CONFIRM", confirm, modifiers);
        }

        FieldSpec.Builder readOnly(Modifier... modifiers) {
            return Constants.array(FLAGS, "READ_ONLY", readOnly, modifiers);
        }
    }

    private MethodSpec.Builder signatureOfMake() {
        return MethodSpec.methodBuilder("make").returns(calls.call())
                .addParameter(TypeName.INT, "tool").addParameter(OBJECTS, "values");
    }

    /** {@code run}'s signature; a part's {@code run} is static and is given the target. */
    private MethodSpec.Builder signatureOfRun(boolean inPart) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("run").returns(Object.class);
        if (inPart) {
            m.addParameter(model.target(), "target");
        }
        return m.addParameter(TypeName.INT, "tool").addParameter(Object.class, "call")
                .addException(Exception.class);
    }

    /** Builds tool {@code tool}'s {@code Call} record from its parameters' values, read by {@code ToolTable}. */
    private MethodSpec.Builder make(int start, int end) {
        CodeBlock.Builder b = CodeBlock.builder().beginControlFlow("switch (tool)");
        boolean unchecked = false;
        for (int i = start; i < end; i++) {
            ToolModel t = model.tools().get(i);
            List<CodeBlock> values = new ArrayList<>();
            for (int p = 0; p < t.parameters().size(); p++) {
                TypeName type = t.parameters().get(p).type().javaType();
                unchecked |= type instanceof ParameterizedTypeName;
                values.add(CodeBlock.of("($T) values[$L]", type, p));
            }
            CodeBlock arguments = CodeBlock.join(values, ", ");
            if (t.paramsRecord() != null) {
                arguments = CodeBlock.of("new $T($L)", t.paramsRecord(), arguments);
            }
            b.add("case $L: // $L\n", i, t.name()).indent()
                    .addStatement("return new $T($L)", calls.record(t), arguments).unindent();
        }
        b.add("default:\n").indent().addStatement("return null").unindent().endControlFlow();
        MethodSpec.Builder m = signatureOfMake().addJavadoc("A tool's {@link Call}, from its parameters' values.\n")
                .addCode(b.build());
        if (unchecked) {
            m.addAnnotation(com.palantir.javapoet.AnnotationSpec.builder(SuppressWarnings.class)
                    .addMember("value", "$S", "unchecked").build());
        }
        return m;
    }

    /** Calls tool {@code tool}'s method with a {@code Call}: its result, written as JSON when generated code can. */
    private MethodSpec.Builder run(int start, int end, boolean inPart) {
        CodeBlock.Builder b = CodeBlock.builder().beginControlFlow("switch (tool)");
        for (int i = start; i < end; i++) {
            ToolModel t = model.tools().get(i);
            b.add("case $L: { // $L\n", i, t.name()).indent();
            boolean hasArguments = !t.parameters().isEmpty();
            if (hasArguments) {
                b.addStatement("$T c = ($T) call", calls.record(t), calls.record(t));
            }
            CodeBlock invocation = invocation(t);
            ReturnModel r = t.returns();
            if (r.kind() == ReturnModel.Kind.VOID) {
                b.addStatement("$L", invocation).addStatement("return null");
            } else if (r.kind() == ReturnModel.Kind.TYPED) {
                b.addStatement("return $L", writers.write(r.type(), invocation,
                        CodeBlock.of("new $T()", RuntimeNames.RESULT_WRITER), 1));
            } else {
                b.addStatement("return $L", invocation);
            }
            b.unindent().add("}\n");
        }
        b.add("default:\n").indent().addStatement("return null").unindent().endControlFlow();
        return signatureOfRun(inPart).addJavadoc("Calls a tool's method with its {@link Call}; its result, written"
                + " as the tool's code says.\n").addCode(b.build());
    }

    /**
     * The call of the tool's method with its {@code Call}'s components, read as fields: the toolkit and its records
     * are nestmates, and javac resolves a field access for less than an accessor call (500 tools of four
     * parameters: 10 to 25 ms of a 300 ms compile).
     */
    private CodeBlock invocation(ToolModel t) {
        CodeBlock receiver = t.isStatic() ? CodeBlock.of("$T", model.targetClass()) : CodeBlock.of("target");
        CodeBlock args;
        if (t.paramsRecord() != null) {
            args = CodeBlock.of("c.$L", CallTypes.componentName(t.paramsRecordName()));
        } else {
            List<CodeBlock> list = new ArrayList<>();
            for (FieldModel f : t.parameters()) {
                list.add(CodeBlock.of("c.$L", CallTypes.componentName(f.javaName())));
            }
            args = CodeBlock.join(list, ", ");
        }
        return CodeBlock.of("$L.$L($L)", receiver, t.methodName(), args);
    }
}
