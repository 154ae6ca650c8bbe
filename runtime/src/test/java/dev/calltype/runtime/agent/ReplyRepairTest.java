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
}
