package dev.calltype.runtime;

import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.FuzzText;
import dev.calltype.runtime.testing.Streams;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fuzz target for toolkits built at run time ({@link Toolkits#fromJson}, combined with {@link Toolkits#combine}):
 * the conformance tools and a listing with constraints of every kind ({@code fuzz/tools.json}).
 *
 * <p>Input: a selector byte (which tool), then the arguments as JSON text. Text that is not a JSON object is sent
 * as the tool's name instead, with empty arguments, so made-up names are fuzzed too.
 */
class DynamicToolkitFuzzTest {

    private static final Map<String, JsonSchema> SCHEMAS = new LinkedHashMap<>();
    private static final List<String> VIOLATIONS = new ArrayList<>();
    private static final ToolHandler HANDLER = (name, arguments) -> {
        Set<ValidationMessage> problems = SCHEMAS.get(name).validate(arguments);
        if (!problems.isEmpty()) {
            VIOLATIONS.add(name + " ran with " + arguments + ", which breaks its schema: " + problems);
        }
        if (arguments.path("body").asText("").equals("boom")) {
            throw new IllegalStateException();
        }
        return arguments;
    };
    static final Toolkit TOOLKIT = Toolkits.combine(
            Toolkits.fromJson(Corpus.read("/conformance/tools.json"), HANDLER),
            Toolkits.fromJson(Corpus.read("/fuzz/tools.json"), HANDLER));
    private static final List<String> NAMES = new ArrayList<>();

    static {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        for (ToolSpec tool : TOOLKIT.tools()) {
            SCHEMAS.put(tool.name(), factory.getSchema(tool.parameters().deepCopy()));
            NAMES.add(tool.name());
        }
    }

    /**
     * Dispatch never throws; it either runs the handler with arguments that satisfy the tool's schema (checked by an
     * independent validator) or returns a failure; failures say what is wrong without a stack trace, a class name
     * or raw control characters, and quote a bounded amount of what was sent.
     */
    @FuzzTest(maxDuration = "10m")
    void dispatchRunsOnlyValidArguments(byte[] data) {
        String text = FuzzText.text(data);
        String name = NAMES.get(FuzzText.selector(data) % NAMES.size());
        ObjectNode arguments = JsonNodeFactory.instance.objectNode();
        JsonNode parsed = parse(text);
        if (parsed != null && parsed.isObject()) {
            arguments = (ObjectNode) parsed;
        } else {
            name = text;
        }
        VIOLATIONS.clear();
        ToolResult result = TOOLKIT.dispatch(ToolCall.of(name, arguments).withId("fuzz"));
        if (!VIOLATIONS.isEmpty()) {
            FuzzText.check(VIOLATIONS.get(0), text);
        }
        if (result == null) {
            FuzzText.check("dispatch returned null", text);
            return;
        }
        if (!"fuzz".equals(result.callId())) {
            FuzzText.check("the result lost the call id", text);
        }
        if (result.isError()) {
            FuzzText.check(failureProblem(result.content(), text), text);
        }
    }

    private static JsonNode parse(String text) {
        try {
            return FuzzText.JSON.readTree(text);
        } catch (Exception | StackOverflowError e) {
            JsonRead r = LenientJson.read(text, 0, text.length(), true, ExtractionLimits.DEFAULTS);
            return r.isComplete() ? r.value() : null;
        }
    }

    /** What is wrong with a failure message, or {@code null}. */
    static String failureProblem(String content, String input) {
        if (content.isBlank()) {
            return "an empty failure message";
        }
        if (ExtractionChecks.hasRawControl(content, true)) {
            return "raw control character in failure " + Streams.quote(content);
        }
        for (String hostText : List.of("Exception", "\tat ", "java.", "dev.calltype.")) {
            if (content.contains(hostText) && !input.contains(hostText)
                    && !escapedControls(input).contains(hostText)) {
                return "a class name or stack trace in failure " + Streams.quote(content);
            }
        }
        if (content.length() > 4000) {
            return "failure of " + content.length() + " chars: " + Streams.quote(content.substring(0, 400)) + "…";
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
