package dev.calltype.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.processor.diagnostic.Problem;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same tools whatever compiles them: a class whose tools, parameter records and descriptions come from other
 * files gives the same toolkit when only it is recompiled against the earlier output (Gradle's incremental
 * compile, IntelliJ's builder) and when those files arrive in another module's jar, because the processor records
 * what it learns from source beside each class file.
 */
class IncrementalCompileTest {

    private static final JavaFileObject CARRIER = JavaFileObjects.forSourceString("com.example.ship.Carrier", """
            package com.example.ship;

            import dev.calltype.annotations.Tool;

            /** A parcel carrier. */
            public interface Carrier {

                /**
                 * Where a shipment is now.
                 *
                 * @param trackingNumber the number on the parcel's label
                 * @param verbose whether to list every scan
                 */
                @Tool
                String track(String trackingNumber, boolean verbose);

                /**
                 * Books a pickup.
                 *
                 * @param pickup where and when
                 */
                @Tool
                String pickup(Pickup pickup);

                /** Prices a parcel. */
                @Tool
                String quote(Quote quote);
            }
            """);

    private static final JavaFileObject PICKUP = JavaFileObjects.forSourceString("com.example.ship.Pickup", """
            package com.example.ship;

            /**
             * A pickup.
             *
             * @param address the street and number
             * @param day the day of the month
             */
            public record Pickup(String address, int day) {
            }
            """);

    private static final JavaFileObject QUOTE = JavaFileObjects.forSourceString("com.example.ship.Quote", """
            package com.example.ship;

            import dev.calltype.annotations.ToolParams;

            /**
             * What a price depends on.
             *
             * @param weightKg the parcel's weight in kilograms
             * @param country the destination's country code
             */
            @ToolParams
            public record Quote(double weightKg, String country) {
            }
            """);

    private static final JavaFileObject SHIPPING = JavaFileObjects.forSourceString("com.example.ship.Shipping", """
            package com.example.ship;

            import dev.calltype.annotations.Tool;

            public class Shipping implements Carrier {

                @Override
                public String track(String trackingNumber, boolean verbose) {
                    return trackingNumber;
                }

                @Override
                public String pickup(Pickup pickup) {
                    return pickup.address();
                }

                @Override
                public String quote(Quote quote) {
                    return quote.country();
                }

                /**
                 * Cancels a shipment.
                 *
                 * @param trackingNumber the number on the parcel's label
                 */
                @Tool
                public String cancel(String trackingNumber) {
                    return trackingNumber;
                }
            }
            """);

    private static final String TOOLKIT = "com/example/ship/ShippingTools.java";

    @TempDir
    Path dir;

    @Test
    void recompilingOneClassAgainstTheEarlierOutputGivesTheSameToolkit() throws IOException {
        Compilation full = compile(List.of(), CARRIER, PICKUP, QUOTE, SHIPPING);
        Path classes = dir.resolve("classes");
        writeOutput(full, classes);

        Compilation incremental = compile(List.of(classes.toFile()), SHIPPING);

        assertThat(generated(incremental, TOOLKIT)).isEqualTo(generated(full, TOOLKIT));
        assertThat(generated(full, TOOLKIT)).contains("String trackingNumber, boolean verbose");
        assertThat(generated(full, TOOLKIT)).contains("Where a shipment is now.");
        assertThat(generated(full, TOOLKIT)).contains("the number on the parcel's label");
        assertThat(generated(full, TOOLKIT)).contains("the street and number");
        assertThat(generated(full, TOOLKIT)).contains("the parcel's weight in kilograms");
    }

    @Test
    void aToolInterfaceFromAnotherModulesJarGivesTheSameToolkit() throws IOException {
        Compilation full = compile(List.of(), CARRIER, PICKUP, QUOTE, SHIPPING);
        Compilation api = compile(List.of(), CARRIER, PICKUP, QUOTE);
        Path jar = dir.resolve("carrier-api.jar");
        writeJar(api, jar);

        Compilation app = compile(List.of(jar.toFile()), SHIPPING);

        assertThat(generated(app, TOOLKIT)).isEqualTo(generated(full, TOOLKIT));
    }

    @Test
    void aClassFileWithoutRecordedNamesIsACompileErrorThatSaysHowToFixIt() throws IOException {
        Compilation api = javac().withOptions("-proc:none").compile(CARRIER, PICKUP, QUOTE);
        assertThat(api.status()).isEqualTo(Compilation.Status.SUCCESS);
        Path classes = dir.resolve("plain");
        writeOutput(api, classes);

        Compilation app = javac().withProcessors(new ToolProcessor())
                .withClasspath(classPath(List.of(classes.toFile()))).compile(SHIPPING);

        assertThat(app.status()).isEqualTo(Compilation.Status.FAILURE);
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : app.errors()) {
            errors.add(d.getMessage(null));
            assertThat(d.getSource()).isNotNull();
        }
        assertThat(errors).containsExactly(
                Problem.PARAMETER_NAMES_UNKNOWN.format("track", "com.example.ship.Carrier"),
                Problem.PARAMETER_NAMES_UNKNOWN.format("pickup", "com.example.ship.Carrier"),
                Problem.PARAMETER_NAMES_UNKNOWN.format("quote", "com.example.ship.Carrier"));
    }

    @Test
    void aClassFileCompiledWithParametersKeepsItsNames() throws IOException {
        Compilation api = javac().withOptions("-proc:none", "-parameters").compile(CARRIER, PICKUP, QUOTE);
        Path classes = dir.resolve("parameters");
        writeOutput(api, classes);

        Compilation app = compile(List.of(classes.toFile()), SHIPPING);

        assertThat(generated(app, TOOLKIT)).contains("String trackingNumber, boolean verbose");
        assertThat(generated(app, TOOLKIT)).doesNotContain("arg0");
    }

    private static Compilation compile(List<File> classPath, JavaFileObject... sources) {
        Compilation c = javac().withProcessors(new ToolProcessor()).withOptions("-Acalltype.descriptions=off")
                .withClasspath(classPath(classPath)).compile(sources);
        assertWithMessage("compilation failed: %s", c.diagnostics()).that(c.status())
                .isEqualTo(Compilation.Status.SUCCESS);
        return c;
    }

    /** The given entries before the test's own class path (the annotations, the runtime). */
    private static List<File> classPath(List<File> first) {
        List<File> out = new ArrayList<>(first);
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            out.add(new File(entry));
        }
        return out;
    }

    private static String generated(Compilation c, String path) {
        JavaFileObject file = c.generatedFile(StandardLocation.SOURCE_OUTPUT, path)
                .orElseThrow(() -> new AssertionError(path + " was not generated: " + c.diagnostics()));
        try {
            return file.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The class files and resources a compilation wrote, as a class output directory. */
    private static void writeOutput(Compilation c, Path root) throws IOException {
        for (JavaFileObject f : c.generatedFiles()) {
            String relative = outputPath(f);
            if (relative != null) {
                Path target = root.resolve(relative);
                Files.createDirectories(target.getParent());
                try (InputStream in = f.openInputStream()) {
                    Files.copy(in, target);
                }
            }
        }
    }

    private static void writeJar(Compilation c, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (JavaFileObject f : c.generatedFiles()) {
                String relative = outputPath(f);
                if (relative != null) {
                    out.putNextEntry(new JarEntry(relative));
                    try (InputStream in = f.openInputStream()) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
    }

    /** Where a generated file goes in the class output, or {@code null} for generated sources. */
    private static String outputPath(JavaFileObject f) {
        String uri = f.toUri().getPath();
        String marker = "/" + StandardLocation.CLASS_OUTPUT.getName() + "/";
        int at = uri.indexOf(marker);
        return at < 0 ? null : uri.substring(at + marker.length());
    }

    @Test
    void factsAreWrittenBesideEachSourceTypeTheToolsCameFrom() {
        Compilation full = compile(List.of(), CARRIER, PICKUP, QUOTE, SHIPPING);
        List<String> facts = new ArrayList<>();
        try (Stream<JavaFileObject> files = full.generatedFiles().stream()) {
            files.map(IncrementalCompileTest::outputPath)
                    .filter(p -> p != null && p.endsWith(".calltype.json")).sorted().forEach(facts::add);
        }
        assertThat(facts).containsExactly("com/example/ship/Carrier.calltype.json",
                "com/example/ship/Pickup.calltype.json", "com/example/ship/Quote.calltype.json",
                "com/example/ship/Shipping.calltype.json");
    }
}
