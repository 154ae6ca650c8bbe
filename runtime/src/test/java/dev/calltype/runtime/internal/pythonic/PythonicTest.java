package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.testing.FuzzText;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.calltype.runtime.ExtractionError.Kind;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.pythonic.PyRead.Status;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PythonicTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;

    static PyRead read(String s) {
        return Pythonic.read(s, 0, s.length(), true, LIMITS);
    }

    static PyRead stream(String s) {
        return Pythonic.read(s, 0, s.length(), false, LIMITS);
    }

    static JsonNode json(String s) {
        try {
            return MAPPER.readTree(s);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static PyCall single(String s) {
        PyRead r = read(s);
        assertThat(r.status()).as(r.problem()).isEqualTo(Status.COMPLETE);
        assertThat(r.calls()).hasSize(1);
        assertThat(r.end()).isEqualTo(s.stripTrailing().length());
        return r.calls().get(0);
    }

    private static Map.Entry<String, JsonNode> kw(String name, String json) {
        return Map.entry(name, json(json));
    }

    // ------------------------------------------------------------------ calls

    @Test
    void keywordCallIsRead() {
        PyCall c = single("search(query=\"AI\", limit=5)");
        assertThat(c.name()).isEqualTo("search");
        assertThat(c.positional()).isEmpty();
        assertThat(c.keywords()).containsExactly(kw("query", "\"AI\""), kw("limit", "5"));
        assertThat(c.start()).isZero();
        assertThat(c.repairs()).isEmpty();
    }

    @Test
    void positionalArgumentsComeBeforeKeywords() {
        PyCall c = single("b(\"y\", 2, flag=True)");
        assertThat(c.positional()).containsExactly(json("\"y\""), json("2"));
        assertThat(c.keywords()).containsExactly(kw("flag", "true"));
    }

    @Test
    void attributeAccessNamesTheLastSegment() {
        PyCall c = single("client.tools.search(q='x')");
        assertThat(c.name()).isEqualTo("search");
        assertThat(c.start()).isZero();
    }

    @Test
    void emptyArgumentsAndTrailingCommaAreFine() {
        assertThat(single("ping()").keywords()).isEmpty();
        assertThat(single("f(a=1,)").keywords()).containsExactly(kw("a", "1"));
        assertThat(single("get-weather(city='Paris')").name()).isEqualTo("get-weather");
    }

    @Test
    void aListOfCallsIsRead() {
        String s = "[a(x=1), b(\"y\"),\n  c.d()]";
        PyRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.end()).isEqualTo(s.length());
        assertThat(r.calls()).extracting(PyCall::name).containsExactly("a", "b", "d");
        assertThat(r.calls().get(1).start()).isEqualTo(s.indexOf("b("));
        assertThat(r.calls().get(1).end()).isEqualTo(s.indexOf("),") + 1 + s.substring(s.indexOf("),") + 1)
                .indexOf(")") + 1);
        assertThat(read("[a(),]").calls()).hasSize(1);
    }

    @Test
    void leadingBlanksAreSkippedAndWhatFollowsIsNotConsumed() {
        String s = "  \n get_time(tz=\"UTC\") and then some prose";
        PyRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.end()).isEqualTo(s.indexOf(')') + 1);
        assertThat(r.calls().get(0).start()).isEqualTo(4);
    }

    // ------------------------------------------------------------------ values

    @Test
    void literalValuesBecomeJson() {
        PyCall c = single("f(s='it\\'s', d=\"say \\\"hi\\\"\", i=-42, x=3.5, e=1e3, big=123456789012345678901234567890,"
                + " t=True, n=None, tl=true, nl=null, l=[1, 'a', [2]], tu=(1, 2), one=(1,), paren=(7),"
                + " d2={'k': [1, {\"n\": None}], 2: 'two', True: 1, None: 0}, empty={}, et=(), el=[])");
        assertThat(c.keywords()).containsExactly(
                kw("s", "\"it's\""), kw("d", "\"say \\\"hi\\\"\""), kw("i", "-42"), kw("x", "3.5"),
                kw("e", "1000.0"), kw("big", "123456789012345678901234567890"), kw("t", "true"), kw("n", "null"),
                kw("tl", "true"), kw("nl", "null"), kw("l", "[1, \"a\", [2]]"), kw("tu", "[1, 2]"), kw("one", "[1]"),
                kw("paren", "7"), kw("d2", "{\"k\": [1, {\"n\": null}], \"2\": \"two\", \"True\": 1, \"None\": 0}"),
                kw("empty", "{}"), kw("et", "[]"), kw("el", "[]"));
        assertThat(c.repairs()).isEmpty();
    }

    @Test
    void pythonNumberSpellingsAreRead() {
        PyCall c = single("f(1_000, 0x1F, 0o17, 0b101, .5, 5., +3, 00, 1E-2, 0.0, 007.5)");
        assertThat(c.positional()).containsExactly(IntNode.valueOf(1000), IntNode.valueOf(31), IntNode.valueOf(15),
                IntNode.valueOf(5), DoubleNode.valueOf(0.5), DoubleNode.valueOf(5.0), IntNode.valueOf(3),
                IntNode.valueOf(0), DoubleNode.valueOf(0.01), DoubleNode.valueOf(0.0), DoubleNode.valueOf(7.5));
        assertThat(single("f(99999999999999999999)").positional().get(0))
                .isEqualTo(BigIntegerNode.valueOf(new BigInteger("99999999999999999999")));
    }

    @Test
    void invalidNumbersAreErrors() {
        for (String s : new String[] {"f(1__0)", "f(1_)", "f(0x)", "f(1j)", "f(1e)", "f(0xG)",
                "f(1.2.3)"}) {
            PyRead r = read(s);
            assertThat(r.status()).as(s).isEqualTo(Status.ERROR);
            assertThat(r.errorKind()).as(s).isEqualTo(Kind.INVALID_CALL_SYNTAX);
            assertThat(r.problem()).as(s).startsWith("invalid number");
        }
    }

    @Test
    void stringFormsAndEscapesAreRead() {
        PyCall c = single("f('''multi\nline \"q\" 'x' ''', \"\"\"tri\"ple\"\"\", r'C:\\dir\\n', u'\\u00e9\\x41\\101',"
                + " '\\N{BULLET}\\U0001F600', 'keep\\d', '', \"\", 'a\\\nb')");
        assertThat(c.positional()).extracting(JsonNode::textValue).containsExactly("multi\nline \"q\" 'x' ",
                "tri\"ple", "C:\\dir\\n", "\u00e9AA", "\u2022\uD83D\uDE00", "keep\\d", "", "", "ab");
        assertThat(c.repairs()).isEmpty();
    }

    @Test
    void adjacentStringLiteralsAreJoinedAsPythonDoes() {
        PyCall c = single("write(content=(\"line one\\n\"\n               'line two' r'\\d'), x='a' \"b\")");
        assertThat(c.keywords()).containsExactly(kw("content", "\"line one\\nline two\\\\d\""), kw("x", "\"ab\""));
        assertThat(read("f('a' f'{x}')").errorKind()).isEqualTo(Kind.INVALID_CALL_SYNTAX);
        assertThat(stream("f('a' r").status()).isEqualTo(Status.NEED_MORE);
    }

    @Test
    void quotesOfTheOtherKindAndBracketsInsideStringsAreText() {
        PyCall c = single("f(a=\"O'Reilly\", b='say \"hi\"', c=')]}{(')");
        assertThat(c.keywords()).containsExactly(kw("a", "\"O'Reilly\""), kw("b", "\"say \\\"hi\\\"\""),
                kw("c", "\")]}{(\""));
    }

    @Test
    void aRawLineBreakInASingleLineStringIsKeptAndRecorded() {
        PyCall c = single("write(text='line1\nline2')");
        assertThat(c.keywords()).containsExactly(kw("text", "\"line1\\nline2\""));
        assertThat(c.repairs()).containsExactly(Repair.RAW_CONTROL_CHARACTERS);
    }

    @Test
    void aKeyGivenTwiceInADictKeepsTheLastValue() {
        PyCall c = single("f(d={'a': 1, 'a': 2})");
        assertThat(c.keywords()).containsExactly(kw("d", "{\"a\": 2}"));
        assertThat(c.repairs()).containsExactly(Repair.DUPLICATE_KEYS);
    }

    @Test
    void unicodeAndCrlfAreRead() {
        String s = "[translate(text=\"東京は晴れ 🌞\",\r\n           target='fr'),\r\n note(t='ça va')]\r\n";
        PyRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.calls().get(0).keywords()).containsExactly(kw("text", "\"東京は晴れ 🌞\""), kw("target", "\"fr\""));
        assertThat(r.calls().get(1).keywords()).containsExactly(kw("t", "\"ça va\""));
    }

    // ------------------------------------------------------------------ not a call

    @Test
    void textThatIsNotCallSyntaxIsNotACall() {
        for (String s : new String[] {"Hello there", "[1, 2]", "[]", "x = f(1)", "\"str\"", "{\"a\": 1}", "a.b",
                "a..b()", "search (q=1)", "", "   ", "[a, b()]", "42(1)", "f", "["}) {
            PyRead r = read(s);
            assertThat(r.status()).as(s).isEqualTo(Status.NOT_A_CALL);
            assertThat(r.calls()).isEmpty();
            assertThat(r.errorKind()).isNull();
        }
    }

    @Test
    void callHeadTellsWhetherACallCanStillStartHere() {
        assertThat(PyHead.callHead("sea", 0, 3, false)).isEqualTo(Status.NEED_MORE);
        assertThat(PyHead.callHead("sea", 0, 3, true)).isEqualTo(Status.NOT_A_CALL);
        assertThat(PyHead.callHead("search(", 0, 7, false)).isEqualTo(Status.COMPLETE);
        assertThat(PyHead.callHead(" [a.b(", 0, 6, false)).isEqualTo(Status.COMPLETE);
        assertThat(PyHead.callHead("The answer", 0, 10, false)).isEqualTo(Status.NOT_A_CALL);
        assertThat(PyHead.couldBeCall("client.", 0, 7)).isTrue();
        assertThat(PyHead.couldBeCall("client. x", 0, 9)).isFalse();
        assertThat(PyHead.couldBeCall("42", 0, 2)).isFalse();
    }

    @Test
    void callNameAtNamesTheCallAnErrorBelongsTo() {
        assertThat(PyHead.callNameAt("translate(*pair)", 0, 16)).isEqualTo("translate");
        assertThat(PyHead.callNameAt("  [api.v2.ping(), x()]", 0, 22)).isEqualTo("ping");
        assertThat(PyHead.callNameAt("ping", 0, 4)).isNull();
        assertThat(PyHead.callNameAt("[1, 2]", 0, 6)).isNull();
    }

    // ------------------------------------------------------------------ errors

    @Test
    void nonLiteralArgumentsAreErrorsAndNothingIsEvaluated() {
        String[] attempts = {
            "run(cmd=os.environ['CMD'])",
            "run(os.environ)",
            "f(*args)",
            "f(**kwargs)",
            "f(x=g(1))",
            "f(lambda: 1)",
            "f(x=lambda y: y)",
            "f(f\"{secret}\")",
            "f(x=F'{a}')",
            "f([x for x in range(3)])",
            "f(1+2)",
            "f(x=1 + 2)",
            "f(x=-y)",
            "f(__import__('os').system('x'))",
            "f(x='a'.upper())",
            "f(x=[1][0])",
            "f(b'bytes')",
            "f(x=not True)",
            "f(x=a if b else c)",
        };
        for (String s : attempts) {
            PyRead r = read(s);
            assertThat(r.status()).as(s).isEqualTo(Status.ERROR);
            assertThat(r.errorKind()).as(s).isEqualTo(Kind.INVALID_CALL_SYNTAX);
            assertThat(r.calls()).isEmpty();
            assertThat(r.problem()).as(s).isNotBlank();
            assertThat(r.problemOffset()).as(s).isBetween(0, s.length());
        }
    }

    @Test
    void aCallOfAListThatCannotBeReadIsFailedAndItsSiblingsAreKept() {
        PyRead r = read("[a(x=1), b(open('/etc/passwd')), c(y=1e999), d(z=\")\")]");
        assertThat(r.status()).isEqualTo(Status.COMPLETE);
        assertThat(r.calls()).extracting(c -> c.name()).containsExactly("a", "b", "c", "d");
        assertThat(r.calls().get(0).problem()).isNull();
        assertThat(r.calls().get(1).problem()).contains("open");
        assertThat(r.calls().get(2).problem()).contains("infinity");
        assertThat(r.calls().get(3).problem()).isNull();
        assertThat(r.calls().get(3).keywords().get(0).getValue().textValue()).isEqualTo(")");
    }

    @Test
    void errorMessagesSayWhatIsWrong() {
        assertError("f(x=1, x=2)", Kind.INVALID_CALL_SYNTAX, "the keyword argument \"x\" is given twice", 7);
        assertError("f(x=1, 2)", Kind.INVALID_CALL_SYNTAX, "a positional argument follows a keyword argument", 7);
        assertError("f(*a)", Kind.INVALID_CALL_SYNTAX,
                "*args and **kwargs are not allowed: write each argument as name=value", 2);
        assertError("f(x=os.environ)", Kind.INVALID_CALL_SYNTAX, "only literal values are allowed (strings, numbers,"
                + " True, False, None, lists, tuples, dicts), not the name \"os\"", 4);
        assertError("f(x=)", Kind.INVALID_CALL_SYNTAX, "expected a value after x=", 4);
        assertError("f(x=1 y=2)", Kind.INVALID_CALL_SYNTAX, "expected ',' or ')' after a value", 6);
        assertError("[a() b()]", Kind.INVALID_CALL_SYNTAX, "expected ',' or ']' after a call in the list of calls", 5);
        assertError("[a(), 3]", Kind.INVALID_CALL_SYNTAX, "expected a call like name(key=value) in the list of calls",
                6);
    }

    @Test
    void aCallCutOffAtTheEndIsTruncated() {
        for (String s : new String[] {"send_email(to='bob', body='Hi Bob, the", "f(", "f(x=", "f(x=1", "f(x=1,",
                "f(x=[1, 2", "f(x='''abc''", "[a(), b(", "[a()", "[a(),", "f(x=tru", "f(x='\\"}) {
            PyRead r = read(s);
            assertThat(r.status()).as(s).isEqualTo(Status.ERROR);
            assertThat(r.errorKind()).as(s).isEqualTo(Kind.TRUNCATED);
            assertThat(r.problem()).as(s).startsWith("the text ends");
        }
        PyRead r = read("send_email(to='bob', body='Hi Bob, the");
        assertThat(r.problem()).isEqualTo("the text ends inside a string (the call to \"send_email\" is cut off)");
        assertThat(r.problemOffset()).isEqualTo(26);
    }

    @Test
    void anUnfinishedPrefixNeedsMoreWhenTheTextMayGoOn() {
        for (String s : new String[] {"send_email(to='bob', body='Hi Bob, the", "f(", "sea", "client.", "[",
                "[a(x=1)", "f(x=1", "f(x", "f(x =", "f('", "f(''", "", "  "}) {
            assertThat(stream(s).status()).as(s).isEqualTo(Status.NEED_MORE);
        }
        assertThat(stream("f(x=1)").status()).isEqualTo(Status.COMPLETE);
        assertThat(stream("f(x=1) ").status()).isEqualTo(Status.COMPLETE);
    }

    private static void assertError(String s, Kind kind, String problem, int offset) {
        PyRead r = read(s);
        assertThat(r.status()).as(s).isEqualTo(Status.ERROR);
        assertThat(r.errorKind()).as(s).isEqualTo(kind);
        assertThat(r.problem()).as(s).isEqualTo(problem);
        assertThat(r.problemOffset()).as(s).isEqualTo(offset);
    }

    // ------------------------------------------------------------------ limits

    @Test
    void tenMegabytesOfOpenBracketsExceedTheDepthLimitWithoutOverflowingTheStack() {
        String s = "f(" + "[".repeat(10 << 20);
        PyRead r = read(s);
        assertThat(r.status()).isEqualTo(Status.ERROR);
        assertThat(r.errorKind()).isEqualTo(Kind.LIMIT_EXCEEDED);
        assertThat(r.problem()).isEqualTo("nesting is deeper than the limit of maxDepth=512");
    }

    @Test
    void longStringsNumbersAndPayloadsExceedTheirLimits() {
        PyRead s = Pythonic.read("f('abcdef')", 0, 11, true, LIMITS.withMaxStringChars(5));
        assertThat(s.errorKind()).isEqualTo(Kind.LIMIT_EXCEEDED);
        assertThat(s.problem()).isEqualTo("a string is longer than the limit of maxStringChars=5");
        PyRead n = Pythonic.read("f(123456)", 0, 9, true, LIMITS.withMaxNumberDigits(5));
        assertThat(n.errorKind()).isEqualTo(Kind.LIMIT_EXCEEDED);
        assertThat(n.problem()).isEqualTo("a number is longer than the limit of maxNumberDigits=5");
        String big = "f(x='" + "y".repeat(100) + "')";
        PyRead p = Pythonic.read(big, 0, big.length(), true, LIMITS.withMaxPayloadChars(50));
        assertThat(p.errorKind()).isEqualTo(Kind.LIMIT_EXCEEDED);
        assertThat(p.problem()).isEqualTo("the call is longer than the limit of maxPayloadChars=50");
        assertThat(Pythonic.read(big, 0, big.length(), true, LIMITS.withMaxPayloadChars(big.length())).status())
                .isEqualTo(Status.COMPLETE);
        PyRead d = Pythonic.read("f([[1]])", 0, 8, true, LIMITS.withMaxDepth(2));
        assertThat(d.errorKind()).isEqualTo(Kind.LIMIT_EXCEEDED);
        assertThat(Pythonic.read("f([1])", 0, 6, true, LIMITS.withMaxDepth(2)).status()).isEqualTo(Status.COMPLETE);
    }

    // ------------------------------------------------------------------ realistic

    @Test
    void realisticModelOutputsAreRead() {
        String llama4 = "[get_weather(city=\"San Francisco\", metric=True), get_time(timezone='America/Los_Angeles')]";
        assertThat(read(llama4).calls()).extracting(PyCall::name).containsExactly("get_weather", "get_time");

        String olmo = "create_event(title=\"Team sync\", attendees=[\"ana@example.com\", \"bo@example.com\"],"
                + " when={\"date\": \"2025-03-01\", \"hour\": 9.5})";
        PyCall c = single(olmo);
        assertThat(c.keywords()).containsExactly(kw("title", "\"Team sync\""),
                kw("attendees", "[\"ana@example.com\", \"bo@example.com\"]"),
                kw("when", "{\"date\": \"2025-03-01\", \"hour\": 9.5}"));

        String multiLine = "write_file(\n    path=\"notes.md\",\n    content=\"\"\"# Title\n\n- item\n\"\"\",\n)";
        PyCall w = single(multiLine);
        assertThat(w.keywords()).containsExactly(kw("path", "\"notes.md\""), kw("content", "\"# Title\\n\\n- item\\n\""));
        assertThat(w.positional()).isEqualTo(List.of());
    }

    /** A name longer than the payload limit that is not a call head is prose, not a limit error. */
    @Test
    void nameLongerThanThePayloadLimitThatIsNoCallHeadIsProse() {
        String text = "g".repeat(500) + "\ufffd" + "g".repeat(50) + "(x=1)";
        PyRead read = Pythonic.read(text, 0, text.length(), true, FuzzText.SMALL_LIMITS);
        assertThat(read.status()).isEqualTo(PyRead.Status.NOT_A_CALL);
        assertThat(PyHead.callHead(text, 0, text.length(), true)).isEqualTo(PyRead.Status.NOT_A_CALL);

        String call = "g".repeat(500) + "(x=1)";
        PyRead tooLong = Pythonic.read(call, 0, call.length(), true, FuzzText.SMALL_LIMITS);
        assertThat(tooLong.status()).isEqualTo(PyRead.Status.ERROR);
        assertThat(tooLong.errorKind()).isEqualTo(Kind.LIMIT_EXCEEDED);
    }
}
