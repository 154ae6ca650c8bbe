package dev.calltype.processor;

import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/** Tool classes kept as source files under {@code src/test/resources/tools}. */
final class Sources {

    private static final List<String> CONSTRAINTS = List.of("Min", "Max", "DecimalMin", "DecimalMax", "Size",
            "Pattern", "NotBlank", "NotEmpty", "Email");

    private Sources() {
    }

    static JavaFileObject resource(String qualifiedName) {
        return JavaFileObjects.forResource("tools/" + qualifiedName.replace('.', '/') + ".java");
    }

    /** The stand-ins for Bean Validation and JSpecify annotations. */
    static List<JavaFileObject> annotations() {
        List<JavaFileObject> out = new ArrayList<>();
        for (String c : CONSTRAINTS) {
            out.add(resource("jakarta.validation.constraints." + c));
        }
        out.add(resource("org.jspecify.annotations.Nullable"));
        return out;
    }

    /** The representative toolkit: {@code com.example.inventory.Inventory} and its types. */
    static JavaFileObject[] inventory() {
        List<JavaFileObject> out = new ArrayList<>(annotations());
        for (String c : List.of("Inventory", "Item", "Unit", "Receipt", "SearchRequest", "Payment", "Category")) {
            out.add(resource("com.example.inventory." + c));
        }
        return out.toArray(new JavaFileObject[0]);
    }

    /** Tools that echo every supported type: {@code com.example.types.Echo}. */
    static JavaFileObject[] echo() {
        List<JavaFileObject> out = new ArrayList<>(annotations());
        for (String c : List.of("Echo", "Color", "Point", "Shape", "Circle", "Square", "Tree")) {
            out.add(resource("com.example.types." + c));
        }
        return out.toArray(new JavaFileObject[0]);
    }

    /** A class {@code com.example.<name>} given inline, importing the annotations and {@code java.util}. */
    static JavaFileObject example(String name, String text) {
        return JavaFileObjects.forSourceString("com.example." + name, "package com.example;\n\n"
                + "import dev.calltype.annotations.*;\n" + "import java.util.*;\n\n" + text);
    }

    /** Sources given inline, plus the annotation stand-ins. */
    static JavaFileObject[] with(JavaFileObject... sources) {
        List<JavaFileObject> out = new ArrayList<>(annotations());
        out.addAll(List.of(sources));
        return out.toArray(new JavaFileObject[0]);
    }
}
