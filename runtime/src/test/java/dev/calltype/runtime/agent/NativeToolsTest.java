package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link NativeTools}: the offered tools as a client's definitions, and the client's native calls read into a reply. */
class NativeToolsTest {

    private static final List<ToolSpec> TOOLS = ToolSpecs.fromJson("""
            [
              {"type": "function", "function": {"name": "get_weather", "description": "Weather for a city",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}},
              {"type": "function", "function": {"name": "send_email", "description": "Send an email",
                "parameters": {"type": "object", "properties": {"to": {"type": "string"}, "body": {"type": "string"}}}}}
            ]
            """);

    private final List<String> converted = new ArrayList<>();
    private final NativeTools<String> offered = new NativeTools<>(tool -> {
        converted.add(tool.name());
        return "def:" + tool.name();
    });

    @Test
    void definitionsAreMadeOnceWhileTheSameToolsAreOffered() {
        NativeTools.Offer<String> first = offered.offer(TOOLS);
        NativeTools.Offer<String> again = offered.offer(new ArrayList<>(TOOLS));

        assertThat(first.definitions()).containsExactly("def:get_weather", "def:send_email");
        assertThat(again).isSameAs(first);
        assertThat(converted).containsExactly("get_weather", "send_email");
    }

    @Test
    void anotherListOfToolsGetsNewDefinitionsAndAnExtractorForThem() {
        NativeTools.Offer<String> both = offered.offer(TOOLS);
        NativeTools.Offer<String> one = offered.offer(TOOLS.subList(0, 1));

        assertThat(one).isNotSameAs(both);
        assertThat(one.definitions()).containsExactly("def:get_weather");
        assertThat(one.extractor().tools()).extracting(ToolSpec::name).containsExactly("get_weather");
        assertThat(offered.offer(TOOLS)).isNotSameAs(both).extracting(NativeTools.Offer::definitions)
                .isEqualTo(both.definitions());
    }

    @Test
    void nativeCallsAreReadLenientlyAndTheirRepairsKept() {
        ModelReply reply = offered.offer(TOOLS).reply("Checking.", List.of(
                new NativeTools.Call("getWeather", "{'city': 'Oslo',}", "call_1"),
                new NativeTools.Call("send_email", null, "call_2")));

        assertThat(reply.text()).isEqualTo("Checking.");
        assertThat(reply.rejectedCalls()).isEmpty();
        ToolCall weather = reply.toolCalls().get(0);
        assertThat(weather.name()).isEqualTo("get_weather");
        assertThat(weather.id()).isEqualTo("call_1");
        assertThat(weather.arguments().get("city").textValue()).isEqualTo("Oslo");
        assertThat(weather.repairs()).contains(Repair.NAME_NORMALIZED, Repair.SINGLE_QUOTES, Repair.TRAILING_COMMA);
        assertThat(reply.toolCalls().get(1).arguments().isEmpty()).isTrue();
    }

    @Test
    void callsThatCannotBeReadSafelyAreRejectedWithAMessageForTheModel() {
        ModelReply reply = offered.offer(TOOLS).reply(null, Arrays.asList(
                new NativeTools.Call("send_email", "{\"to\": \"a@b.c\", \"body\": \"Meet at", "call_1"),
                new NativeTools.Call("delete_everything", "{}", "call_2"),
                new NativeTools.Call("get_weather", "{\"city\": \"Oslo\"}", "call_3")));

        assertThat(reply.text()).isEmpty();
        assertThat(reply.toolCalls()).extracting(ToolCall::id).containsExactly("call_3");
        assertThat(reply.rejectedCalls()).extracting(ToolResult::callId).containsExactly("call_1", "call_2");
        assertThat(reply.rejectedCalls().get(0).content()).contains("send_email", "one complete JSON object");
        assertThat(reply.rejectedCalls().get(1).content()).contains("delete_everything", "get_weather", "send_email");
    }

    @Test
    void withNoToolsOfferedAnyToolNameIsRead() {
        ModelReply reply = offered.offer(List.of()).reply("", List.of(new NativeTools.Call("anything", "{}", null)));

        assertThat(reply.toolCalls()).extracting(ToolCall::name).containsExactly("anything");
        assertThat(converted).isEmpty();
    }
}
