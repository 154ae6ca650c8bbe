package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.support.ToolkitSupport;
import dev.calltype.runtime.support.ToolTable;
import dev.calltype.runtime.support.ToolTexts;
import dev.calltype.runtime.support.ValueReader;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * A combined toolkit's native dispatch ({@link CombinedToolkit#dispatchNative}, what the adapters call for several
 * toolkits) answers every native call exactly as reading it with the combined extractor and dispatching it does,
 * while a call of a table-driven part's tool by its exact name is answered by that part itself: valid, repaired and
 * broken argument texts, wrong types, missing and unknown members, names that are not exact, unknown or missing,
 * varied ids — over parts made as generated toolkits are made and a dynamic part.
 */
class CombinedToolkitNativeTest {

    // ------------------------------------------------------------------ parts

    /**
     * A toolkit made as the processor makes one (the runtime cannot run the processor on itself): its tools in
     * tables, read and checked by a {@link ToolTable}, native calls answered by the table. Each tool answers with
     * the toolkit's label, the tool's name and the values it was given; an {@code sku} of {@code "boom"} throws.
     */
    static class TableToolkit implements Toolkit {
        private final String label;
        private final String[] names;
        private final List<ToolSpec> specs;
        private final ToolTexts texts;
        private final ToolTable table;
        private final ToolCallExtractor extractor;
        /** How many native calls this toolkit was handed. */
        final AtomicInteger nativeCalls = new AtomicInteger();

        TableToolkit(String label, ExtractionLimits limits, String[] names, String[] parameters, String[] codes) {
            this.label = label;
            this.names = names;
            String[] descriptions = new String[names.length];
            Arrays.fill(descriptions, "A tool of " + label + ".");
            boolean[] no = new boolean[names.length];
            this.specs = ToolkitSupport.toolSpecs(names, descriptions, parameters, new String[names.length], no, no);
            this.texts = new ToolTexts(names, descriptions, parameters);
            this.table = new ToolTable(specs, texts, codes, new ValueReader[0], new Enum<?>[0][], new IntFunction<?>[0]);
            this.extractor = ToolCallExtractor.builder().tools(specs).limits(limits).build();
        }

        private Object run(int tool, Object values) {
            Object[] v = (Object[]) values;
            if (v.length > 0 && "boom".equals(v[0])) {
                throw new IllegalStateException("no stock for boom");
            }
            return label + ":" + names[tool] + Arrays.deepToString(v);
        }

        @Override
        public List<ToolSpec> tools() {
            return specs;
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            return texts.schema(dialect);
        }

        @Override
        public String formatInstructions(PromptFormat format) {
            return texts.instructions(format);
        }

        @Override
        public ToolCallExtractor extractor() {
            return extractor;
        }

        @Override
        public ToolResult dispatch(ToolCall call) {
            return table.dispatch(call, (tool, values) -> values, this::run);
        }

        @Override
        public ToolResult dispatchNative(String name, CharSequence arguments, String id) {
            nativeCalls.incrementAndGet();
            return table.dispatchNative(name, arguments, id, extractor, (tool, values) -> values, this::run);
        }

        /** Its native dispatch is its own, as a generated toolkit's is, and it says so. */
        @Override
        public boolean ownsNativeDispatch() {
            return true;
        }
    }

