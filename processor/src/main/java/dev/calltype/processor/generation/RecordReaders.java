package dev.calltype.processor.generation;

import static dev.calltype.processor.generation.RuntimeNames.COERCION;
import static dev.calltype.processor.generation.RuntimeNames.ARGUMENT_SUPPORT;
import static dev.calltype.processor.generation.RuntimeNames.JSON_NODE;
import static dev.calltype.processor.generation.RuntimeNames.OBJECT_NODE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.calltype.processor.model.Constraints;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.Names;
import dev.calltype.processor.model.RecordModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.SealedModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The reader of each record and sealed interface a toolkit's parameters reach: one method per type (not per
 * tool), reading the object's members field by field with the coercions of {@code Coercion} and the checks of
 * {@code Constraints}, then calling the record's constructor. A tool's own parameters are read by the
 * runtime's {@code ToolTable}, which calls these methods for its record parameters.
 */
final class RecordReaders {

    private static final ClassName LIST = ClassName.get("java.util", "List");
    private static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
    private static final ClassName PATTERN = ClassName.get("java.util.regex", "Pattern");
    private static final TypeName LIST_OF_STRING = ParameterizedTypeName.get(LIST, ClassName.get(String.class));

    private final ToolkitModel model;
    private final Usage usage;
    private final Constants constants;
    private final Map<String, String> typeConstants = new LinkedHashMap<>();

    /**
     * What an object's members that no field names are: problems (tool arguments) or notes the reading goes on
     * past (typed answers, whose readers call {@code AnswerSupport.ignoreUnknown}).
     */
    private final boolean ignoreUnknown;

    RecordReaders(ToolkitModel model, Usage usage, Constants constants) {
        this(model, usage, constants, false);
    }

    RecordReaders(ToolkitModel model, Usage usage, Constants constants, boolean ignoreUnknown) {
        this.ignoreUnknown = ignoreUnknown;
        this.model = model;
        this.usage = usage;
        this.constants = constants;
        for (RecordModel r : model.records().values()) {
            typeConstants.put(r.key(), constants.unique(Names.constantCase(r.simpleName())));
        }
        for (SealedModel s : model.sealedTypes().values()) {
            typeConstants.put(s.key(), constants.unique(Names.constantCase(s.simpleName())));
        }
    }

    /** The name of a record's or sealed interface's reader method. */
    String readerName(String key) {
        RecordModel r = model.record(key);
        return "read" + (r != null ? r.simpleName() : model.sealed(key).simpleName());
    }

