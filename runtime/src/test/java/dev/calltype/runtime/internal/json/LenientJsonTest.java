package dev.calltype.runtime.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.json.JsonRead.Status;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class LenientJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;

    static JsonRead read(String s) {
        return LenientJson.read(s, 0, s.length(), true, LIMITS);
    }

    static JsonRead stream(String s) {
        return LenientJson.read(s, 0, s.length(), false, LIMITS);
    }

    static JsonNode json(String s) {
        try {
            return MAPPER.readTree(s);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void assertReads(String text, String expectedJson, Repair... repairs) {
        JsonRead r = read(text);
        assertThat(r.status()).as(r.problem()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(json(expectedJson));
        assertThat(r.repairs()).containsExactly(repairs);
    }

    // ------------------------------------------------------------------ strict JSON

    @Test
    void strictJsonNeedsNoRepair() {
        String s = "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", \"days\": [1, 2.5, -3e2],"
                + " \"ok\": true, \"x\": null, \"nested\": {\"e\": {}}, \"a\": []}}";
        JsonRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(json(s));
        assertThat(r.repairs()).isEmpty();
        assertThat(r.end()).isEqualTo(s.length());
        assertThat(r.autoClosed()).isEmpty();
        assertThat(r.problem()).isNull();
    }

    @Test
    void endIsJustPastTheValueAndWhatFollowsIsNotConsumed() {
        String s = "  \n {\"a\": 1}  }} trailing text";
        JsonRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.end()).isEqualTo(s.indexOf('}') + 1);
        assertThat(LenientJson.skipExtraClosers(s, r.end(), s.length())).isEqualTo(s.lastIndexOf('}') + 1);
    }

    @Test
    void skipExtraClosersReturnsFromWhenThereAreNone() {
        assertThat(LenientJson.skipExtraClosers("{} x", 2, 4)).isEqualTo(2);
        assertThat(LenientJson.skipExtraClosers("{}\n ] } ]\nok", 2, 12)).isEqualTo(9);
    }

    @Test
    void readsFromTheGivenStartAndStopsAtTheLimit() {
        String s = "prose {\"a\": [1]} more";
        JsonRead r = LenientJson.read(s, 5, s.length(), true, LIMITS);
        assertThat(r.value()).isEqualTo(json("{\"a\": [1]}"));
        assertThat(r.end()).isEqualTo(16);
    }

    @Test
    void topLevelScalarsAreValues() {
        assertReads("\"hi\"", "\"hi\"");
        assertReads("42", "42");
        assertReads("-0.5", "-0.5");
        assertReads("true", "true");
        assertReads("null", "null");
    }

    @Test
    void numbersBecomeTheNodesJacksonMakes() {
        assertThat(read("7").value()).isInstanceOf(IntNode.class);
        assertThat(read("-2147483649").value()).isInstanceOf(LongNode.class);
        assertThat(read("9223372036854775808").value()).isInstanceOf(BigIntegerNode.class);
        assertThat(read("-9223372036854775808").value()).isEqualTo(LongNode.valueOf(Long.MIN_VALUE));
        assertThat(read("1.5").value()).isEqualTo(DoubleNode.valueOf(1.5));
        assertThat(read("1E5").value()).isEqualTo(DoubleNode.valueOf(100000.0));
    }

    @Test
    void decimalsThatADoubleCannotHoldStayExact() {
        assertThat(read("3.14159265358979323846264338").value())
                .isEqualTo(DecimalNode.valueOf(new BigDecimal("3.14159265358979323846264338")));
        assertThat(read("1e400").value()).isEqualTo(DecimalNode.valueOf(new BigDecimal("1e400")));
        assertThat(read("1e-400").value()).isEqualTo(DecimalNode.valueOf(new BigDecimal("1e-400")));
        assertThat(read("0.0").value()).isEqualTo(DoubleNode.valueOf(0.0));
    }

    // ------------------------------------------------------------------ repairs

    @Test
    void singleQuotedStringsAreRepaired() {
        assertReads("{'tool_name': 'stock_price', 'parameters': {'ticker': 'XYZ'}}",
                "{\"tool_name\": \"stock_price\", \"parameters\": {\"ticker\": \"XYZ\"}}", Repair.SINGLE_QUOTES);
    }

    @Test
    void aQuoteOfTheOtherKindInsideAStringIsJustACharacter() {
        assertReads("{\"author\": \"O'Reilly\"}", "{\"author\": \"O'Reilly\"}");
        assertReads("{'say': 'say \"hi\"', 'it': 'it\\'s'}", "{\"say\": \"say \\\"hi\\\"\", \"it\": \"it's\"}",
                Repair.SINGLE_QUOTES);
    }

    @Test
    void bracketsInsideStringsAreText() {
        assertReads("{\"code\": \"}{\", \"more\": \"]]{{\"}", "{\"code\": \"}{\", \"more\": \"]]{{\"}");
    }

    @Test
    void smartQuotesAreRepaired() {
        assertReads("{“city”: “Zürich”, ‘unit’: ‘c’}", "{\"city\": \"Zürich\", \"unit\": \"c\"}",
                Repair.SMART_QUOTES);
        assertReads("{“q”: “it's \"fine\"”}", "{\"q\": \"it's \\\"fine\\\"\"}", Repair.SMART_QUOTES);
    }

    @Test
    void unquotedKeysAreRepaired() {
        assertReads("{name: \"search\", max_results: 5, $ref: 1, x-y: 2, k9: 3}",
                "{\"name\": \"search\", \"max_results\": 5, \"$ref\": 1, \"x-y\": 2, \"k9\": 3}",
                Repair.UNQUOTED_KEYS);
    }

    @Test
    void trailingCommasAreRepaired() {
        assertReads("{\"a\": [1, 2, ], \"b\": 3,}", "{\"a\": [1, 2], \"b\": 3}", Repair.TRAILING_COMMA);
    }

    @Test
    void commentsAreRepaired() {
        assertReads("// the call\n{\"a\": 1, /* the limit */ \"b\": 2 // done\n}", "{\"a\": 1, \"b\": 2}",
                Repair.COMMENTS);
    }

    @Test
    void rawControlCharactersInStringsAreKept() {
        assertReads("{\"command\": \"ls\nwc -l\tx\r\"}", "{\"command\": \"ls\\nwc -l\\tx\\r\"}",
                Repair.RAW_CONTROL_CHARACTERS);
    }

    @Test
    void pythonLiteralsAreRepaired() {
        assertReads("{\"a\": True, \"b\": False, \"c\": None}", "{\"a\": true, \"b\": false, \"c\": null}",
                Repair.PYTHON_LITERALS);
    }

    @Test
    void duplicateKeysKeepTheLastValueInTheFirstPlace() {
        JsonRead r = read("{\"a\": 1, \"b\": 2, \"a\": {\"x\": 3}}");
        assertThat(r.value()).isEqualTo(json("{\"a\": {\"x\": 3}, \"b\": 2}"));
        assertThat(r.value().fieldNames()).toIterable().containsExactly("a", "b");
        assertThat(r.repairs()).containsExactly(Repair.DUPLICATE_KEYS);
    }

    @Test
    void repairsAreListedOnceInFirstAppliedOrder() {
        JsonRead r = read("{a: 'x', /* c */ b: True, c: 'y', d: [1,],}");
        assertThat(r.repairs()).containsExactly(Repair.UNQUOTED_KEYS, Repair.SINGLE_QUOTES, Repair.COMMENTS,
                Repair.PYTHON_LITERALS, Repair.TRAILING_COMMA);
    }

    @Test
    void escapesAreDecodedAndUnknownEscapesKeptAsWritten() {
        assertReads("\"a\\\"b\\\\c\\/d\\n\\u00e9\\'\"", "\"a\\\"b\\\\c/d\\n\\u00e9'\"");
        JsonRead r = read("\"C:\\data\\x \\u12G\"");
        assertThat(r.value().textValue()).isEqualTo("C:\\data\\x \\u12G");
        assertThat(r.repairs()).isEmpty();
    }

    @Test
    void loneSurrogatesAndNulSurvive() {
        JsonRead r = read("[\"\\ud800\", \"\udc00x\", \"a\u0000b\"]");
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.value().get(0).textValue()).isEqualTo("\ud800");
        assertThat(r.value().get(1).textValue()).isEqualTo("\udc00x");
        assertThat(r.value().get(2).textValue()).isEqualTo("a\u0000b");
        assertThat(r.repairs()).containsExactly(Repair.RAW_CONTROL_CHARACTERS);
    }

    @Test
    void unicodeAndCrlfAreRead() {
        String s = "{\r\n  \"city\": \"東京\",\r\n  \"emoji\": \"🌧️\"\r\n}\r\n";
        JsonRead r = read(s);
        assertThat(r.value()).isEqualTo(json(s));
        assertThat(r.repairs()).isEmpty();
        assertThat(r.end()).isEqualTo(s.length() - 2);
    }

    @Test
    void rawQuoteDelimitsStringsWithoutEscapes() {
        String s = "{location:<|\"|>Paris, \"FR\" \\n<|\"|>,n:3}";
        JsonRead r = LenientJson.read(s, 0, s.length(), true, LIMITS, "<|\"|>");
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(json("{\"location\": \"Paris, \\\"FR\\\" \\\\n\", \"n\": 3}"));
        assertThat(r.repairs()).containsExactly(Repair.UNQUOTED_KEYS);

        String g = "{query:<escape>weather in <b>Paris</b><escape>}";
        JsonRead fg = LenientJson.read(g, 0, g.length(), true, LIMITS, "<escape>");
        assertThat(fg.value()).isEqualTo(json("{\"query\": \"weather in <b>Paris</b>\"}"));
    }

    // ------------------------------------------------------------------ missing closing brackets

    @Test
    void missingClosingBracketsAtTheEndAreAddedWhenEveryValueIsComplete() {
        String s = "{\"name\": \"f\", \"arguments\": {\"b\": 1}";
        JsonRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(json("{\"name\": \"f\", \"arguments\": {\"b\": 1}}"));
        assertThat(r.repairs()).containsExactly(Repair.MISSING_CLOSING_BRACKETS);
        assertThat(r.end()).isEqualTo(s.length());
        assertThat(r.wasAutoClosed(r.value())).isTrue();
        assertThat(r.wasAutoClosed(r.value().get("arguments"))).isFalse();
    }

    @Test
    void autoClosedNamesEveryContainerThatWasStillOpen() {
        JsonRead r = read("{\"arguments\": {\"list\": [1, 2");
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(json("{\"arguments\": {\"list\": [1, 2]}}"));
        assertThat(r.autoClosed()).hasSize(3);
        assertThat(r.wasAutoClosed(r.value().get("arguments"))).isTrue();
        assertThat(r.wasAutoClosed(r.value().get("arguments").get("list"))).isTrue();
        assertThat(r.wasAutoClosed(json("[1, 2]"))).isFalse(); // identity, not equality
        JsonRead closedList = read("{\"arguments\": {\"list\": [1, 2]");
        assertThat(closedList.autoClosed()).hasSize(2);
        assertThat(closedList.wasAutoClosed(closedList.value().get("arguments").get("list"))).isFalse();
    }

    @Test
    void aNumberAtTheEndInsideAnOpenContainerIsComplete() {
        JsonRead r = read("{\"a\": 1");
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(json("{\"a\": 1}"));
        JsonRead open = read("[");
        assertThat(open.status()).isEqualTo(Status.COMPLETE);
        assertThat(open.value()).isEqualTo(json("[]"));
    }

    // ------------------------------------------------------------------ truncated

    @Test
    void aValueCutOffIsTruncated() {
        for (String s : new String[] {"{\"a\": \"hal", "{\"a\":", "{\"a\"", "{\"a\": 1,", "[1,", "{\"a\": tru",
                "{\"a\": -", "{\"a\": 1.", "{\"a\": 1e+", "{\"a\": \"x\\", "{\"a\": \"\\u00", "{ab", "", "  ",
                "/* note", "{\"a\": 1 /* x"}) {
            JsonRead r = read(s);
            assertThat(r.status()).as(s).isEqualTo(Status.TRUNCATED);
            assertThat(r.value()).isNull();
            assertThat(r.problem()).as(s).startsWith("the text ends");
        }
    }

    @Test
    void truncatedProblemPointsAtTheCutValue() {
        JsonRead r = read("{\"to\": \"bob\", \"body\": \"Hi Bob, the");
        assertThat(r.problemOffset()).isEqualTo(22);
        assertThat(r.problem()).isEqualTo("the text ends inside a string");
    }

    // ------------------------------------------------------------------ need more

    @Test
    void anUnfinishedPrefixNeedsMoreWhenTheTextMayGoOn() {
        for (String s : new String[] {"{\"a\": \"hal", "{\"a\": 1", "12", "tru", "true", "[", "{\"a\": [1]", "/",
                "// note", "\"x\\", "", "{a"}) {
            assertThat(stream(s).status()).as(s).isEqualTo(Status.NEED_MORE);
        }
    }

    @Test
    void aCompleteContainerDoesNotWaitForMore() {
        JsonRead r = stream("{\"a\": 1}");
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(stream("\"done\"").status()).isEqualTo(Status.COMPLETE);
        assertThat(stream("12 ").status()).isEqualTo(Status.COMPLETE);
    }

    @Test
    void anErrorBeforeTheLimitIsReportedWithoutWaiting() {
        JsonRead r = stream("{\"a\": 1 \"b\"");
        assertThat(r.status()).isEqualTo(Status.MALFORMED);
        assertThat(r.problem()).isEqualTo("expected ',' or '}' after a value in an object");
        assertThat(r.problemOffset()).isEqualTo(8);
    }

    // ------------------------------------------------------------------ malformed

    @Test
    void unreadableTextIsMalformedWithAClearProblem() {
        assertMalformed("{\"text\": }", "expected a value after \"text\":", 9);
        assertMalformed("{\"a\" 1}", "expected ':' after the key \"a\"", 5);
        assertMalformed("[1 2]", "expected ',' or ']' after a value in an array", 3);
        assertMalformed("{\"a\": NaN}", "NaN and Infinity are not JSON numbers", 6);
        assertMalformed("{\"a\": celsius}", "expected a value after \"a\":, found unquoted text", 6);
        assertMalformed("{\"a\": 01}", "invalid number \"01\"", 6);
        assertMalformed("[+1]", "expected a value or ']' in an array", 1);
        assertMalformed("{\"a\": 1]", "expected ',' or '}' after a value in an object", 7);
        assertMalformed("{,}", "expected a key or '}' in an object", 1);
        assertMalformed("<tool>", "expected a JSON value (object, array, string, number, true, false or null)",
                0);
    }

    @Test
    void aProblemQuotesModelTextByTheSameRuleAsEveryErrorText() {
        // Up to 80 characters, control characters escaped (Chars.quote), as the extractor's own messages do.
        String digits = "0" + "1".repeat(70);
        assertMalformed("{\"a\": " + digits + "}", "invalid number \"" + digits + "\"", 6);
        String longer = "0" + "1".repeat(90);
        assertMalformed("{\"a\": " + longer + "}", "invalid number \"" + longer.substring(0, 80) + "…\"", 6);
        assertMalformed("{\"a\tb\" 1}", "expected ':' after the key \"a\\tb\"", 7);
    }

    private static void assertMalformed(String s, String problem, int offset) {
        JsonRead r = read(s);
        assertThat(r.status()).as(s).isEqualTo(Status.MALFORMED);
        assertThat(r.problem()).as(s).isEqualTo(problem);
        assertThat(r.problemOffset()).as(s).isEqualTo(offset);
        assertThat(r.value()).isNull();
    }

    // ------------------------------------------------------------------ limits

    @Test
    void tenMegabytesOfOpenBracketsExceedTheDepthLimitWithoutOverflowingTheStack() {
        String s = "[".repeat(10 << 20);
        JsonRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.LIMIT_EXCEEDED);
        assertThat(r.problem()).contains("maxDepth=512");
        assertThat(r.problemOffset()).isEqualTo(512);
    }

    @Test
    void nestingUpToTheDepthLimitIsRead() {
        ExtractionLimits two = LIMITS.withMaxDepth(2);
        assertThat(LenientJson.read("[[1]]", 0, 5, true, two).status()).isEqualTo(Status.COMPLETE);
        JsonRead r = LenientJson.read("[[[1]]]", 0, 7, true, two);
        assertThat(r.status()).isEqualTo(Status.LIMIT_EXCEEDED);
        assertThat(r.problem()).isEqualTo("nesting is deeper than the limit of maxDepth=2");
    }

    @Test
    void longStringsNumbersAndPayloadsExceedTheirLimits() {
        JsonRead s = LenientJson.read("[\"abcdef\"]", 0, 10, true, LIMITS.withMaxStringChars(5));
        assertThat(s.status()).isEqualTo(Status.LIMIT_EXCEEDED);
        assertThat(s.problem()).isEqualTo("a string is longer than the limit of maxStringChars=5");
        assertThat(LenientJson.read("[\"abcde\"]", 0, 9, true, LIMITS.withMaxStringChars(5)).status())
                .isEqualTo(Status.COMPLETE);

        JsonRead n = LenientJson.read("[123456]", 0, 8, true, LIMITS.withMaxNumberDigits(5));
        assertThat(n.status()).isEqualTo(Status.LIMIT_EXCEEDED);
        assertThat(n.problem()).isEqualTo("a number is longer than the limit of maxNumberDigits=5");

        String big = "{\"a\": \"" + "x".repeat(100) + "\"}";
        JsonRead p = LenientJson.read(big, 0, big.length(), true, LIMITS.withMaxPayloadChars(50));
        assertThat(p.status()).isEqualTo(Status.LIMIT_EXCEEDED);
        assertThat(p.problem()).isEqualTo("the value is longer than the limit of maxPayloadChars=50");
        assertThat(LenientJson.read(big, 0, big.length(), true, LIMITS.withMaxPayloadChars(big.length())).status())
                .isEqualTo(Status.COMPLETE);
    }

    @Test
    void keysAreBoundByTheStringLimit() {
        JsonRead r = LenientJson.read("{abcdef: 1}", 0, 11, true, LIMITS.withMaxStringChars(3));
        assertThat(r.status()).isEqualTo(Status.LIMIT_EXCEEDED);
    }

    // ------------------------------------------------------------------ realistic snippets

    @Test
    void realisticSloppyModelOutputIsRead() {
        String s = """
                {
                  // calling the weather tool
                  'name': 'get_weather',
                  arguments: {
                    "city": "São Paulo",
                    "units": 'metric',
                    "include_hourly": True,
                    "note": "it's "quoted"?",
                  },
                }""";
        JsonRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.MALFORMED); // the unescaped inner quotes cannot be told apart
        String t = s.replace("\"it's \"quoted\"?\"", "\"it's \\\"quoted\\\"?\"");
        JsonRead ok = read(t);
        assertThat(ok.status()).isEqualTo(Status.COMPLETE);
        assertThat(ok.value()).isEqualTo(json("{\"name\": \"get_weather\", \"arguments\": {\"city\": \"São Paulo\","
                + " \"units\": \"metric\", \"include_hourly\": true, \"note\": \"it's \\\"quoted\\\"?\"}}"));
        assertThat(ok.repairs()).containsExactly(Repair.COMMENTS, Repair.SINGLE_QUOTES, Repair.UNQUOTED_KEYS,
                Repair.PYTHON_LITERALS, Repair.TRAILING_COMMA);
    }
    @Test
    void readsJsonInsideModelMarkupBetweenGivenBounds() {
        String hermes = "<tool_call>\n{\"name\": \"stock_price\", \"arguments\": {\"ticker\": \"MSFT\"}}\n</tool_call>";
        int close = hermes.indexOf("</tool_call>");
        JsonRead h = LenientJson.read(hermes, 11, close, true, LIMITS);
        assertThat(h.status()).isEqualTo(Status.COMPLETE);
        assertThat(h.value().get("arguments").get("ticker").textValue()).isEqualTo("MSFT");
        assertThat(hermes.substring(h.end(), close)).isEqualTo("\n");

        String garbage = "[TOOL_CALL]{\"name\":\"stock_price\",\"args\":{\"ticker\":\"T\"}} {\"name\":\"pi";
        JsonRead g = LenientJson.read(garbage, 11, garbage.length(), true, LIMITS);
        assertThat(g.status()).isEqualTo(Status.COMPLETE);
        assertThat(garbage.substring(g.end())).isEqualTo(" {\"name\":\"pi");
        assertThat(LenientJson.read(garbage, g.end(), garbage.length(), true, LIMITS).status())
                .isEqualTo(Status.TRUNCATED);

        String extra = "```json\n{\"tool\": \"ping\", \"arguments\": {}}}}\n```";
        JsonRead e = LenientJson.read(extra, 8, extra.length() - 4, true, LIMITS);
        assertThat(e.status()).isEqualTo(Status.COMPLETE);
        assertThat(LenientJson.skipExtraClosers(extra, e.end(), extra.length())).isEqualTo(e.end() + 2);

        String gemma = "<|tool_call>call:stock_price{ticker:<|\"|>GM<|\"|>,opts:{tags:[<|\"|>a, b<|\"|>,2]}}<tool_call|>";
        JsonRead gm = LenientJson.read(gemma, gemma.indexOf('{'), gemma.length(), true, LIMITS, "<|\"|>");
        assertThat(gm.value()).isEqualTo(json("{\"ticker\": \"GM\", \"opts\": {\"tags\": [\"a, b\", 2]}}"));
        assertThat(gemma.substring(gm.end())).isEqualTo("<tool_call|>");
    }

    @Test
    void aRawQuoteCutOffNeedsMoreOrIsTruncated() {
        for (String s : new String[] {"{k:<|\"|>abc<|\"", "{k:<|\"|>abc", "{k:<|", "{k:<|\"|>"}) {
            assertThat(LenientJson.read(s, 0, s.length(), false, LIMITS, "<|\"|>").status()).as(s)
                    .isEqualTo(Status.NEED_MORE);
            JsonRead r = LenientJson.read(s, 0, s.length(), true, LIMITS, "<|\"|>");
            assertThat(r.status()).as(s).isEqualTo(Status.TRUNCATED);
            assertThat(r.problemOffset()).as(s).isEqualTo(3);
        }
        JsonRead notRaw = LenientJson.read("{k:<b>}", 0, 7, true, LIMITS, "<|\"|>");
        assertThat(notRaw.status()).isEqualTo(Status.MALFORMED);
        assertThat(notRaw.problem()).isEqualTo("expected a value after \"k\":");
    }

    @Test
    void withoutARawQuoteItsTextIsNotAString() {
        assertThat(read("{k:<|\"|>x<|\"|>}").status()).isEqualTo(Status.MALFORMED);
    }
}
