package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolSpecs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ReplyRepair}: one reply read against the tools its request offered, whole or streamed. */
class ReplyRepairTest {

    private static final ReplyRepair REPAIR = new ReplyRepair(ToolSpecs.fromJson("[{\"type\": \"function\", "
            + "\"function\": {\"name\": \"get_weather\", \"parameters\": {\"type\": \"object\", \"properties\": "
            + "{\"city\": {\"type\": \"string\"}, \"days\": {\"type\": \"integer\"}}, \"required\": [\"city\"]}}}]"));

    @Test
    void aReplyWithoutCallsIsUnchanged() {
        ReplyRepair.Repaired r = REPAIR.repair("It is sunny <b>today</b>.", List.of());
        assertThat(r.changed()).isFalse();
        assertThat(r.text()).isEqualTo("It is sunny <b>today</b>.");
        assertThat(r.calls()).isEmpty();
    }

    @Test
    void aCallInTheTextBecomesANativeCallWithAnIdAndTheTextLosesItsMarkup() {
        ReplyRepair.Repaired r = REPAIR.repair("<think>Oslo.</think>Checking.\n<tool_call>{\"name\": \"get_weather\", "
                + "\"arguments\": {\"city\": \"Oslo\", \"days\": \"2\"}}</tool_call>", List.of());
        assertThat(r.changed()).isTrue();
        assertThat(r.text()).isEqualTo("Checking.\n");
        assertThat(r.reasoning()).isEqualTo("Oslo.");
        assertThat(r.calls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("get_weather");
            assertThat(c.arguments().toString()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");   // coerced by schema
            assertThat(c.id()).startsWith("call_");
        });
    }

    @Test
    void nativeCallsAreRepairedCoercedAndResolvedOrRejected() {
        ReplyRepair.Repaired r = REPAIR.repair(null, List.of(
                new NativeTools.Call("getWeather", "{'city': 'Oslo', 'days': '3',}", "a"),
                new NativeTools.Call("get_forecast", "{}", "b"),
                new NativeTools.Call("get_weather", "{\"city\": \"Os", null)));
        assertThat(r.calls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("get_weather");
            assertThat(c.arguments().toString()).isEqualTo("{\"city\":\"Oslo\",\"days\":3}");
            assertThat(c.id()).isEqualTo("a");
        });
        assertThat(r.rejected()).hasSize(2);
        assertThat(r.rejected().get(0).message()).contains("get_forecast").contains("get_weather");
        assertThat(r.rejected().get(1).call().id()).startsWith("call_");
        assertThat(r.rejected().get(1).message()).contains("cut off");
        assertThat(r.needsCorrection()).isTrue();
    }

    @Test
    void wellFormedNativeCallsAreUnchanged() {
        ReplyRepair.Repaired r = REPAIR.repair("", List.of(new NativeTools.Call("get_weather", "{\"city\":\"Oslo\"}", "a")));
        assertThat(r.changed()).isFalse();
    }

    @Test
    void streamedTheReplyIsTheSameAndTheMarkupNeverReachesTheText() {
        String text = "Checking.\n[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Oslo\", \"days\": 2}";
        ReplyRepair.Streaming s = REPAIR.streaming();
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i <= text.length(); i += 2) {
            List<StreamEvent> events = i < text.length() ? s.feed(text.substring(i, Math.min(text.length(), i + 2)))
                    : s.finish();
            for (StreamEvent e : events) {
                if (e instanceof StreamEvent.TextDelta t) {
                    shown.append(t.text());
                }
            }
        }
        ReplyRepair.Repaired streamed = s.result(List.of());
        ReplyRepair.Repaired whole = REPAIR.repair(text, List.of());
        assertThat(shown.toString()).isEqualTo("Checking.\n").isEqualTo(whole.text()).isEqualTo(streamed.text());
        assertThat(streamed.calls()).extracting(c -> c.arguments().toString())
                .containsExactlyElementsOf(whole.calls().stream().map(c -> c.arguments().toString()).toList());
    }

    @Test
    void aReplyWithMoreCallsThanTheLimitRunsNoneAndAsksForFewer() {
        ReplyRepair repair = new ReplyRepair(List.of(new dev.calltype.runtime.ToolSpec("f", "f",
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("type", "object"),
                List.of())));
        List<NativeTools.Call> calls = new java.util.ArrayList<>();
        for (int i = 0; i <= ToolLoop.DEFAULT_MAX_CALLS_PER_REPLY; i++) {
            calls.add(new NativeTools.Call("f", "{}", "c" + i));
        }

        ReplyRepair.Repaired r = repair.repair("", calls);

        assertThat(r.calls()).isEmpty();
        assertThat(r.needsCorrection()).isTrue();
        assertThat(r.correction()).contains("made 101 tool calls").contains("at most 100");
        assertThat(repair.repair("", calls.subList(0, 100)).calls()).hasSize(100);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {
        "Example:\n```\n<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>\n```",
        "You would write `<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>`.",
        "> <tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>\n",
        "> get_weather(city=\"Oslo\")",
        "Write ```get_weather(city='Oslo')``` inline",
        "```python\nget_weather(city='Oslo')\n```",
        "Use `{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}` like that"})
    void quotedCallsAreReadAsTheExtractorReadsThem(String text) {
        // the decorators read text through the toolkit's extractor, so a quoted call is a call for them exactly when
        // it is one for the extractor (and so for ToolLoop's prompt mode)
        dev.calltype.runtime.Extraction x = dev.calltype.runtime.ToolCallExtractor.builder().tools(REPAIR.tools())
                .build().extract(text);
        ReplyRepair.Repaired whole = REPAIR.repair(text, List.of());
        ReplyRepair.Streaming streamed = REPAIR.streaming();
        for (int i = 0; i < text.length(); i++) {
            streamed.feed(text.substring(i, i + 1));
        }
        ReplyRepair.Repaired oneByOne = streamed.result(List.of());

        List<String> expected = x.calls().stream().map(c -> c.name() + c.arguments()).toList();
        assertThat(whole.calls().stream().map(c -> c.name() + c.arguments()).toList()).isEqualTo(expected);
        assertThat(oneByOne.calls().stream().map(c -> c.name() + c.arguments()).toList()).isEqualTo(expected);
        assertThat(whole.text()).isEqualTo(x.text());
    }
}
