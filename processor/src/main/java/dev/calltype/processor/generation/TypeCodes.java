package dev.calltype.processor.generation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.ReturnModel;
import dev.calltype.processor.model.ScalarKind;
import dev.calltype.processor.model.TypeModel.SequenceKind;
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

    /**
     * The tool's code: its result kind ({@code v} void, {@code t} text, {@code g} JSON, {@code r} JSON by data
     * binding: letters that name no type), then a space and a type per parameter.
     */
    String of(ToolModel tool) {
        StringBuilder code = new StringBuilder();
        code.append(switch (tool.returns().kind()) {
            case VOID -> 'v';
            case STRING -> 't';
            case JSON_NODE, TYPED -> 'g';
            case DATA_BINDING -> 'r';
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

    /**
     * What the tool's code says, for the comment beside it: the result kind, then each parameter's name and the
     * Java type its code names, in the words the runtime's {@code ToolTable.describe} reads the code with
     * ({@code JSON ← item: readers[0], note: String (not blank)}). Call after {@link #of} for the same tool, which
     * numbers the tables.
     */
    String describe(ToolModel tool) {
        StringBuilder out = new StringBuilder();
        out.append(switch (tool.returns().kind()) {
            case VOID -> "void";
            case STRING -> "text";
            case JSON_NODE, TYPED -> "JSON";
            case DATA_BINDING -> "JSON by data binding";
        });
        List<FieldModel> parameters = tool.parameters();
        for (int i = 0; i < parameters.size(); i++) {
            FieldModel f = parameters.get(i);
            out.append(i == 0 ? " ← " : ", ").append(f.jsonName()).append(": ");
            describe(f.type(), out);
            if (f.constraints().notBlank()) {
                out.append(" (not blank)");
            }
        }
        return out.toString();
    }

    private void describe(TypeModel t, StringBuilder out) {
        if (t instanceof TypeModel.Scalar s) {
            out.append(s.javaType().isPrimitive() ? s.javaType().toString() : ((ClassName) s.javaType()).simpleName());
        } else if (t instanceof TypeModel.EnumType e) {
            out.append("enums[").append(enumIndexes.get(e.javaType())).append(']');
        } else if (t instanceof TypeModel.RecordRef r) {
            out.append("readers[").append(readerIndexes.get(r.key())).append(']');
        } else if (t instanceof TypeModel.SealedRef s) {
            out.append("readers[").append(readerIndexes.get(s.key())).append(']');
        } else if (t instanceof TypeModel.OptionalType o) {
            out.append("Optional<");
            describe(o.value(), out);
            out.append('>');
        } else if (t instanceof TypeModel.MapType m) {
            out.append("Map<String, ");
            describe(m.value(), out);
            out.append('>');
        } else {
            TypeModel.Sequence s = (TypeModel.Sequence) t;
            if (s.kind() == SequenceKind.ARRAY) {
                describe(s.element(), out);
                out.append("[]");
                return;
            }
            out.append(switch (s.kind()) {
                case LIST -> "List<";
                case SET -> "Set<";
                default -> "Collection<";
            });
            describe(s.element(), out);
            out.append('>');
        }
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
            case LOCAL_TIME -> 'a';
            case OFFSET_TIME -> 'e';
            case ZONED_DATE_TIME -> 'l';
            case PERIOD -> 'q';
            case YEAR -> 'Y';
            case YEAR_MONTH -> 'K';
            case MONTH_DAY -> 'N';
            case ZONE_ID -> 'G';
            case ZONE_OFFSET -> 'P';
        };
        return primitive || kind.primitive() == null ? c : Character.toUpperCase(c);
    }

    /** The readers the codes name, as method references, in index order. */
    List<CodeBlock> readerTable(ClassName toolkit) {
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
