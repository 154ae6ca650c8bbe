package dev.calltype.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Compile-time JSON is written exactly as Jackson writes the same tree. */
class JsonTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();

    private static void sameAsJackson(String text) throws Exception {
        String ours = Json.parse(text).write();
        String jackson = JACKSON.writeValueAsString(JACKSON.readTree(text));
        assertThat(ours).as("written form of %s", text).isEqualTo(jackson);
    }

    @Test
    void writesWhatJacksonWrites() throws Exception {
        String[] samples = {"{}", "[]", "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"e\"}}",
                "\"quote \\\" backslash \\\\ slash \\/ tab \\t nl \\n cr \\r bs \\b ff \\f\"",
                "\"\\u0000\\u0001\\u001f \\u007f \\u2028 é 日本 😀\"", "1.50", "1e3", "-0", "1E-7", "0.1",
                "123456789012345678901234567890", "-9223372036854775809", "2.5e-300", "[1.0, 10, -3.25]",
                "{\"k\" : [ 1 , 2 ] }"};
        for (String s : samples) {
            sameAsJackson(s);
        }
    }

    @Test
    void objectsKeepInsertionOrderAndTheLastDuplicateWins() throws Exception {
        assertThat(Json.parse("{\"b\":1,\"a\":2,\"b\":3}").write()).isEqualTo("{\"b\":3,\"a\":2}");
    }

    @Test
    void invalidJsonIsRefusedWithAnOffset() {
        for (String bad : new String[] {"celsius", "{", "[1,]", "{'a':1}", "01", "\"unterminated", "1 2",
                "{\"a\" 1}", "1e400", "NaN", "\"\\x\""}) {
            assertThatThrownBy(() -> Json.parse(bad)).as(bad).isInstanceOf(Json.JsonSyntaxException.class)
                    .hasMessageContaining("at offset");
        }
        assertThatThrownBy(() -> Json.parse("")).hasMessage("empty text");
    }

    @Test
    void deepNestingIsRefusedNotOverflowed() {
        assertThatThrownBy(() -> Json.parse("[".repeat(100_000))).isInstanceOf(Json.JsonSyntaxException.class)
                .hasMessageContaining("nested too deeply");
    }
}
