package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.WireFormat;

import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyError;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Pythonic calls in prose: whole lines only, literals only, positional arguments mapped by parameter order. */
class PythonicCallsTest {

    @Test
    void callOnItsOwnLineAmongProse() {
        Extraction x = extract("I'll check the forecast.\r\nget_weather(city=\"Reykjavík\", days=2, metric=True)\r\nThen I'll answer.");
        ToolCall c = onlyCall(x, "get_weather", "{\"city\": \"Reykjavík\", \"days\": 2, \"metric\": true}");
        assertThat(c.format()).isEqualTo(WireFormat.PYTHONIC);
        assertThat(x.text()).isEqualTo("I'll check the forecast.\r\n\r\nThen I'll answer.");
    }

    @Test
    void positionalArgumentsFollowTheParameterOrder() {
        ToolCall c = onlyCall(extract("search('graph databases', 10)"), "search", "{\"query\": \"graph databases\", \"limit\": 10}");
        assertThat(c.repairs()).containsExactly(Repair.POSITIONAL_ARGUMENTS);
    }

    @Test
    void attributeAccessNamesTheLastSegment() {
        onlyCall(extract("    tools.search(query=\"\"\"multi\nline\"\"\")"), "search", "{\"query\": \"multi\\nline\"}");
    }

    @Test
    void tuplesBecomeArraysAndDictsObjects() {
        onlyCall(extract("get_weather(city='x', hours=(1, 2), options={'a': None})"), "get_weather",
                "{\"city\": \"x\", \"hours\": [1, 2], \"options\": {\"a\": null}}");
    }

    @Test
    void aCallInsideASentenceIsNotACall() {
        Extraction x = extract("You could run search(query=\"x\") yourself.\nOr now() is fine.");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void aCallFollowedByWordsOnItsLineIsNotACall() {
        assertThat(extract("now() would tell you the time").calls()).isEmpty();
    }

    @Test
    void unknownNamesAreProseWhenToolsAreKnown() {
        Extraction x = extract("print(\"hello\")\nlen([1, 2])");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void withoutKnownToolsAnyCleanCallIsACallAndBrokenOnesAreProse() {
        ToolCallExtractor any = ToolCallExtractor.builder().build();
        Extraction x = any.extract("lookup(term=\"x\")\nprint(a + b)");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("lookup");
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void nonLiteralsStarArgsAndSurplusPositionalsAreErrors() {
        assertThat(onlyError(extract("search(query=user_input)"), ExtractionError.Kind.INVALID_CALL_SYNTAX).message())
                .contains("literal");
        onlyError(extract("search(**params)"), ExtractionError.Kind.INVALID_CALL_SYNTAX);
        ExtractionError e = onlyError(extract("now(1)"), ExtractionError.Kind.TOO_MANY_POSITIONAL);
        assertThat(e.message()).contains("now()");
    }

    @Test
    void nothingIsEvaluated() {
        Extraction x = extract("search(query=__import__('os').system('rm -rf /'))");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.INVALID_CALL_SYNTAX);
    }

    @Test
    void listOfCallsOnOneLine() {
        Extraction x = extract("[now(), search(query=\"a\")]");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search");
    }

    @Test
    void truncatedPythonicCallIsAnError() {
        onlyError(extract("send_email(to=\"a@b.c\", subject=\"Hi\", body=\"Dear"), ExtractionError.Kind.TRUNCATED);
    }
}
