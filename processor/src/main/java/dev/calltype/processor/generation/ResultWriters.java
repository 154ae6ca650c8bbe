package dev.calltype.processor.generation;

import static dev.calltype.processor.generation.RuntimeNames.RESULT_WRITER;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.RecordModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.SealedModel;
import dev.calltype.processor.model.ToolkitModel;
import dev.calltype.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * How tools' results become JSON text without reflection and without a tree: an expression per value, and a
 * writer method per record and sealed interface the results reach, member by member into a {@code ResultWriter}.
 */
final class ResultWriters {

    private final ToolkitModel model;
    private final Usage usage;

    ResultWriters(ToolkitModel model, Usage usage) {
        this.model = model;
        this.usage = usage;
    }

    /** The writer methods, records first, in the order first reached. */
    List<MethodSpec> methods() {
        List<MethodSpec> out = new ArrayList<>();
        for (String key : usage.writeRecords()) {
            out.add(recordMethod(model.record(key)));
        }
        for (String key : usage.writeSealed()) {
            out.add(sealedMethod(model.sealed(key)));
        }
        return out;
    }

    private MethodSpec recordMethod(RecordModel r) {
        CodeBlock.Builder b = CodeBlock.builder()
                .beginControlFlow("if (value == null)")
                .addStatement("return out.nul()").endControlFlow()
                .addStatement("out.begin()");
        String discriminator = discriminatorOf(r);
        if (discriminator != null) {
            b.addStatement("$L.string($S)", member(SealedModel.DISCRIMINATOR), discriminator);
        }
        for (FieldModel f : r.fields()) {
            b.addStatement("$L", write(f.type(), CodeBlock.of("value.$L()", f.javaName()), member(f.jsonName()), 1));
        }
        b.addStatement("return out.end()");
        return writer(r.simpleName(), r.javaType(), b.build());
    }

    private MethodSpec sealedMethod(SealedModel s) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (SealedModel.Member m : s.members()) {
            RecordModel r = model.record(m.recordKey());
            b.beginControlFlow("if (value instanceof $T)", r.javaType())
                    .addStatement("return write$L(($T) value, out)", r.simpleName(), r.javaType()).endControlFlow();
        }
        b.addStatement("return out.nul()");
        return writer(s.simpleName(), s.javaType(), b.build());
    }

    /** Starting a member: {@code field} for a name JSON writes as it is, {@code name} (which escapes) otherwise. */
    private static CodeBlock member(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return CodeBlock.of("out.name($S)", name);
            }
        }
        return CodeBlock.of("out.field($S)", name);
    }

    private static MethodSpec writer(String simpleName, com.palantir.javapoet.TypeName type, CodeBlock code) {
        return MethodSpec.methodBuilder("write" + simpleName).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(RESULT_WRITER).addParameter(type, "value").addParameter(RESULT_WRITER, "out").addCode(code).build();
    }

    /**
     * An expression writing {@code value}, of {@code type}, into the {@code ResultWriter} {@code out} (an expression
     * too), whose value is that {@code ResultWriter}.
     */
    CodeBlock write(TypeModel type, CodeBlock value, CodeBlock out, int level) {
        if (type instanceof TypeModel.Scalar s) {
            if (s.kind().isNumeric()) {
                return CodeBlock.of("$L.number($L)", out, value);
            }
            if (s.kind() == ScalarKind.BOOLEAN) {
                return CodeBlock.of("$L.bool($L)", out, value);
            }
            if (s.kind() == ScalarKind.YEAR) {
                return CodeBlock.of("$L.year($L)", out, value);
            }
            return CodeBlock.of("$L.string($L)", out, value);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("$L.enumName($L)", out, value);
        }
        if (type instanceof TypeModel.RecordRef r) {
            return CodeBlock.of("write$L($L, $L)", model.record(r.key()).simpleName(), value, out);
        }
        if (type instanceof TypeModel.SealedRef s) {
            return CodeBlock.of("write$L($L, $L)", model.sealed(s.key()).simpleName(), value, out);
        }
        String e = "e" + level;
        String o = "o" + level;
        if (type instanceof TypeModel.OptionalType opt) {
            return CodeBlock.of("$L.optional($L, ($L, $L) -> $L)", out, value, e, o,
                    write(opt.value(), CodeBlock.of(e), CodeBlock.of(o), level + 1));
        }
        if (type instanceof TypeModel.MapType m) {
            return CodeBlock.of("$L.object($L, ($L, $L) -> $L)", out, value, e, o,
                    write(m.value(), CodeBlock.of(e), CodeBlock.of(o), level + 1));
        }
        TypeModel.Sequence s = (TypeModel.Sequence) type;
        if (s.kind() == TypeModel.SequenceKind.ARRAY && s.element().javaType().isPrimitive()) {
            return CodeBlock.of("$L.array($L)", out, value);
        }
        return CodeBlock.of("$L.array($L, ($L, $L) -> $L)", out, value, e, o,
                write(s.element(), CodeBlock.of(e), CodeBlock.of(o), level + 1));
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
}
