package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompletionAssemblerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<String> shown = new ArrayList<>();
    private final CompletionAssembler assembler = new CompletionAssembler(shown::add);

    private void add(String chunk) throws Exception {
        assembler.add(JSON.readTree(chunk));
    }

    @Test
    void contentDeltasAreShownAsTheyComeAndJoined() throws Exception {
        add("{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}");
        add("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}");
        add("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo ✓\"},\"finish_reason\":null}]}");
        add("{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
        assertThat(shown).containsExactly("Hel", "lo ✓");
        assertThat(assembler.completion()).isEqualTo(new Completion("Hello ✓", List.of(), "stop"));
    }

    @Test
    void toolCallFragmentsAreGatheredByIndex() throws Exception {
        add("{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
                + "\"function\":{\"name\":\"calculate\",\"arguments\":\"\"}}]}}]}");
        add("{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{'expr\"}}]}}]}");
        add("{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"function\":{\"name\":\"list_notes\","
                + "\"arguments\":\"{}\"}}]}}]}");
        add("{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"ession': '1+1',}\"}}]}}]}");
        add("{\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}");
        assertThat(assembler.completion().toolCalls()).containsExactly(
                new Completion.NativeCall("call_a", "calculate", "{'expression': '1+1',}"),
                new Completion.NativeCall("call_b", "list_notes", "{}"));
        assertThat(assembler.completion().finishReason()).isEqualTo("tool_calls");
    }

    @Test
    void serversThatLeaveOutTheIndexOrSendObjectsAreRead() throws Exception {
        add("{\"choices\":[{\"delta\":{\"tool_calls\":[{\"id\":\"c1\",\"function\":{\"name\":\"read_note\","
                + "\"arguments\":{\"title\":\"x\"}}}]}}]}");
        add("{\"choices\":[{\"delta\":{\"tool_calls\":[{\"id\":\"c2\",\"function\":{\"name\":\"list_notes\",\"arguments\":\"{}\"}}]}}]}");
        assertThat(assembler.completion().toolCalls()).containsExactly(
                new Completion.NativeCall("c1", "read_note", "{\"title\":\"x\"}"),
                new Completion.NativeCall("c2", "list_notes", "{}"));
    }

    @Test
    void aWholeCompletionReadsLikeOneChunk() throws Exception {
        add("{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                + "\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"calculate\","
                + "\"arguments\":\"{\\\"expression\\\": \\\"2+2\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}");
        assertThat(assembler.completion()).isEqualTo(new Completion("",
                List.of(new Completion.NativeCall("call_1", "calculate", "{\"expression\": \"2+2\"}")), "tool_calls"));
    }

    @Test
    void anErrorChunkIsAFailureWithTheServersMessage() {
        assertThatThrownBy(() -> add("{\"error\":{\"message\":\"model 'nope' not found\",\"type\":\"not_found\"}}"))
                .isInstanceOf(ChatFailure.class)
                .hasMessage("the server reported an error: model 'nope' not found");
    }

    @Test
    void usageOnlyChunksAreIgnored() throws Exception {
        add("{\"choices\":[],\"usage\":{\"prompt_tokens\":10}}");
        assertThat(assembler.completion()).isEqualTo(new Completion("", List.of(), null));
        assertThat(assembler.started()).isTrue();
    }
}
