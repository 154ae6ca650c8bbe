package dev.calltype.processor.generation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each tool's type code, as the runtime's {@code ToolTable} reads it (the grammar is documented there): the
 * kind of its result, then its parameters' Java types. The codes name records, sealed interfaces, enums and
 * object arrays by their index in three tables, collected here in the order first named.
 */
final class TypeCodes {

    private final RecordReaders readers;
    private final Map<String, Integer> readerIndexes = new LinkedHashMap<>();
    private final Map<TypeName, Integer> enumIndexes = new LinkedHashMap<>();
    private final Map<TypeName, Integer> arrayIndexes = new LinkedHashMap<>();

    TypeCodes(RecordReaders readers) {
        this.readers = readers;
    }

    /** The tool's code: {@code v}, {@code s}, {@code j} or {@code b}, then a space and a type per parameter. */
    String of(ToolModel tool) {
        StringBuilder code = new StringBuilder();
        code.append(switch (tool.returns().kind()) {
            case VOID -> 'v';
            case STRING -> 's';
            case JSON_NODE, TYPED -> 'j';
            case DATA_BINDING -> 'b';
        });
        for (FieldModel f : tool.parameters()) {
            code.append(' ');
            type(f.type(), code);
            if (f.constraints().notBlank()) {
                code.append('!');
            }
        }
        return code.toString();
    }

    private void type(TypeModel t, StringBuilder code) {
        if (t instanceof TypeModel.Scalar s) {
            code.append(scalar(s.kind(), s.isPrimitive()));
        } else if (t instanceof TypeModel.EnumType e) {
            code.append('E').append(index(enumIndexes, e.javaType()));
        } else if (t instanceof TypeModel.RecordRef r) {
            code.append('R').append(readerIndexes.computeIfAbsent(r.key(), k -> readerIndexes.size()));
        } else if (t instanceof TypeModel.SealedRef s) {
            code.append('R').append(readerIndexes.computeIfAbsent(s.key(), k -> readerIndexes.size()));
        } else if (t instanceof TypeModel.OptionalType o) {
            code.append('O');
            type(o.value(), code);
        } else if (t instanceof TypeModel.MapType m) {
            code.append('M');
            type(m.value(), code);
        } else {
            TypeModel.Sequence s = (TypeModel.Sequence) t;
            switch (s.kind()) {
                case LIST -> code.append('L');
                case SET -> code.append('T');
                case COLLECTION -> code.append('Q');
                case ARRAY -> {
                    code.append('A');
                    if (!s.element().javaType().isPrimitive()) {
                        code.append(index(arrayIndexes, ArrayTypeName.of(s.element().javaType())));
                    }
                }
            }
            type(s.element(), code);
        }
    }

    private static int index(Map<TypeName, Integer> indexes, TypeName type) {
        return indexes.computeIfAbsent(type, k -> indexes.size());
    }

    private static char scalar(ScalarKind kind, boolean primitive) {
        char c = switch (kind) {
            case BOOLEAN -> 'z';
            case CHAR -> 'c';
            case BYTE -> 'b';
            case SHORT -> 'h';
            case INT -> 'i';
            case LONG -> 'j';
            case FLOAT -> 'f';
            case DOUBLE -> 'd';
            case STRING -> 's';
            case BIG_DECIMAL -> 'm';
            case BIG_INTEGER -> 'n';
            case UUID -> 'u';
            case URI -> 'w';
            case LOCAL_DATE -> 'x';
            case LOCAL_DATE_TIME -> 'y';
            case OFFSET_DATE_TIME -> 'o';
            case INSTANT -> 'k';
            case DURATION -> 'p';
        };
        return primitive || kind.primitive() == null ? c : Character.toUpperCase(c);
    }

    /** The readers the codes name, as method references, in index order. */
    List<CodeBlock> readerTable(com.palantir.javapoet.ClassName toolkit) {
        List<CodeBlock> out = new ArrayList<>();
        for (String key : readerIndexes.keySet()) {
            out.add(CodeBlock.of("$T::$L", toolkit, readers.readerName(key)));
        }
        return out;
    }

    /** The enums' constants the codes name, in index order. */
    List<CodeBlock> enumTable(Constants constants) {
        List<CodeBlock> out = new ArrayList<>();
        for (TypeName e : enumIndexes.keySet()) {
            out.add(constants.enumValues(e));
        }
        return out;
    }

    /** The makers of the object arrays the codes name, in index order. */
    List<CodeBlock> arrayTable() {
        List<CodeBlock> out = new ArrayList<>();
        for (TypeName a : arrayIndexes.keySet()) {
            out.add(CodeBlock.of("$T::new", a));
        }
        return out;
    }

    /** Whether a result kind is written as JSON by generated code (so the runner writes it). */
    static boolean written(ReturnModel r) {
        return r.kind() == ReturnModel.Kind.TYPED;
    }
}
