package dev.calltype.processor.generation;

import static dev.calltype.processor.generation.RuntimeNames.JSON_NODE;
import static dev.calltype.processor.generation.RuntimeNames.JSON_VALUES;
import static dev.calltype.processor.generation.RuntimeNames.OBJECT_NODE;

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
 * How tools' results become JSON without reflection: an expression per value, and a writer method per record
 * and sealed interface the results reach, member by member with {@code JsonValues}.
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
                .addStatement("return $T.nullNode()", JSON_VALUES).endControlFlow()
                .addStatement("$T object = $T.objectNode()", OBJECT_NODE, JSON_VALUES);
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

    private MethodSpec sealedMethod(SealedModel s) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (SealedModel.Member m : s.members()) {
            RecordModel r = model.record(m.recordKey());
            b.beginControlFlow("if (value instanceof $T)", r.javaType())
                    .addStatement("return write$L(($T) value)", r.simpleName(), r.javaType()).endControlFlow();
        }
        b.addStatement("return $T.nullNode()", JSON_VALUES);
        return MethodSpec.methodBuilder("write" + s.simpleName()).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(JSON_NODE).addParameter(s.javaType(), "value").addCode(b.build()).build();
    }

    /** An expression writing {@code value}, of {@code type}, as a {@code JsonNode}. */
    CodeBlock write(TypeModel type, CodeBlock value, int level) {
        if (type instanceof TypeModel.Scalar s) {
            if (s.kind().isNumeric()) {
                return CodeBlock.of("$T.numberNode($L)", JSON_VALUES, value);
            }
            if (s.kind() == ScalarKind.BOOLEAN) {
                return CodeBlock.of("$T.booleanNode($L)", JSON_VALUES, value);
            }
            return CodeBlock.of("$T.textNode($L)", JSON_VALUES, value);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("$T.enumNode($L)", JSON_VALUES, value);
        }
        if (type instanceof TypeModel.RecordRef r) {
            return CodeBlock.of("write$L($L)", model.record(r.key()).simpleName(), value);
        }
        if (type instanceof TypeModel.SealedRef s) {
            return CodeBlock.of("write$L($L)", model.sealed(s.key()).simpleName(), value);
        }
        String e = "e" + level;
        if (type instanceof TypeModel.OptionalType o) {
            return CodeBlock.of("$T.optionalNode($L, $L -> $L)", JSON_VALUES, value, e,
                    write(o.value(), CodeBlock.of(e), level + 1));
        }
        if (type instanceof TypeModel.MapType m) {
            return CodeBlock.of("$T.objectNode($L, $L -> $L)", JSON_VALUES, value, e,
                    write(m.value(), CodeBlock.of(e), level + 1));
        }
        TypeModel.Sequence s = (TypeModel.Sequence) type;
        if (s.kind() == TypeModel.SequenceKind.ARRAY && s.element().javaType().isPrimitive()) {
            return CodeBlock.of("$T.arrayNode($L)", JSON_VALUES, value);
        }
        return CodeBlock.of("$T.arrayNode($L, $L -> $L)", JSON_VALUES, value, e,
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
}
