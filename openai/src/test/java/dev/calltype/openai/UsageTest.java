package dev.calltype.openai;

import static dev.calltype.openai.AddRequest.HELLO;
import static dev.calltype.openai.AddRequest.TOOLS;
import static dev.calltype.openai.LoopbackServer.answer;
import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.TokenUsage;
import org.junit.jupiter.api.Test;

/** Token usage, the model's name, the finish reason and timings: asked for, read, and kept on the reply. */
class UsageTest {

    /** The last chunk OpenAI sends when {@code stream_options.include_usage} is set: no choices, the usage. */
    static String usage(long prompt, long completion) {
        return "{\"id\":\"x\",\"model\":\"m-2024\",\"choices\":[],\"usage\":{\"prompt_tokens\":" + prompt
                + ",\"completion_tokens\":" + completion + ",\"total_tokens\":" + (prompt + completion) + "}}";
    }

    @Test
    void asksForUsageAndKeepsItWithTheModelFinishReasonAndTimings() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("Hi"), finish("stop"),
                usage(12, 3)))) {
            ModelReply reply = OpenAiChatModelTest.model(server).build().reply(HELLO, TOOLS);
            assertThat(server.requests.get(0).body()).contains("\"stream_options\":{\"include_usage\":true}");
            ReplyMetadata m = reply.metadata();
            assertThat(m.usage()).isEqualTo(new TokenUsage(12, 3));
            assertThat(m.model()).isEqualTo("m-2024");
            assertThat(m.finishReason()).isEqualTo("stop");
            assertThat(m.timeToFirstToken()).isNotNull();
            assertThat(m.duration()).isGreaterThanOrEqualTo(m.timeToFirstToken());
        }
    }

    @Test
    void aWholeJsonAnswerCarriesItsUsageToo() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 200, "application/json",
                "{\"model\":\"m\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},"
                        + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}"))) {
            ModelReply reply = OpenAiChatModelTest.model(server).build().reply(HELLO, TOOLS);
            assertThat(reply.metadata().usage()).isEqualTo(new TokenUsage(5, 1));
        }
    }

    @Test
    void aServerThatRefusesStreamOptionsIsAskedAgainWithoutThemAndNeverAgainWith() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (r.body().contains("stream_options")) {
                answer(out, 400, "application/json",
                        "{\"error\":{\"message\":\"Unrecognized request argument supplied: stream_options\"}}");
            } else {
                events(out, text("Hi"), finish("stop"));
            }
        })) {
            OpenAiChatModel model = OpenAiChatModelTest.model(server).build();
            assertThat(model.reply(HELLO, TOOLS).text()).isEqualTo("Hi");
            assertThat(model.reply(HELLO, TOOLS).metadata().usage()).isNull();
            assertThat(server.requests).hasSize(3);
            assertThat(server.requests.get(2).body()).doesNotContain("stream_options");
        }
    }

    @Test
    void usageCanBeLeftOut() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("Hi"), finish("stop")))) {
            OpenAiChatModelTest.model(server).includeUsage(false).build().reply(HELLO, TOOLS);
            assertThat(server.requests.get(0).body()).doesNotContain("stream_options");
        }
    }
}
