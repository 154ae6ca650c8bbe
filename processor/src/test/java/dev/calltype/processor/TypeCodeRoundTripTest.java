package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.support.ToolTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor writes each tool's type code with what it means in a comment; the runtime reads the code. For every
 * letter the code grammar has, the comment the processor wrote (from its model of the tool) is what the runtime's
 * {@link ToolTable#describe} reads out of the code, so the two cannot drift apart.
 */
class TypeCodeRoundTripTest {

    /** The boxes and result kinds {@code Echo} does not have. */
    private static final JavaFileObject MORE = JavaFileObjects.forSourceString("com.example.types.MoreCodes", """
            package com.example.types;

            import com.fasterxml.jackson.databind.JsonNode;
            import dev.calltype.annotations.Tool;
            import jakarta.validation.constraints.NotBlank;
            import java.util.List;
            import java.util.Optional;

            @SuppressWarnings("calltype")
            public class MoreCodes {
                public static final class Opaque { public String name = "x"; }

                @Tool public void boxes(Boolean z, Character c, Byte b, Short h, Long j, Float f, Double d) {}
                @Tool public JsonNode node(@NotBlank String s) { return null; }
                @Tool public Opaque bound(Optional<List<Color>> o) { return new Opaque(); }
                @Tool public String plain(Point[] points, Shape[][] shapes) { return ""; }
            }
            """);

    private static final Pattern CODE_LINE = Pattern.compile("^\\s*\"([^\"]*)\",? // ([a-z_0-9]+): (.*)$",
            Pattern.MULTILINE);

    @Test
    void everyCodeTheProcessorWritesReadsAsItsComment() {
        List<JavaFileObject> sources = new ArrayList<>(List.of(Sources.echo()));
        sources.add(MORE);
        Compiled compiled = Compiled.of(sources.toArray(new JavaFileObject[0]));
        Set<Character> letters = new TreeSet<>();
        int codes = 0;
        for (String[] toolkit : List.of(new String[] {"com.example.types.EchoTools", "com.example.types.Echo"},
                new String[] {"com.example.types.MoreCodesTools", "com.example.types.MoreCodes"})) {
            Toolkit tools = compiled.toolkit(toolkit[0], toolkit[1]);
            Matcher m = CODE_LINE.matcher(compiled.source(toolkit[0]));
            while (m.find()) {
                String code = m.group(1);
                ToolSpec spec = tools.tools().stream().filter(t -> t.name().equals(m.group(2))).findFirst()
                        .orElseThrow();
                assertThat(ToolTable.describe(code, spec.parameterOrder())).as(spec.name() + " " + code)
                        .isEqualTo(m.group(3));
                for (char c : code.toCharArray()) {
                    if (c != ' ' && !Character.isDigit(c)) {
                        letters.add(c);
                    }
                }
                codes++;
            }
            assertThat(codes).as("codes read in " + toolkit[0]).isGreaterThan(0);
        }
        Set<Character> grammar = new TreeSet<>();
        for (char c : "vtgr zZcCbBhHiIjJfFdDsmnuwxyokp ERLTQMOA !".replace(" ", "").toCharArray()) {
            grammar.add(c);
        }
        assertThat(letters).as("every letter of the type-code grammar is written and read").isEqualTo(grammar);
    }
}
