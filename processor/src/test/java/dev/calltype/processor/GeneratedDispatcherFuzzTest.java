package dev.calltype.processor;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.testing.compile.JavaFileObjects;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.tools.JavaFileObject;

/**
 * Fuzz target for generated dispatchers: arbitrary JSON arguments sent to every tool of two toolkits the processor
 * generates in this test.
 *
 * <p>How the tool classes are compiled: the processor cannot run over this module's own test sources (the module is
 * the processor, and the runtime may not depend on it), so the target compiles real tool classes with the processor
 * through compile-testing once, when the class loads, and loads the generated toolkits from the compilation's output
 * (see {@link Compiled}), exactly as the functional tests do. The tools are {@code com.example.types.Echo} (one tool
 * per supported type, each giving back what it received) and {@code com.example.fuzz.Mirror} below (constraints of
 * every kind on several parameters, giving back all of them as one record).
 *
 * <p>Input: a selector byte (which tool), then the arguments as UTF-8 JSON text. Text that is not a JSON object is
 * sent as the tool's name instead, with empty arguments, so made-up names are fuzzed too. Seeds:
 * {@code src/test/resources/dev/calltype/processor/GeneratedDispatcherFuzzTestInputs/}.
 */
class GeneratedDispatcherFuzzTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static final String MIRROR = """
            package com.example.fuzz;

            import com.example.types.Color;
            import com.example.types.Point;
            import dev.calltype.annotations.Param;
            import dev.calltype.annotations.Tool;
            import jakarta.validation.constraints.DecimalMin;
            import jakarta.validation.constraints.Email;
            import jakarta.validation.constraints.Max;
            import jakarta.validation.constraints.Min;
            import jakarta.validation.constraints.NotBlank;
            import jakarta.validation.constraints.Pattern;
            import jakarta.validation.constraints.Size;
            import java.math.BigDecimal;
            import java.time.LocalDate;
            import java.util.List;
            import java.util.Map;
            import org.jspecify.annotations.Nullable;

            @SuppressWarnings("calltype")
            public class Mirror {
                public record Booking(String city, int nights, List<String> guests, Color color, BigDecimal budget,
                                      String code, List<Point> stops, Map<String, Integer> extras, String email,
                                      LocalDate arrival, String note) {
                }

                @Tool
                public Booking book(@NotBlank @Size(max = 40) String city, @Min(1) @Max(30) int nights,
                                    @Size(min = 1, max = 4) List<@NotBlank String> guests,
                                    @Param(defaultValue = "\\"RED\\"") Color color,
                                    @Nullable @DecimalMin("0.01") BigDecimal budget,
                                    @Nullable @Pattern(regexp = "[A-Z]{2}[0-9]+") String code,
                                    @Nullable List<Point> stops, @Nullable Map<String, Integer> extras,
                                    @Nullable @Email String email, @Nullable LocalDate arrival,
                                    @Nullable String note) {
                    return new Booking(city, nights, guests, color, budget, code, stops, extras, email, arrival, note);
                }
            }
            """;

    /** Echo's tools that give back their one argument unchanged. */
    private static final Set<String> ECHOES = Set.of("text", "letter", "flag", "tiny", "small", "number", "big",
            "single", "real", "boxed", "decimal", "huge", "color", "id", "link", "day", "moment", "stamp", "instant",
            "span", "numbers", "colors", "words", "ints", "strings", "grid", "counts", "maybe", "point", "shape",
            "tree", "routes", "named", "optional_number");

    static final Toolkit TOOLKIT;
    private static final List<String> NAMES = new ArrayList<>();
    private static final Map<String, ToolSpec> SPECS = new LinkedHashMap<>();
    private static final Map<String, JsonSchema> SCHEMAS = new LinkedHashMap<>();

    static {
        List<JavaFileObject> sources = new ArrayList<>(List.of(Sources.echo()));
        sources.add(JavaFileObjects.forSourceString("com.example.fuzz.Mirror", MIRROR));
        Compiled compiled = Compiled.of(sources.toArray(new JavaFileObject[0]));
        TOOLKIT = Toolkits.combine(compiled.toolkit("com.example.types.EchoTools", "com.example.types.Echo"),
                compiled.toolkit("com.example.fuzz.MirrorTools", "com.example.fuzz.Mirror"));
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        for (ToolSpec tool : TOOLKIT.tools()) {
            NAMES.add(tool.name());
            SPECS.put(tool.name(), tool);
            SCHEMAS.put(tool.name(), factory.getSchema(tool.parameters().deepCopy()));
        }
    }

    /**
     * Dispatch never throws. It either returns a failure, or runs the tool with values that satisfy the tool's
     * schema: what an echoing tool received (its result) is validated against the schema by an independent
     * validator. Failures carry no class name, stack trace or raw control character and are bounded in length.
     */
    @FuzzTest(maxDuration = "10m")
    void dispatchRunsOnlyValidArguments(byte[] data) {
        int selector = data.length == 0 ? 0 : data[0] & 0xff;
        String text = data.length <= 1 ? "" : new String(data, 1, data.length - 1, StandardCharsets.UTF_8);
        String name = NAMES.get(selector % NAMES.size());
        ObjectNode arguments = JsonNodeFactory.instance.objectNode();
        JsonNode parsed = parse(text);
        if (parsed != null && parsed.isObject()) {
            arguments = (ObjectNode) parsed;
        } else {
            name = text;
        }
        ToolResult result = TOOLKIT.dispatch(ToolCall.of(name, arguments.deepCopy()).withId("fuzz"));
        if (result == null) {
            throw new AssertionError("dispatch returned null for " + name + " " + text);
        }
        if (result.isError()) {
            String problem = failureProblem(result.content(), text);
            if (problem != null) {
                throw new AssertionError(problem + "\ntool " + name + ", arguments " + text);
            }
            return;
        }
        ObjectNode received = received(name, result.value());
        if (received == null) {
            return;
        }
        Set<ValidationMessage> problems = SCHEMAS.get(name).validate(received);
        if (!problems.isEmpty()) {
            throw new AssertionError(name + " ran with " + received + " (sent " + text + "), which breaks its schema "
                    + SPECS.get(name).parameters() + ": " + problems);
        }
    }

    /** What the tool received, as an arguments object, when it gives that back; otherwise {@code null}. */
    private static ObjectNode received(String name, JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (name.equals("book") && value.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isNull()) {
                    out.set(e.getKey(), e.getValue());
                }
            }
            return out;
        }
        if (!ECHOES.contains(name)) {
            return null;
        }
        Iterator<String> params = SPECS.get(name).parameters().path("properties").fieldNames();
        if (!params.hasNext()) {
            return null;
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.set(params.next(), value);
        return out;
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception | StackOverflowError e) {
            return null;
        }
    }

    /** What is wrong with a failure message, or {@code null}. */
    static String failureProblem(String content, String input) {
        if (content.isBlank()) {
            return "an empty failure message";
        }
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if ((c < 0x20 && c != '\n') || c == 0x7f) {
                return "raw control character in failure " + JSON.getNodeFactory().textNode(content);
            }
        }
        for (String hostText : List.of("Exception", "\tat ", "java.", "dev.calltype.", "com.example.")) {
            if (content.contains(hostText) && !input.contains(hostText)
                    && !escapedControls(input).contains(hostText)) {
                return "a class name or stack trace in failure " + JSON.getNodeFactory().textNode(content);
            }
        }
        if (content.length() > 4000) {
            return "failure of " + content.length() + " chars: " + content.substring(0, 400) + "…";
        }
        return null;
    }

    /**
     * The input with its control characters written as messages write them ({@code \\u001d}): the escape's last
     * hex digit can join the text after it ("\\u001d" + "ev.calltype." reads "dev.calltype."), which is the
     * model's own text, not the host's.
     */
    static String escapedControls(String input) {
        StringBuilder b = new StringBuilder(input.length());
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