    /** The field-name lists of the records read (in the toolkit class) and the unions of the sealed ones (lazy). */
    void addConstants(TypeSpec.Builder type) {
        Set<String> records = new LinkedHashSet<>(usage.readRecords());
        for (String key : usage.readSealed()) {
            for (SealedModel.Member m : model.sealed(key).members()) {
                records.add(m.recordKey());
            }
        }
        for (String key : records) {
            RecordModel r = model.record(key);
            type.addField(FieldSpec.builder(LIST_OF_STRING, "FIELDS_" + typeConstants.get(key), Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer(fieldList(r.fields(), r.sealedMember())).build());
        }
        for (String key : usage.readSealed()) {
            SealedModel s = model.sealed(key);
            CodeBlock discriminators = s.members().stream().map(m -> CodeBlock.of("$S", m.discriminator()))
                    .collect(CodeBlock.joining(", "));
            CodeBlock javaNames = s.members().stream().map(m -> CodeBlock.of("$S", m.javaName()))
                    .collect(CodeBlock.joining(", "));
            CodeBlock required = s.members().stream().map(m -> requiredList(model.record(m.recordKey())))
                    .collect(CodeBlock.joining(", "));
            CodeBlock fields = s.members().stream().map(m -> CodeBlock.of("FIELDS_$L", typeConstants.get(m.recordKey())))
                    .collect(CodeBlock.joining(", "));
            constants.addLazy(FieldSpec.builder(RuntimeNames.UNION, "UNION_" + typeConstants.get(key),
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("new $T($>$>\n$T.of($L),\n$T.of($L),\n$T.of($L),\n$T.of($L)$<$<)", RuntimeNames.UNION, LIST,
                            discriminators, LIST, javaNames, LIST, required, LIST, fields).build());
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

    /** The reader methods, records first, in the order first reached. */
    List<MethodSpec> methods() {
        List<MethodSpec> out = new ArrayList<>();
        for (String key : usage.readRecords()) {
            out.add(recordMethod(model.record(key)));
        }
        for (String key : usage.readSealed()) {
            out.add(sealedMethod(model.sealed(key)));
        }
        return out;
    }

    private static NameAllocator allocator() {
        NameAllocator names = new NameAllocator();
        for (String reserved : List.of("problems", "before", "object", "node", "path", "depth", "value")) {
            names.newName(reserved, reserved);
        }
        for (int i = 1; i <= 16; i++) {
            names.newName("n" + i, "n" + i);
            names.newName("p" + i, "p" + i);
        }
        return names;
    }

    private MethodSpec recordMethod(RecordModel r) {
        NameAllocator names = allocator();
        String c = typeConstants.get(r.key());
        CodeBlock.Builder b = CodeBlock.builder()
                .addStatement("$T object = $T.toObject(node, path, problems)", OBJECT_NODE, COERCION)
                .beginControlFlow("if (object == null)").addStatement("return null").endControlFlow()
                .beginControlFlow("if (depth > $T.MAX_DEPTH)", ARGUMENT_SUPPORT)
                .addStatement("$T.tooDeep(path, problems)", ARGUMENT_SUPPORT)
                .addStatement("return null").endControlFlow()
                .addStatement("int before = problems.size()")
                .addStatement("$T.$L(object, path, FIELDS_$L, problems)",
                        ignoreUnknown ? RuntimeNames.ANSWER_SUPPORT : ARGUMENT_SUPPORT,
                        ignoreUnknown ? "ignoreUnknown" : "rejectUnknown", c);
        List<String> locals = readFields(r.fields(), c, names, b);
        b.beginControlFlow("if (problems.size() > before)").addStatement("return null").endControlFlow();
        b.beginControlFlow("try")
                .addStatement("return new $T($L)", r.javaType(), String.join(", ", locals))
                .nextControlFlow("catch ($T e)", RuntimeException.class)
                .addStatement("$T.rejected(path, e, problems)", ARGUMENT_SUPPORT)
                .addStatement("return null")
                .endControlFlow();
        return signature(readerName(r.key()), r.javaType()).addCode(b.build()).build();
    }

    private MethodSpec sealedMethod(SealedModel s) {
        CodeBlock.Builder b = CodeBlock.builder()
                .addStatement("$T object = $T.toObject(node, path, problems)", OBJECT_NODE, COERCION)
                .beginControlFlow("if (object == null)").addStatement("return null").endControlFlow()
                .beginControlFlow("switch ($L.select(object, path, problems))",
                        constants.lazy("UNION_" + typeConstants.get(s.key())));
        for (int i = 0; i < s.members().size(); i++) {
            b.add("case $L: // $L\n", i, s.members().get(i).discriminator()).indent()
                    .addStatement("return $L(object, path, problems, depth)",
                            readerName(s.members().get(i).recordKey())).unindent();
        }
        b.add("default:\n").indent().addStatement("return null").unindent().endControlFlow();
        return signature(readerName(s.key()), s.javaType()).addCode(b.build()).build();
    }

    private static MethodSpec.Builder signature(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(returns)
                .addParameter(JSON_NODE, "node").addParameter(String.class, "path")
                .addParameter(LIST_OF_STRING, "problems").addParameter(TypeName.INT, "depth");
    }

    /**
     * Reads each member of {@code object} into a local, reporting what is missing, wrong or out of bounds.
     *
     * @return the locals' names, in field order
     */
    private List<String> readFields(List<FieldModel> fields, String ownerConstant, NameAllocator names,
                                    CodeBlock.Builder b) {
        List<String> locals = new ArrayList<>();
        for (FieldModel f : fields) {
            String local = names.newName(f.javaName(), f);
            String nodeVar = names.newName(f.javaName() + "Node");
            locals.add(local);
            Path path = Path.member(f.jsonName());
            b.addStatement("$T $L = object.get($S)", JSON_NODE, nodeVar, f.jsonName());
            b.addStatement("$T $L = null", f.type().javaType().box(), local);
            CodeBlock.Builder whenAbsent = CodeBlock.builder();
            if (f.required()) {
                whenAbsent.addStatement("$T.missing($L, $L, problems)", ARGUMENT_SUPPORT, path.joined(), nodeVar);
            } else if (f.defaultValue() != null) {
                CodeBlock constant = constants.addLazy(JSON_NODE, "DEFAULT_" + ownerConstant + "_"
                        + Names.constantCase(f.jsonName()), CodeBlock.of("$T.json($S)", RuntimeNames.TOOLKIT_SUPPORT,
                        f.defaultValue().write()));
                whenAbsent.addStatement("$L = $L", local, read(f.type(), constant, path, "depth", 1));
            } else if (f.type() instanceof TypeModel.OptionalType) {
                whenAbsent.addStatement("$L = $T.empty()", local, OPTIONAL);
            } else if (f.type() instanceof TypeModel.Scalar s && s.isPrimitive()) {
                whenAbsent.addStatement("$L = $L", local, zero(s.kind()));
            }
            CodeBlock.Builder whenPresent = CodeBlock.builder();
            whenPresent.addStatement("$L = $L", local, read(f.type(), CodeBlock.of("$L", nodeVar), path, "depth", 1));
            CodeBlock checks = constraintChecks(f, local, path, ownerConstant);
            if (!checks.isEmpty()) {
                if (f.type() instanceof TypeModel.OptionalType) {
                    whenPresent.beginControlFlow("if ($L != null && $L.isPresent())", local, local);
                } else {
                    whenPresent.beginControlFlow("if ($L != null)", local);
                }
                whenPresent.add(checks).endControlFlow();
            }
            CodeBlock absent = whenAbsent.build();
            if (absent.isEmpty()) {
                b.beginControlFlow("if (!$T.absent($L))", ARGUMENT_SUPPORT, nodeVar).add(whenPresent.build())
                        .endControlFlow();
            } else {
                b.beginControlFlow("if ($T.absent($L))", ARGUMENT_SUPPORT, nodeVar).add(absent)
                        .nextControlFlow("else").add(whenPresent.build()).endControlFlow();
            }
        }
        return locals;
    }

    /** The value a primitive member that need not be given has when left out, as Java source. */
    static String zero(ScalarKind kind) {
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
        TypeModel type = f.type() instanceof TypeModel.OptionalType o ? o.value() : f.type();
        CodeBlock value = f.type() instanceof TypeModel.OptionalType ? CodeBlock.of("$L.get()", local)
                : CodeBlock.of("$L", local);
        CodeBlock.Builder b = CodeBlock.builder();
        if (c.minimum() != null) {
            b.addStatement("$T.minimum($L, $S, $L, problems)", RuntimeNames.VALUE_CHECKS, value, c.minimum().text(),
                    path.leaf());
        }
        if (c.maximum() != null) {
            b.addStatement("$T.maximum($L, $S, $L, problems)", RuntimeNames.VALUE_CHECKS, value, c.maximum().text(),
                    path.leaf());
        }
        if (c.notBlank()) {
            b.addStatement("$T.notBlank($L, $L, problems)", RuntimeNames.VALUE_CHECKS, value, path.leaf());
        }
        Integer minLength = c.notBlank() && Integer.valueOf(1).equals(c.minLength()) ? null : c.minLength();
        if (minLength != null || c.maxLength() != null) {
            b.addStatement("$T.length($L, $L, $L, $L, problems)", RuntimeNames.VALUE_CHECKS, value, minLength,
                    c.maxLength(), path.leaf());
        }
        if (c.pattern() != null) {
            CodeBlock constant = constants.addLazy(PATTERN, "PATTERN_" + ownerConstant + "_"
                    + Names.constantCase(f.jsonName()), CodeBlock.of("$T.compile($S)", PATTERN, c.pattern()));
            b.addStatement("$T.pattern($L, $L, $L, problems)", RuntimeNames.VALUE_CHECKS, value, constant, path.leaf());
        }
        if (c.email()) {
            b.addStatement("$T.email($L, $L, problems)", RuntimeNames.VALUE_CHECKS, value, path.leaf());
        }
        if (c.minItems() != null || c.maxItems() != null) {
            boolean array = type instanceof TypeModel.Sequence s && s.kind() == TypeModel.SequenceKind.ARRAY;
            b.addStatement("$T.size($L.$L, $L, $L, $L, problems)", RuntimeNames.VALUE_CHECKS, value,
                    array ? "length" : "size()", c.minItems(), c.maxItems(), path.leaf());
        }
        return b.build();
    }

    /**
     * Where a value is, for the messages about it: a whole path (an element's path variable), or a member of
     * the record being read, whose path ({@code path.member}) is built only when a problem is reported, or when
     * the value is itself an object or collection.
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

    /**
     * An expression reading the value in local {@code node} as {@code type}, at the path in local {@code path}
     * and the nesting depth in local {@code depth}: the value, or null after a problem.
     */
    CodeBlock readValue(TypeModel type) {
        return read(type, CodeBlock.of("node"), Path.whole(CodeBlock.of("path")), "depth", 1);
    }

    /** An expression reading {@code node} at {@code path} as {@code type}: the value, or null after a problem. */
    private CodeBlock read(TypeModel type, CodeBlock node, Path path, String depth, int level) {
        if (type instanceof TypeModel.Scalar s) {
            return CodeBlock.of("$T.$L($L, $L, problems)", COERCION, s.kind().coercion(), node, path.leaf());
        }
        if (type instanceof TypeModel.EnumType e) {
            return CodeBlock.of("$T.toEnum($L, $L, problems, $L)", COERCION, node, path.leaf(),
                    constants.enumValues(e.javaType()));
        }
        if (type instanceof TypeModel.OptionalType o) {
            return CodeBlock.of("$T.ofNullable($L)", OPTIONAL, read(o.value(), node, path, depth, level));
        }
        if (type instanceof TypeModel.RecordRef r) {
            return CodeBlock.of("$L($L, $L, problems, $L + 1)", readerName(r.key()), node, path.joined(), depth);
        }
        if (type instanceof TypeModel.SealedRef s) {
            return CodeBlock.of("$L($L, $L, problems, $L + 1)", readerName(s.key()), node, path.joined(), depth);
        }
        String n = "n" + level;
        String p = "p" + level;
        if (type instanceof TypeModel.MapType m) {
            return CodeBlock.of("$T.readMap($L, $L, problems, ($L, $L) -> $L)", ARGUMENT_SUPPORT, node, path.joined(),
                    n, p, read(m.value(), CodeBlock.of(n), Path.whole(CodeBlock.of(p)), depth, level + 1));
        }
        TypeModel.Sequence s = (TypeModel.Sequence) type;
        CodeBlock element = read(s.element(), CodeBlock.of(n), Path.whole(CodeBlock.of(p)), depth, level + 1);
        String method = s.kind() == TypeModel.SequenceKind.SET ? "readSet" : "readList";
        CodeBlock list = CodeBlock.of("$T.$L($L, $L, problems, ($L, $L) -> $L)", ARGUMENT_SUPPORT, method, node,
                path.joined(), n, p, element);
        if (s.kind() != TypeModel.SequenceKind.ARRAY) {
            return list;
        }
        if (s.element().javaType().isPrimitive()) {
            String primitive = s.element().javaType().toString();
            return CodeBlock.of("$T.to$LArray($L)", ARGUMENT_SUPPORT,
                    Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1), list);
        }
        return CodeBlock.of("$T.toArray($L, $T::new)", ARGUMENT_SUPPORT, list, ArrayTypeName.of(s.element().javaType()));
    }
}
