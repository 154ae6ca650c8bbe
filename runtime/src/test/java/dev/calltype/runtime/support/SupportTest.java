package dev.calltype.runtime.support;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.WireFormat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The run-time half of generated toolkits, on its own. */
class SupportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode obj(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static final Union SHAPES = new Union(List.of("circle", "bank_transfer"),
            List.of("Circle", "BankTransfer"), List.of(List.of("radius"), List.of("iban")),
            List.of(List.of("type", "radius"), List.of("type", "iban", "reference")));

    @Test
    void flatFieldsMoveIntoTheOnlyParameterThatHasThem() {
        ObjectNode args = obj("{\"sku\":\"A1\",\"quantity\":2,\"note\":\"x\"}");
        ObjectNode nested = Nesting.nest(args, List.of("item", "note"),
                List.of(Nesting.of("item", List.of("sku", "quantity"))));
        assertThat(nested.toString()).isEqualTo("{\"note\":\"x\",\"item\":{\"sku\":\"A1\",\"quantity\":2}}");
        assertThat(args.toString()).isEqualTo("{\"sku\":\"A1\",\"quantity\":2,\"note\":\"x\"}");
    }

    @Test
    void ambiguousOrForeignFieldsStayWhereTheyAre() {
        List<Nesting> two = List.of(Nesting.of("from", List.of("x", "y")),
                Nesting.of("to", List.of("x", "y")));
        ObjectNode args = obj("{\"x\":1,\"colour\":\"red\"}");
        assertThat(Nesting.nest(args, List.of("from", "to"), two)).isSameAs(args);
        ObjectNode notAnObject = obj("{\"item\":\"A1\",\"sku\":\"A1\"}");
        assertThat(Nesting.nest(notAnObject, List.of("item"),
                List.of(Nesting.of("item", List.of("sku")))).toString())
                .isEqualTo("{\"item\":\"A1\",\"sku\":\"A1\"}");
        ObjectNode already = obj("{\"item\":{\"sku\":\"B2\"},\"sku\":\"A1\"}");
        assertThat(Nesting.nest(already, List.of("item"),
                List.of(Nesting.of("item", List.of("sku")))).toString())
                .isEqualTo("{\"item\":{\"sku\":\"B2\"},\"sku\":\"A1\"}");
    }

    @Test
    void flatFieldsOfASealedParameterChooseTheFirstRecordThatFitsAndItsDiscriminator() {
        ObjectNode nested = Nesting.nest(obj("{\"iban\":\"DE1\",\"reference\":\"r\",\"amount\":1}"),
                List.of("payment", "amount"), List.of(Nesting.of("payment", SHAPES)));
        assertThat(nested.toString())
                .isEqualTo("{\"amount\":1,\"payment\":{\"type\":\"bank_transfer\",\"iban\":\"DE1\",\"reference\":\"r\"}}");
    }

    @Test
    void argumentsThatAreAllParametersAreTheCallsOwnWithNothingReported() {
        ObjectNode args = obj("{\"item\":{\"sku\":\"A1\"},\"note\":\"x\"}");
        List<Nesting> item = List.of(Nesting.of("item", List.of("sku", "quantity")));
        assertThat(Nesting.nest(args, List.of("item", "note"), item)).isSameAs(args);
        List<String> problems = new ArrayList<>();
        assertThat(Nesting.nestAndRejectUnknown(args, List.of("item", "note"), item, problems)).isSameAs(args);
        assertThat(Nesting.nestAndRejectUnknown(obj("{}"), List.of("item", "note"), item, problems).size())
                .isZero();
        assertThat(problems).isEmpty();
    }

    @Test
    void nestAndRejectUnknownIsNestThenRejectUnknown() {
        List<String> parameters = List.of("item", "note");
        List<Nesting> item = List.of(Nesting.of("item", List.of("sku", "quantity")));
        for (String json : List.of("{\"sku\":\"A1\",\"quantity\":2,\"note\":\"x\"}", "{\"sku\":\"A1\",\"colour\":1}",
                "{\"item\":{\"sku\":\"A1\"},\"quantity\":2}", "{\"item\":3,\"sku\":\"A1\"}", "{\"itme\":{},\"note\":1}",
                "{\"a\":1,\"b\":2,\"c\":3}", "{}")) {
            List<String> separately = new ArrayList<>();
            ObjectNode nested = Nesting.nest(obj(json), parameters, item);
            ArgumentSupport.rejectUnknown(nested, "", parameters, separately);
            List<String> together = new ArrayList<>();
            assertThat(Nesting.nestAndRejectUnknown(obj(json), parameters, item, together)).as(json)
                    .isEqualTo(nested);
            assertThat(together).as(json).isEqualTo(separately);
        }
    }

    @Test
    void absentMeansMissingOrNull() {
        assertThat(ArgumentSupport.absent(null)).isTrue();
        assertThat(ArgumentSupport.absent(com.fasterxml.jackson.databind.node.NullNode.getInstance())).isTrue();
        assertThat(ArgumentSupport.absent(com.fasterxml.jackson.databind.node.MissingNode.getInstance())).isTrue();
        for (String present : List.of("\"\"", "0", "1.5", "false", "{}", "[]", "12345678901234567890")) {
            assertThat(ArgumentSupport.absent(obj("{\"v\":" + present + "}").get("v"))).as(present).isFalse();
        }
    }

    @Test
    void unionsSelectByDiscriminatorInAnyCaseOrByFields() {
        List<String> problems = new ArrayList<>();
        assertThat(SHAPES.select(obj("{\"type\":\"CIRCLE\"}"), "s", problems)).isEqualTo(0);
        assertThat(SHAPES.select(obj("{\"type\":\"BankTransfer\"}"), "s", problems)).isEqualTo(1);
        assertThat(SHAPES.select(obj("{\"type\":\"bank-transfer\"}"), "s", problems)).isEqualTo(1);
        assertThat(SHAPES.select(obj("{\"iban\":\"x\"}"), "s", problems)).isEqualTo(1);
        assertThat(problems).isEmpty();
        assertThat(SHAPES.select(obj("{\"type\":7}"), "s", problems)).isEqualTo(-1);
        assertThat(SHAPES.select(obj("{\"sides\":3}"), "s", problems)).isEqualTo(-1);
        assertThat(problems).containsExactly(
                "parameter 's.type' must be one of \"circle\", \"bank_transfer\", got 7",
                "parameter 's.type' is required to tell which kind of object this is: one of \"circle\", \"bank_transfer\"");
    }

    @Test
    void toolNamesResolveExactlyThenFolded() {
        List<String> tools = List.of("get_weather", "add_stock");
        assertThat(ToolkitSupport.resolve("get_weather", tools)).isEqualTo("get_weather");
        assertThat(ToolkitSupport.resolve("getWeather", tools)).isEqualTo("get_weather");
        assertThat(ToolkitSupport.resolve("Add-Stock", tools)).isEqualTo("add_stock");
        assertThat(ToolkitSupport.resolve("weather", tools)).isNull();
        assertThat(ToolkitSupport.resolve("a_b", List.of("ab", "a-b"))).isNull();
        assertThat(ToolkitSupport.unknownToolProblem("get_wether", tools))
                .isEqualTo("There is no tool named \"get_wether\". Did you mean \"get_weather\"? Available tools: get_weather,"
                        + " add_stock.");
        assertThat(ToolkitSupport.unknownToolProblem("delete_everything", tools))
                .isEqualTo("There is no tool named \"delete_everything\". Available tools: get_weather, add_stock.");
    }

    @Test
    void constraintMessagesSayWhatWasExpectedAndWhatCame() {
        List<String> p = new ArrayList<>();
        ValueChecks.minimum(0, "1", "n", p);
        ValueChecks.maximum(new BigDecimal("10.5"), "10", "x", p);
        ValueChecks.minimum(2.5, "2.5", "ok", p);
        ValueChecks.length("ab", 3, null, "s", p);
        ValueChecks.length("😀😀", null, 2, "emoji", p);
        ValueChecks.size(4, null, 3, "list", p);
        ValueChecks.pattern("ab1", Pattern.compile("[a-z]+"), "code", p);
        ValueChecks.notBlank(" \t", "name", p);
        ValueChecks.email("a@b", "mail", p);
        ValueChecks.email("not an@email", "mail2", p);
        assertThat(p).containsExactly("parameter 'n' must be at least 1, got 0",
                "parameter 'x' must be at most 10, got 10.5",
                "parameter 's' must have at least 3 characters, got \"ab\"",
                "parameter 'list' must have at most 3 items, got 4",
                "parameter 'code' must match the pattern [a-z]+, got \"ab1\"",
                "parameter 'name' must not be blank",
                "parameter 'mail2' must be an e-mail address, got \"not an@email\"");
    }

    @Test
    void unknownMembersAreNamedWithTheirPathAndASuggestion() {
        List<String> p = new ArrayList<>();
        ArgumentSupport.rejectUnknown(obj("{\"sku\":1,\"Quantity\":2,\"zzz\":3}"), "item", List.of("sku", "quantity"), p);
        assertThat(p).containsExactly(
                "unknown parameter 'item.Quantity'; did you mean 'item.quantity'? (expected: sku, quantity)",
                "unknown parameter 'item.zzz' (expected: sku, quantity)");
    }

    @Test
    void listsAndMapsReportEveryBadElement() {
        List<String> p = new ArrayList<>();
        assertThat(ArgumentSupport.readList(JSON.valueToTree(List.of(1, 2)), "l", p,
                (n, path) -> Coercion.toInt(n, path, p))).containsExactly(1, 2);
        assertThat(ArgumentSupport.readList(JSON.valueToTree(new Object[] {1, "x", null}), "l", p,
                (n, path) -> Coercion.toInt(n, path, p))).isNull();
        assertThat(ArgumentSupport.readMap(obj("{\"a\":\"1\",\"b\":true}"), "m", p,
                (n, path) -> Coercion.toInt(n, path, p))).isNull();
        assertThat(p).containsExactly("parameter 'l[1]' must be an integer, got \"x\"",
                "parameter 'l[2]' must not be null", "parameter 'm.b' must be an integer, got true");
        assertThat(ArgumentSupport.readSet(JSON.valueToTree(List.of("a", "b", "a")), "s", p,
                (n, path) -> Coercion.toStringValue(n, path, p))).containsExactly("a", "b");
        assertThat(ArgumentSupport.toIntArray(List.of(1, 2))).containsExactly(1, 2);
    }

    @Test
    void resultsAreWrittenForTheModel() {
        ToolCall call = ToolCall.of("t").withId("id-7");
        assertThat(ResultSupport.done(call.id(), "t").content()).isEqualTo("Done: t completed.");
        assertThat(ResultSupport.text(call.id(), "t", "plain").content()).isEqualTo("plain");
        assertThat(ResultSupport.text(call.id(), "t", null).content()).isEqualTo("null");
        assertThat(ResultSupport.bound(call.id(), "t", Map.of("k", List.of(1))).content()).isEqualTo("{\"k\":[1]}");
        ToolResult invalid = ResultSupport.invalid(call.id(), "t", "t(a: string)", List.of("p1", "p2"));
        assertThat(invalid.content()).isEqualTo("Invalid arguments for t:\n- p1\n- p2\nSignature: t(a: string)\n"
                + "Fix the arguments and call t again.");
        assertThat(invalid.callId()).isEqualTo("id-7");
        assertThat(ResultSupport.thrown(call.id(), "t", new IllegalStateException("no stock")).content())
                .isEqualTo("Tool t failed: no stock");
        assertThat(ResultSupport.unknownTool(ToolCall.of("x"), List.of("t")).content())
                .isEqualTo("There is no tool named \"x\". Available tools: t.");
    }

    private static final class Echoing implements Toolkit {
        @Override
        public List<ToolSpec> tools() {
            return List.of();
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            return "";
        }

        @Override
        public String formatInstructions(PromptFormat format) {
            return "";
        }

        @Override
        public ToolResult dispatch(ToolCall call) {
            return ToolResult.success(call.name(), call.id(), call.arguments());
        }
    }

    private static ToolCall callAt(String name, int start) {
        return new ToolCall(name, obj("{}"), null, start, start + 5, WireFormat.NATIVE, List.of());
    }

    @Test
    void handleKeepsTextOrderAddsTheSignatureToPositionalErrorsAndGivesTheCorrectionPromptOnce() {
        ExtractionError tooMany = new ExtractionError(ExtractionError.Kind.TOO_MANY_POSITIONAL, 10, 20,
                "add takes 2 arguments, got 3", "add(1,2,3)", "add");
        ExtractionError truncated = new ExtractionError(ExtractionError.Kind.TRUNCATED, 40, 50, "cut off", "{", null);
        Extraction extraction = new Extraction(List.of(callAt("first", 0), callAt("second", 30)),
                List.of(tooMany, truncated), "", List.of(), "PROMPT");
        List<ToolResult> results = ToolkitSupport.handle(new Echoing(), extraction, new ToolTexts(
                new String[] {"add"}, new String[] {""}, new String[] {"{\"type\":\"object\",\"properties\":{"
                        + "\"a\":{\"type\":\"integer\"},\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"]}"}));
        assertThat(results).extracting(ToolResult::toolName).containsExactly("first", "add", "second", null);
        assertThat(results.get(1).content()).isEqualTo("PROMPT\nSignature: add(a: integer, b: integer)");
        assertThat(results.get(3).content()).as("the prompt covers every error; it is sent once").isEqualTo("cut off");
        assertThat(results.get(1).isError()).isTrue();
    }

    @Test
    void parseAllCollectsEveryProblemOrReturnsEveryCall() {
        Extraction ok = new Extraction(List.of(callAt("a", 0), callAt("b", 9)), List.of(), "", List.of(), null);
        assertThat(ToolkitSupport.parseAll(ok, null, (call, p) -> call.name())).containsExactly("a", "b");
        Extraction bad = new Extraction(List.of(callAt("a", 0), callAt("b", 9)), List.of(
                new ExtractionError(ExtractionError.Kind.MALFORMED_JSON, 20, 30, "broken JSON", "{", null)),
                "", List.of(), "PROMPT");
        assertThatThrownBy(() -> ToolkitSupport.parseAll(bad, null, (call, p) -> {
            if (call.name().equals("b")) {
                p.add("parameter 'x' is required");
                return null;
            }
            return call.name();
        })).isInstanceOfSatisfying(ToolArgumentException.class, e -> {
            assertThat(e.problems()).containsExactly("broken JSON", "b: parameter 'x' is required");
            assertThat(e.toolName()).as("the tool of the first failed call that named one").isEqualTo("b");
            assertThat(e.toolNames()).containsExactly("b");
        });
    }

    @Test
    void schemaConstantsParseOnce() {
        JsonNode s = ToolkitSupport.schema("{\"type\":\"object\"}");
        assertThat(s.get("type").asText()).isEqualTo("object");
        assertThatThrownBy(() -> ToolkitSupport.schema("[]")).isInstanceOf(IllegalStateException.class);
    }
}
