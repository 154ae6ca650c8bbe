package dev.calltype.processor.generation;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * The constants of one generated toolkit: their names, unique in the class, and the ones kept in the
 * {@code Lazy} holder (initialised on first use, so that constructing the toolkit and reading its schemas or
 * instructions load none of them); and how string literals and array constants are written.
 */
final class Constants {

    /** The longest string literal written in one piece (a class file constant holds at most 65,535 bytes). */
    private static final int MAX_LITERAL = 8000;

    private final ClassName lazy;
    private final Set<String> used = new HashSet<>();
    private final List<FieldSpec> lazyFields = new ArrayList<>();
    private final Map<TypeName, CodeBlock> enumValues = new LinkedHashMap<>();

    Constants(ClassName lazy) {
        this.lazy = lazy;
    }

    /** {@code base}, or {@code base_2}, {@code base_3}… when it is taken. */
    String unique(String base) {
        String candidate = base.isEmpty() ? "TOOL" : base;
        for (int n = 2; !used.add(candidate); n++) {
            candidate = base + "_" + n;
        }
        return candidate;
    }

    /** Adds a constant to the {@code Lazy} holder; an expression naming it. */
    CodeBlock addLazy(TypeName type, String base, CodeBlock initializer) {
        String name = unique(base);
        lazyFields.add(FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(initializer).build());
        return lazy(name);
    }

    /** Adds a field, named already, to the {@code Lazy} holder. */
    void addLazy(FieldSpec field) {
        used.add(field.name());
        lazyFields.add(field);
    }

    /** The constants of an enum, its {@code values()} copied once: an expression naming them. */
    CodeBlock enumValues(TypeName enumType) {
        CodeBlock constant = enumValues.get(enumType);
        if (constant == null) {
            String simple = enumType instanceof ClassName c ? c.simpleName() : enumType.toString();
            constant = addLazy(ArrayTypeName.of(enumType), "VALUES_" + dev.calltype.processor.model.Names
                    .constantCase(simple), CodeBlock.of("$T.values()", enumType));
            enumValues.put(enumType, constant);
        }
        return constant;
    }

    /** An expression naming a constant of the {@code Lazy} holder. */
    CodeBlock lazy(String constant) {
        return CodeBlock.of("$T.$L", lazy, constant);
    }

    List<FieldSpec> lazyFields() {
        return lazyFields;
    }

    /**
     * A string literal; one longer than a class file constant allows is joined from pieces at run time. Written
     * as {@link #quoted} text, which costs JavaPoet far less than {@code $S} on the long schema texts.
     */
    static CodeBlock literal(String value) {
        if (value.length() <= MAX_LITERAL) {
            return CodeBlock.of("$L", quoted(value));
        }
        List<CodeBlock> pieces = new ArrayList<>();
        int start = 0;
        while (start < value.length()) {
            int end = Math.min(value.length(), start + MAX_LITERAL);
            if (end < value.length() && Character.isHighSurrogate(value.charAt(end - 1))) {
                end--;
            }
            pieces.add(CodeBlock.of("$L", quoted(value.substring(start, end))));
            start = end;
        }
        return CodeBlock.of("$T.join(\"\",\n$L)", ClassName.get(String.class), CodeBlock.join(pieces, ",\n"));
    }

    /**
     * {@code value} as a Java string literal on one line: quotes, backslashes and control characters escaped, and
     * surrogates as Unicode escapes, so that text which is not well-formed UTF-16 still writes as UTF-8.
     */
    static String quoted(String value) {
        StringBuilder out = null;
        int copied = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            String escape;
            switch (c) {
                case '"' -> escape = "\\\"";
                case '\\' -> escape = "\\\\";
                case '\n' -> escape = "\\n";
                case '\r' -> escape = "\\r";
                case '\t' -> escape = "\\t";
                default -> escape = c < 0x20 || (c >= 0x7f && c <= 0x9f) || Character.isSurrogate(c)
                        ? String.format("\\u%04x", (int) c) : null;
            }
            if (escape != null) {
                if (out == null) {
                    out = new StringBuilder(value.length() + 16).append('"');
                }
                out.append(value, copied, i).append(escape);
                copied = i + 1;
            }
        }
        if (out == null) {
            return "\"" + value + "\"";
        }
        return out.append(value, copied, value.length()).append('"').toString();
    }

    /**
     * An array constant initialised element by element, each with a comment on its line ({@code comments} one per
     * element: the comments must not contain a line break).
     */
    static FieldSpec.Builder commentedArray(TypeName type, String name, List<CodeBlock> elements,
            List<String> comments, Modifier... modifiers) {
        CodeBlock.Builder lines = CodeBlock.builder();
        for (int i = 0; i < elements.size(); i++) {
            lines.add("$L$L // $L", elements.get(i), i + 1 < elements.size() ? "," : "", comments.get(i));
            if (i + 1 < elements.size()) {
                lines.add("\n");
            }
        }
        return FieldSpec.builder(type, name, modifiers).initializer("{$>\n$L$<\n}", lines.build());
    }

    /** An array constant initialised element by element (javac compiles array initialisers in linear time). */
    static FieldSpec.Builder array(TypeName type, String name, List<CodeBlock> elements, Modifier... modifiers) {
        return FieldSpec.builder(type, name, modifiers)
                .initializer("{$>\n$L$<\n}", CodeBlock.join(elements, ",\n"));
    }
}
