package dev.calltype.processor;

import dev.calltype.runtime.internal.scan.CallNormalizer;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaFileObject;

/**
 * A compilation of real tool classes with the processor, and a class loader over its output, so
 * tests call the generated code as a user would.
 */
final class Compiled {

    final Compilation compilation;
    private final ClassLoader loader;

    private Compiled(Compilation compilation) {
        this.compilation = compilation;
        this.loader = new OutputLoader(compilation, Compiled.class.getClassLoader());
    }

    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new ToolProcessor()).withOptions("-Acalltype.descriptions=off")
                .compile(sources);
    }

    static Compilation compileWithWarnings(JavaFileObject... sources) {
        return javac().withProcessors(new ToolProcessor()).compile(sources);
    }

    /** Compiles, failing the test with the diagnostics when compilation fails. */
    static Compiled of(JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertWithMessage("compilation failed: %s", c.diagnostics()).that(c.status())
                .isEqualTo(Compilation.Status.SUCCESS);
        return new Compiled(c);
    }

    Class<?> load(String name) {
        try {
            return Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /** A new instance of a class from the compilation, by its public no-argument constructor. */
    Object instance(String name) {
        try {
            Constructor<?> c = load(name).getDeclaredConstructor();
            c.setAccessible(true);
            return c.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The generated toolkit {@code toolkitName} over a new instance of {@code targetName}. */
    Toolkit toolkit(String toolkitName, String targetName) {
        Object target = instance(targetName);
        try {
            Class<?> tk = load(toolkitName);
            for (Constructor<?> c : tk.getConstructors()) {
                if (c.getParameterCount() == 1) {
                    return (Toolkit) c.newInstance(target);
                }
            }
            throw new AssertionError("no one-argument constructor on " + toolkitName);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The generated toolkit of a class whose tools are all static. */
    Toolkit staticToolkit(String toolkitName) {
        return (Toolkit) instance(toolkitName);
    }

    /** The text of a generated source file. */
    String source(String qualifiedName) {
        Optional<JavaFileObject> file = compilation.generatedSourceFile(qualifiedName);
        if (file.isEmpty()) {
            throw new AssertionError("no generated source " + qualifiedName + " in " + compilation.generatedFiles());
        }
        try {
            return file.get().getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A call of {@code tool} with the given JSON arguments and the id {@code call-1}. */
    static ToolCall toolCall(String tool, String arguments) throws java.io.IOException {
        return ToolCall.of(tool, (ObjectNode) new ObjectMapper().readTree(arguments)).withId("call-1");
    }

    /** Calls a public method reflectively. */
    static Object call(Object target, String method, Object... args) {
        try {
            for (var m : target.getClass().getMethods()) {
                if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                    return m.invoke(target, args);
                }
            }
            throw new AssertionError("no method " + method);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new AssertionError(e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** Loads classes from the compilation's class output, other classes from the test's loader. */
    private static final class OutputLoader extends ClassLoader {
        private final List<JavaFileObject> classes;

        OutputLoader(Compilation compilation, ClassLoader parent) {
            super(parent);
            this.classes = compilation.generatedFiles().stream()
                    .filter(f -> f.getKind() == JavaFileObject.Kind.CLASS).toList();
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            String suffix = "/" + name.replace('.', '/') + ".class";
            for (JavaFileObject f : classes) {
                if (f.toUri().getPath().endsWith(suffix)) {
                    try (InputStream in = f.openInputStream()) {
                        byte[] bytes = in.readAllBytes();
                        return defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
            }
            throw new ClassNotFoundException(name);
        }
    }
}
