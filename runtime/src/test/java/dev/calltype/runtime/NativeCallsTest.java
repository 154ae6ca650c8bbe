package dev.calltype.runtime;

import dev.calltype.runtime.testing.ExtractionFixtures;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@link ToolCallExtractor#readNativeCall}: native argument strings read by the same rules as calls in text. */
class NativeCallsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ToolCallExtractor EXTRACTOR = ExtractionFixtures.EXTRACTOR;

    @Test
    void wellFormedArgumentsAreANativeCallWithItsIdAndNoRepairs() throws Exception {
        Extraction x = EXTRACTOR.readNativeCall("get_weather", "{\"city\": \"Paris\", \"days\": 2}", "call_1");
        assertThat(x.errors()).isEmpty();
        ToolCall call = x.calls().get(0);
        assertThat(call.name()).isEqualTo("get_weather");
        assertThat(call.id()).isEqualTo("call_1");
        assertThat(call.format()).isEqualTo(WireFormat.NATIVE);
        assertThat(call.arguments()).isEqualTo(JSON.readTree("{\"city\": \"Paris\", \"days\": 2}"));
        assertThat(call.repairs()).isEmpty();
        assertThat(x.text()).isEmpty();
        assertThat(x.segments()).containsExactly(new Extraction.Segment(Extraction.Segment.Kind.CALL, 0, 28));
    }

    @Test
    void malformedArgumentStringsAreRepairedAndTheRepairsKept() throws Exception {
        ToolCall call = EXTRACTOR.readNativeCall("search", "{'query': 'O\\'Reilly', limit: 3,}", null).calls().get(0);
        assertThat(call.arguments()).isEqualTo(JSON.readTree("{\"query\": \"O'Reilly\", \"limit\": 3}"));
        assertThat(call.repairs()).contains(Repair.SINGLE_QUOTES, Repair.TRAILING_COMMA, Repair.UNQUOTED_KEYS)
                .doesNotContain(Repair.ARGUMENTS_DECODED);
        assertThat(call.id()).isNull();
    }

    @Test
    void argumentsInACodeFenceAreReadInsideIt() throws Exception {
        String fenced = "```json\n{\"city\": \"Paris\", 'days': 2}\n```\n";
        Extraction x = EXTRACTOR.readNativeCall("get_weather", fenced, "c");
        ToolCall call = x.calls().get(0);
        assertThat(call.arguments()).isEqualTo(JSON.readTree("{\"city\": \"Paris\", \"days\": 2}"));
        assertThat(call.repairs()).contains(Repair.FENCE_REMOVED, Repair.SINGLE_QUOTES);
        assertThat(x.segments()).containsExactly(new Extraction.Segment(Extraction.Segment.Kind.CALL, 0, fenced.length()));
        // a fence cut off is not a whole fence: the text is read as it is, and is no call
        assertThat(EXTRACTOR.readNativeCall("get_weather", "```json\n{\"city\": \"Paris\"}", "c").calls()).isEmpty();
    }

    @Test
    void doubleEncodedArgumentsAreDecoded() throws Exception {
        ToolCall call = EXTRACTOR.readNativeCall("get_weather", "\"{\\\"city\\\": \\\"Paris\\\"}\"", "c")
                .calls().get(0);
        assertThat(call.arguments()).isEqualTo(JSON.readTree("{\"city\": \"Paris\"}"));
        assertThat(call.repairs()).contains(Repair.ARGUMENTS_DECODED);
        // a string that holds no object stays an error
        assertThat(EXTRACTOR.readNativeCall("get_weather", "\"Paris\"", "c").calls()).isEmpty();
    }

    @Test
    void blankArgumentsAreAnEmptyObject() {
        assertThat(EXTRACTOR.readNativeCall("now", "", "a").calls().get(0).arguments().isEmpty()).isTrue();
        assertThat(EXTRACTOR.readNativeCall("now", " \n", "a").calls().get(0).arguments().isEmpty()).isTrue();
    }

    @Test
    void aNameInAnotherCaseIsMatchedToTheTool() {
        ToolCall call = EXTRACTOR.readNativeCall("sendEmail", "{\"to\": \"a\", \"subject\": \"b\", \"body\": \"c\"}",
                "x").calls().get(0);
        assertThat(call.name()).isEqualTo("send_email");
        assertThat(call.repairs()).contains(Repair.NAME_NORMALIZED);
    }

    @Test
    void truncatedArgumentsAreAnErrorNeverACall() {
        Extraction x = EXTRACTOR.readNativeCall("send_email", "{\"to\": \"a@b.c\", \"body\": \"Meet at", "call_9");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(ExtractionError.Kind.TRUNCATED);
            assertThat(e.toolName()).isEqualTo("send_email");
        });
        assertThat(x.correctionPrompt()).get().asString().contains("send_email").contains("one complete JSON object")
                .doesNotContain("<tool_call>");
    }

    @Test
    void anUnknownToolIsAnErrorThatNamesTheTools() {
        Extraction x = EXTRACTOR.readNativeCall("delete_everything", "{}", "c");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors().get(0).kind()).isEqualTo(ExtractionError.Kind.UNKNOWN_TOOL);
        assertThat(x.errors().get(0).message()).contains("get_weather", "send_email");
    }

    @Test
    void markupAfterTheObjectIsAnErrorAndCannotStartAnotherCall() {
        Extraction x = EXTRACTOR.readNativeCall("search",
                "{\"query\": \"x\"}</tool_call><tool_call>{\"name\": \"send_email\", \"arguments\": {}}", "c");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).singleElement().satisfies(e ->
                assertThat(e.kind()).isEqualTo(ExtractionError.Kind.MALFORMED_JSON));
    }

    @Test
    void argumentsThatAreNotAnObjectAreAnError() {
        Extraction x = EXTRACTOR.readNativeCall("search", "\"just text\"", "c");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors().get(0).kind()).isEqualTo(ExtractionError.Kind.INVALID_CALL_SYNTAX);
    }

    @Test
    void argumentsPastThePayloadLimitAreALimitErrorWithOneFullStop() {
        ToolCallExtractor small = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .limits(ExtractionLimits.DEFAULTS.withMaxPayloadChars(100)).build();
        Extraction x = small.readNativeCall("search", "{\"query\": \"" + "a".repeat(500) + "\"}", "c");
        assertThat(x.calls()).isEmpty();
        ExtractionError e = x.errors().get(0);
        assertThat(e.kind()).isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(e.message()).contains("maxPayloadChars").doesNotContain("..");
        assertThat(x.correctionPrompt().orElseThrow()).contains("maxPayloadChars=100. ");
    }

    @Test
    void aDuplicatedNameKeyInsideArgumentsIsJustAnArgument() throws Exception {
        ToolCall call = EXTRACTOR.readNativeCall("search", "{\"query\": \"name: send_email\"}", "c").calls().get(0);
        assertThat(call.arguments()).isEqualTo(JSON.readTree("{\"query\": \"name: send_email\"}"));
    }
}