    private static TableToolkit shop(ExtractionLimits limits) {
        return new TableToolkit("shop", limits, new String[] {"reserve", "get_stock"}, new String[] {
            "{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\",\"pattern\":\"^(?:[A-Z]{2}[0-9]+|boom)$\"},"
                    + "\"quantity\":{\"type\":\"integer\",\"default\":1,\"minimum\":1},\"express\":{\"type\":\"boolean\"},"
                    + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},"
                    + "\"required\":[\"sku\"],\"additionalProperties\":false}",
            "{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\"}},\"required\":[\"sku\"],"
                    + "\"additionalProperties\":false}"}, new String[] {"t s i Z Ls", "t s"});
    }

    private static TableToolkit clock() {
        return new TableToolkit("clock", ExtractionLimits.DEFAULTS, new String[] {"add_days", "now"}, new String[] {
            "{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\"},\"date\":{\"type\":\"string\","
                    + "\"format\":\"date\"},\"days\":{\"type\":\"integer\"}},\"required\":[\"date\",\"days\"],"
                    + "\"additionalProperties\":false}",
            "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}"}, new String[] {"t s x i", "t"});
    }

    /** A part that is not table-driven: checked against its schema, then handed to a handler. */
    private static Toolkit lookup() {
        return Toolkits.fromJson("""
                [{"type": "function", "function": {"name": "lookup", "description": "Looks a term up.",
                  "parameters": {"type": "object", "properties": {"sku": {"type": "string"},
                    "limit": {"type": "integer", "minimum": 1}}, "required": ["sku"]}}}]
                """, (tool, args) -> {
                    if ("boom".equals(args.path("sku").asText())) {
                        throw new IllegalStateException("the index is down");
                    }
                    return TextNode.valueOf("lookup:" + args);
                });
    }

    /** The answer by the toolkit's extractor and its dispatch: what the contract of {@link Toolkit#dispatchNative} holds to. */
    private static ToolResult slow(Toolkit toolkit, String name, String text, String id) {
        Extraction read = toolkit.extractor().readNativeCall(name, text, id);
        return read.hasCalls() ? toolkit.dispatch(read.calls().get(0))
                : ToolResult.failure(name, id, read.correctionPrompt().orElseThrow());
    }

    private static ToolResult fast(Toolkit toolkit, String name, String text, String id) {
        return toolkit.dispatchNative(name, text, id);
    }

    // ------------------------------------------------------------------ generated native calls

    private static final List<String> TOOL_NAMES = List.of("reserve", "get_stock", "add_days", "now", "lookup");

    private static Gen<String> names() {
        Gen<String> exact = Gen.of(TOOL_NAMES);
        Gen<String> near = exact.flatMap(n -> Gen.of(n.toUpperCase(), n.replace("_", ""), "functions." + n,
                n + "x", n.substring(1), " " + n));
        return Gen.frequency(12, exact, 4, near, 1, Gen.of("nope", "", " ", "reserve_stock").orNull(0.3));
    }

    /** Members near the tools' parameters: the right types and the wrong ones, repaired and broken spellings. */
    private static Gen<String> member() {
        Gen<String> key = Gen.frequency(10, Gen.of("\"sku\"", "\"quantity\"", "\"express\"", "\"tags\"", "\"date\"",
                "\"days\"", "\"limit\""), 1, Gen.of("\"SKU\"", "\"unknown\"", "sku", "'sku'", "\"sk\\u0075\""));
        Gen<String> value = Gen.frequency(10, Gen.of("\"AB12\"", "\"WH7\"", "\"boom\"", "3", "0", "-1", "true",
                "\"2026-11-24\"", "[\"a\",\"b\"]", "[]"), 3, Gen.of("null", "\"\"", "1.5", "\"3\"", "\"true\"",
                "\"2026-02-30\"", "{}", "{\"a\":1}", "99999999999999999999", "'AB12'", "\"a\\nb\"", "tru",
                "True", "None"));
        return key.flatMap(k -> value.map(v -> k + ": " + v));
    }

    /** Texts that fit one tool or another, plain and repairable. */
    private static Gen<String> fitting() {
        return Gen.of("{\"sku\": \"AB12\", \"quantity\": 2}", "{\"sku\":\"WH7\",\"express\":true,\"tags\":[\"a\"]}",
                "{\"date\":\"2026-11-24\",\"days\":3}", "{}", "", "{\"sku\":\"AB12\"}", "{\"sku\":\"boom\"}",
                "{\"sku\":\"AB12\",\"limit\":5}", "{'sku': 'AB12',}", "{sku: \"AB\\u0031\"}", " {\"days\": \"3\", "
                        + "\"date\": \"2026-11-24\"}\n");
    }

    private static Gen<String> texts() {
        return Gen.frequency(1, fitting(), 2, generated());
    }

    private static Gen<String> generated() {
        return member().list(0, 4).flatMap(ms -> Gen.of(",", ", ", ",\n  ").flatMap(sep ->
                Gen.frequency(10, Gen.of("{%s}", " {%s}\n", "{ %s }"), 2,
                        Gen.of("{%s,}", "{%s", "[%s]", "{%s} {}", "{%s}}", "", "   ", "null", "\"{%s}\"")).map(shape ->
                        shape.replace("%s", String.join(sep, ms)))));
    }

    @Test
    void everyNativeCallIsAnsweredAsTheCombinedExtractorAndDispatchAnswerIt() {
        TableToolkit shop = shop(ExtractionLimits.DEFAULTS);
        TableToolkit clock = clock();
        Toolkit all = Toolkits.combine(shop, lookup(), clock);
        int[] ran = new int[1];
        Property.forAll(3000, names(), texts(), Gen.of("call_1", "call_2", "").orNull(0.25), (name, text, id) -> {
            ToolResult fast = fast(all, name, text, id);
            ToolResult slow = slow(all, name, text, id);
            assertThat(fast).isEqualTo(slow);
            assertThat(fast.content()).isEqualTo(slow.content());
            assertThat(fast.callId()).isEqualTo(slow.callId());
            ran[0] += fast.isError() ? 0 : 1;
        });
        // the texts reach the tools, and the table-driven parts answered calls themselves
        assertThat(ran[0]).as("calls that ran").isGreaterThan(300);
        assertThat(shop.nativeCalls.get()).isGreaterThan(300);
        assertThat(clock.nativeCalls.get()).isGreaterThan(300);
    }

    // ------------------------------------------------------------------ routing

    @Test
    void aCallOfAPartsToolByItsExactNameIsAnsweredByThatPart() {
        TableToolkit shop = shop(ExtractionLimits.DEFAULTS);
        TableToolkit clock = clock();
        Toolkit all = Toolkits.combine(shop, lookup(), clock);

        ToolResult reserved = fast(all, "reserve", "{\"sku\": \"AB12\", \"quantity\": 2}", "call_9");
        assertThat(reserved.isError()).as(reserved.content()).isFalse();
        assertThat(reserved.content()).isEqualTo("shop:reserve[AB12, 2, null, null]");
        assertThat(reserved.callId()).isEqualTo("call_9");
        ToolResult added = fast(all, "add_days", "{\"date\": \"2026-11-24\", \"days\": 3}", null);
        assertThat(added.content()).isEqualTo("clock:add_days[null, 2026-11-24, 3]");
        assertThat(shop.nativeCalls.get()).isEqualTo(1);
        assertThat(clock.nativeCalls.get()).isEqualTo(1);

        // the other part's tool, a name that is not exact, no name: read by the combined extractor
        assertThat(fast(all, "lookup", "{\"sku\": \"AB12\"}", null).content()).isEqualTo("lookup:{\"sku\":\"AB12\"}");
        assertThat(fast(all, "getStock", "{\"sku\": \"AB12\"}", null).content()).isEqualTo("shop:get_stock[AB12]");
        assertThat(fast(all, null, "{}", null).isError()).isTrue();
        assertThat(shop.nativeCalls.get()).isEqualTo(1);
        assertThat(clock.nativeCalls.get()).isEqualTo(1);
    }

    @Test
    void aTextThePartCannotReadGetsTheCorrectionPromptThatListsEveryTool() {
        Toolkit all = Toolkits.combine(shop(ExtractionLimits.DEFAULTS), lookup(), clock());
        ToolResult cut = fast(all, "reserve", "{\"sku\": \"AB12\", \"quantity\": ", "call_3");
        assertThat(cut).isEqualTo(slow(all, "reserve", "{\"sku\": \"AB12\", \"quantity\": ", "call_3"));
        assertThat(cut.content()).contains("Available tools: reserve, get_stock, lookup, add_days, now.");
    }

    @Test
    void aPartsFailureStandsAndItsToolRunsOnce() {
        AtomicInteger runs = new AtomicInteger();
        Toolkit counting = Toolkits.combine(lookup(), new TableToolkit("count", ExtractionLimits.DEFAULTS,
                new String[] {"tick"}, new String[] {"{\"type\":\"object\",\"properties\":{\"sku\":{\"type\":\"string\"}}}"},
                new String[] {"t s"}) {
            @Override
            public ToolResult dispatchNative(String name, CharSequence arguments, String id) {
                runs.incrementAndGet();
                return super.dispatchNative(name, arguments, id);
            }
        });
        ToolResult thrown = fast(counting, "tick", "{\"sku\": \"boom\"}", "call_4");
        assertThat(thrown.isError()).isTrue();
        assertThat(thrown.content()).isEqualTo("Tool tick failed: no stock for boom");
        assertThat(runs.get()).isEqualTo(1);
        assertThat(fast(counting, "tick", "{\"sku\": 7, \"other\": 1}", null))
                .isEqualTo(slow(counting, "tick", "{\"sku\": 7, \"other\": 1}", null));
    }

    @Test
    void aPartThatReadsWithinOtherLimitsIsAnsweredByTheCombinedExtractor() {
        // the part refuses argument texts longer than 40 characters; the combined extractor reads them
        TableToolkit small = shop(new ExtractionLimits(40, 100, 100, 40, 40, 1000));
        Toolkit all = Toolkits.combine(small, lookup());
        String text = "{\"sku\": \"AB12\", \"quantity\": 2, \"tags\": [\"fragile\", \"gift\"]}";
        ToolResult answer = fast(all, "reserve", text, "call_5");
        assertThat(answer).isEqualTo(slow(all, "reserve", text, "call_5"));
        assertThat(answer.content()).isEqualTo("shop:reserve[AB12, 2, null, [fragile, gift]]");
        assertThat(small.nativeCalls.get()).isZero();
    }

    @Test
    void nullArgumentsAreNoArguments() {
        Toolkit all = Toolkits.combine(shop(ExtractionLimits.DEFAULTS), lookup());
        ToolResult none = all.dispatchNative("reserve", null, "call_6");
        assertThat(none).isEqualTo(slow(all, "reserve", "", "call_6"));
        assertThat(none.content()).contains("parameter 'sku' is required");
        assertThat(fast(all, "reserve", null, null)).isEqualTo(slow(all, "reserve", "", null));
    }

    // ------------------------------------------------------------------ parts whose tools change

    @Test
    void aNameThatMovesToAnotherPartIsAnsweredByItsNewOwner() {
        ToolsThatChangeTest.Changing remote = new ToolsThatChangeTest.Changing("remote", "search");
        TableToolkit shop = shop(ExtractionLimits.DEFAULTS);
        Toolkit all = Toolkits.combine(remote, shop);
        assertThat(fast(all, "reserve", "{\"sku\": \"AB12\"}", null).content()).startsWith("shop:reserve");
        assertThat(shop.nativeCalls.get()).isEqualTo(1);

        // the earlier part now has a tool of the same name: the name is its own, the shop's tool is left out
        remote.list("search", "reserve");
        ToolResult moved = fast(all, "reserve", "{\"sku\": \"AB12\"}", null);
        assertThat(moved).isEqualTo(slow(all, "reserve", "{\"sku\": \"AB12\"}", null));
        assertThat(moved.content()).isEqualTo("remote:reserve");
        assertThat(shop.nativeCalls.get()).isEqualTo(1);
        ToolResult broken = fast(all, "get_stock", "{'sku': ", null);
        assertThat(broken).isEqualTo(slow(all, "get_stock", "{'sku': ", null));
        assertThat(broken.content()).contains("Available tools: search, reserve, get_stock.");
    }

    @Test
    void combinedToolkitsInsideACombinedToolkitAnswerAsTheOuterExtractorDoes() {
        TableToolkit shop = shop(ExtractionLimits.DEFAULTS);
        Toolkit inner = Toolkits.combine(lookup(), shop);
        Toolkit outer = Toolkits.combine(inner, clock());
        List<String> texts = new ArrayList<>(List.of("{\"sku\": \"AB12\"}", "{\"sku\": ", "{'sku': 'AB12',}", "[1]",
                "{\"sku\": \"boom\"}", "{\"sku\": 1.5}"));
        for (String text : texts) {
            for (String name : List.of("reserve", "get_stock", "lookup", "now", "Reserve")) {
                assertThat(fast(outer, name, text, "id")).as(name + " " + text).isEqualTo(slow(outer, name, text, "id"));
            }
        }
        assertThat(shop.nativeCalls.get()).isPositive();
    }
}
