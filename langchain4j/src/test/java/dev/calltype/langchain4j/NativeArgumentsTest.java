package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.ToolCallExtractor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The strict fast path reads well-formed arguments exactly as the lenient reader does, and only those. */
class NativeArgumentsTest {

    private static final ToolCallExtractor ANY_TOOL = ToolCallExtractor.builder().build();

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"sku\":\"WH-1042\",\"quantity\":3,\"priority\":\"EXPRESS\",\"address\":{\"street\":\"12 Harbour Road\"}}",
            "{\"n\": [1, -2, 2147483648, 9223372036854775808, 1.5, 0.1, 7E-777, 1e400, -0.0, 0]}",
            "{\"deep\": {\"a\": [{\"b\": [[], {}]}, null, true, false]}, \"text\": \"caf\\u00e9 \\\"quoted\\\"\\n\"}",
            " \r\n{\"spaced\" : \"out\" }\n "})
    void strictJsonIsReadAsTheLenientReaderReadsIt(String text) {
        NativeArguments.Read lenient = NativeArguments.lenient(ANY_TOOL, "t", null, text);

        assertThat(lenient.call()).as(String.valueOf(lenient.failure())).isNotNull();
        assertThat(NativeArguments.strictObject(text)).isEqualTo(lenient.call().arguments());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{'sku': 'A'}", "{\"a\": 1,}", "{\"a\": 1} trailing", "{\"a\": 1, \"a\": 2}", "[1]", "\"{}\"",
            "{\"a\": ", "{a: 1}", "{\"a\": NaN}"})
    void anythingElseIsLeftToTheLenientReader(String text) {
        assertThat(NativeArguments.strictObject(text)).isNull();
    }

    @Test
    void deepNestingIsLeftToTheLenientReader() {
        String deep = "{\"a\":" + "[".repeat(200) + "]".repeat(200) + "}";
        assertThat(NativeArguments.strictObject(deep)).isNull();
        assertThat(NativeArguments.strictObject("{\"a\":" + "[".repeat(10) + "]".repeat(10) + "}")).isNotNull();
    }
}
