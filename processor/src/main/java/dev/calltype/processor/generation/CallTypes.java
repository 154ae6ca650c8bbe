package dev.calltype.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import dev.calltype.processor.model.FieldModel;
import dev.calltype.processor.model.ToolModel;
import dev.calltype.processor.model.ToolkitModel;
import java.util.Set;
import javax.lang.model.element.Modifier;

/** The typed calls of a toolkit: the sealed {@code Call} interface and one record per tool. */
final class CallTypes {

    private static final Set<String> RESERVED_COMPONENTS = Set.of("clone", "finalize", "getClass", "hashCode",
            "notify", "notifyAll", "toString", "wait");

    private final ToolkitModel model;
    private final ClassName call;

    CallTypes(ToolkitModel model, ClassName call) {
        this.model = model;
        this.call = call;
    }

    ClassName call() {
        return call;
    }

    /** The record of a tool's calls. */
    ClassName record(ToolModel t) {
        return call.peerClass(t.callRecordName());
    }

    /** A record component's name: the Java parameter's, unless that clashes with a method of {@code Object}. */
    static String componentName(String javaName) {
        return RESERVED_COMPONENTS.contains(javaName) ? javaName + "Value" : javaName;
    }

    TypeSpec callInterface() {
        TypeSpec.Builder b = TypeSpec.interfaceBuilder(call).addModifiers(Modifier.PUBLIC, Modifier.SEALED)
                .addJavadoc("A call to one of these tools, its arguments converted to Java types: one record per"
                        + " tool.\n");
        for (ToolModel t : model.tools()) {
            b.addPermittedSubclass(record(t));
        }
        return b.build();
    }

    TypeSpec callRecord(ToolModel t) {
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        if (t.paramsRecord() != null) {
            ctor.addParameter(ParameterSpec.builder(t.paramsRecord(), componentName(t.paramsRecordName())).build());
        } else {
            for (FieldModel f : t.parameters()) {
                ctor.addParameter(ParameterSpec.builder(f.type().javaType(), componentName(f.javaName())).build());
            }
        }
        return TypeSpec.recordBuilder(record(t))
                .addModifiers(Modifier.PUBLIC)
                .addSuperinterface(call)
                .addJavadoc("The arguments of a call to {@code $L}: {@link $T#$L}.\n", t.name(), model.targetClass(),
                        t.javadocLink())
                .recordConstructor(ctor.build())
                .build();
    }
}
