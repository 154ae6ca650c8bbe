package dev.calltype.openai;

import static dev.calltype.openai.AddRequest.HELLO;
import static dev.calltype.openai.AddRequest.TOOLS;
import static dev.calltype.openai.AddRequest.failure;
import static dev.calltype.openai.LoopbackServer.answer;
import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.streamHeaders;
import static dev.calltype.openai.LoopbackServer.text;
import static dev.calltype.openai.LoopbackServer.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.runtime.Repair;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.ModelReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link OpenAiChatModel} against loopback servers that behave well, oddly, or with hostility. */
class OpenAiChatModelTest {

    static final String KEY = "sk-test-secret-123";

    static OpenAiChatModel.Builder model(LoopbackServer server) {
        return OpenAiChatModel.builder().baseUrl(server.url("/v1")).model("m").apiKey(KEY)
                .timeout(Duration.ofSeconds(2));
    }

    static String call(String id, Integer index, String name, String args) {
        return "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{" + (index == null ? "" : "\"index\":" + index + ",")
                + (id == null ? "" : "\"id\":\"" + id + "\",") + "\"type\":\"function\",\"function\":{"
                + (name == null ? "" : "\"name\":\"" + name + "\",") + "\"arguments\":" + LoopbackServer.quote(args)
                + "}}]}}]}";
    }

    // ------------------------------------------------------------------ the happy path

    @Test
    void streamsTextAndSendsTheKeyTheToolsAndTheModel() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("Hello"), text(", world"),
                finish("stop")))) {
            List<StreamEvent> seen = new ArrayList<>();
            StringBuilder streamed = new StringBuilder();
            ModelReply reply = model(server).listener(seen::add).build().stream(HELLO, TOOLS, streamed::append);
            assertThat(reply.text()).isEqualTo("Hello, world");
            assertThat(streamed).hasToString("Hello, world");
            assertThat(seen).containsExactly(new StreamEvent.TextDelta("Hello"), new StreamEvent.TextDelta(", world"));
            LoopbackServer.Request r = server.requests.get(0);
            assertThat(r.method()).isEqualTo("POST");
            assertThat(r.target()).isEqualTo("/v1/chat/completions");
            assertThat(r.header("Authorization")).isEqualTo("Bearer " + KEY);
            assertThat(r.body()).contains("\"model\":\"m\"", "\"stream\":true", "\"name\":\"add\"", "What is 2 + 3?");
        }
    }

    @Test
    void nativeCallsAreReadLenientlyAndReportedWhenComplete() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                call("c1", 0, "add", "{'a': 2,"), call(null, 0, null, " 'b': 3,}"),
                call("c2", 1, "Add", "{\"a\": 1, \"b\": 1}"), finish("tool_calls")))) {
            List<StreamEvent> seen = new ArrayList<>();
            ModelReply reply = model(server).listener(seen::add).build().reply(HELLO, TOOLS);
            assertThat(reply.toolCalls()).extracting(ToolCall::id).containsExactly("c1", "c2");
            assertThat(reply.toolCalls().get(0).arguments().toString()).isEqualTo("{\"a\":2,\"b\":3}");
            assertThat(reply.toolCalls().get(0).repairs()).contains(Repair.SINGLE_QUOTES, Repair.TRAILING_COMMA);
            assertThat(reply.toolCalls().get(1).name()).isEqualTo("add");
            // each call as it forms, then complete, in the events a ReplyListener gets
            assertThat(seen).filteredOn(e -> e instanceof StreamEvent.CallStarted).hasSize(2);
            assertThat(seen).filteredOn(e -> e instanceof StreamEvent.CallCompleted)
                    .extracting(e -> ((StreamEvent.CallCompleted) e).call()).containsExactlyElementsOf(reply.toolCalls());
            assertThat(seen).last().isInstanceOf(StreamEvent.CallCompleted.class);
        }
    }

    @Test
    void deltasWithoutIndexOrIdAreAssembledByArrivalOrder() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                call(null, null, "add", "{\"a\": 1,"), call(null, null, null, " \"b\": 2}"),
                call(null, null, "add", "{\"a\": 3, \"b\": 4}"), finish("tool_calls")))) {
            ModelReply reply = model(server).build().reply(HELLO, TOOLS);
            assertThat(reply.rejectedCalls()).isEmpty();
            assertThat(reply.toolCalls()).extracting(c -> c.arguments().toString())
                    .containsExactly("{\"a\":1,\"b\":2}", "{\"a\":3,\"b\":4}");
        }
    }

    @Test
    void chunksAreMergedByTheRuntimesOneRule() throws Exception {
        // without an index, the same id and name on every chunk is one call (this client used to split it)
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                call("x", null, "add", "{\"a\":"), call("x", null, "add", " 1, \"b\": 2}"), finish("tool_calls")))) {
            ModelReply reply = model(server).build().reply(HELLO, TOOLS);
            assertThat(reply.toolCalls()).singleElement().satisfies(c -> assertThat(c.arguments().toString())
                    .isEqualTo("{\"a\":1,\"b\":2}"));
        }
        // with an index, a new id on the same index is a new call (this client used to join the two names)
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                call("c1", 0, "add", "{\"a\": 1, \"b\": 2}"), call("c2", 0, "add", "{\"a\": 3, \"b\": 4}"),
                finish("tool_calls")))) {
            ModelReply reply = model(server).build().reply(HELLO, TOOLS);
            assertThat(reply.toolCalls()).extracting(ToolCall::id).containsExactly("c1", "c2");
            assertThat(reply.toolCalls()).extracting(ToolCall::name).containsExactly("add", "add");
        }
    }

    @Test
    void theFinishReasonIsReportedAndTheLoopDecidesWhatRuns() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                call("c1", 0, "add", "{\"a\": 1, \"b\": 2}"), call("c2", 1, "add", "{\"a\": 1, \"b\": 2}"),
                finish("length")))) {
            ModelReply reply = model(server).build().reply(HELLO, TOOLS);
            // the client reports what the model sent; ToolLoop refuses the last call (StreamingLoopTest)
            assertThat(reply.toolCalls()).extracting(ToolCall::id).containsExactly("c1", "c2");
            assertThat(reply.metadata().finishReason()).isEqualTo("length");
        }
    }

    @Test
    void truncatedArgumentsAreRejectedWithACorrectionForTheModel() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out,
                call("c1", 0, "add", "{\"a\": 1, \"b\": "), finish("tool_calls")))) {
            ModelReply reply = model(server).build().reply(HELLO, TOOLS);
            assertThat(reply.toolCalls()).isEmpty();
            assertThat(reply.rejectedCalls().get(0).content()).contains("cut off").doesNotContain("..");
        }
    }

    @Test
    void aStreamThatEndsBeforeTheAnswerIsCompleteIsAFailure() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "data: " + call("c1", 0, "add", "{\"a\": 1, \"b\": 2}") + "\n\n");
        })) {
            assertThat(failure(model(server).build()).kind()).isEqualTo(ChatCompletionsException.Kind.MALFORMED);
        }
    }

    @Test
    void aWholeJsonAnswerIsReadToo() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 200, "application/json",
                "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Five.\"},"
                        + "\"finish_reason\":\"stop\"}]}"))) {
            assertThat(model(server).build().reply(HELLO, TOOLS).text()).isEqualTo("Five.");
        }
    }

    @Test
    void promptModeSendsNoTools() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("ok"), finish("stop")))) {
            model(server).build().reply(HELLO, List.of());
            assertThat(server.requests.get(0).body()).doesNotContain("\"tools\"");
        }
    }

    // ------------------------------------------------------------------ credentials and redirects

    @Test
    void theKeyNeverFollowsARedirectToAnotherOrigin() throws Exception {
        for (int status : new int[] {301, 302, 303, 307, 308}) {
            try (LoopbackServer elsewhere = new LoopbackServer((r, out) -> events(out, text("stolen"), finish("stop")));
                 LoopbackServer server = new LoopbackServer((r, out) -> answer(out, status, "text/plain", "",
                         "Location: " + elsewhere.url("/v1/chat/completions")))) {
                ChatCompletionsException e = failure(model(server).build());
                assertThat(e.kind()).as("HTTP %d", status).isEqualTo(ChatCompletionsException.Kind.REDIRECT_REFUSED);
                assertThat(e.getMessage()).contains("another origin", "127.0.0.1:" + elsewhere.port())
                        .doesNotContain(KEY);
                assertThat(elsewhere.requests).as("HTTP %d", status).isEmpty();
            }
        }
    }

    @Test
    void anotherPortOrSchemeOnTheSameHostIsAnotherOrigin() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 307, "text/plain", "",
                "Location: https://127.0.0.1:" + 1 + "/v1/chat/completions"))) {
            assertThat(failure(model(server).build()).getMessage()).contains("another origin");
        }
    }

    @Test
    void aSameOrigin307IsFollowedAsAPostWithTheKeyAndBounded() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (r.target().startsWith("/v1/")) {
                answer(out, 307, "text/plain", "", "Location: /v2/chat/completions");
            } else {
                events(out, text("moved"), finish("stop"));
            }
        })) {
            assertThat(model(server).build().reply(HELLO, TOOLS).text()).isEqualTo("moved");
            LoopbackServer.Request second = server.requests.get(1);
            assertThat(second.method()).isEqualTo("POST");
            assertThat(second.target()).isEqualTo("/v2/chat/completions");
            assertThat(second.header("Authorization")).isEqualTo("Bearer " + KEY);
            assertThat(second.body()).contains("What is 2 + 3?");
        }
        try (LoopbackServer loop = new LoopbackServer((r, out) -> answer(out, 308, "text/plain", "",
                "Location: /v1/chat/completions"))) {
            assertThat(failure(model(loop).maxRedirects(2).build()).getMessage()).contains("more than 2 times");
            assertThat(loop.requests).hasSize(3);
        }
    }

    @Test
    void aSameOriginRedirectThatWouldTurnThePostIntoAGetIsRefused() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 302, "text/plain", "",
                "Location: /elsewhere"))) {
            ChatCompletionsException e = failure(model(server).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.REDIRECT_REFUSED);
            assertThat(e.getMessage()).contains("GET");
            assertThat(server.requests).hasSize(1);
        }
    }

    @Test
    void credentialsInTheUrlAreSentAsBasicAndNeverShownAndTheQueryStaysAfterThePath() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 500, "text/plain", "boom"))) {
            OpenAiChatModel model = OpenAiChatModel.builder()
                    .baseUrl("http://user:s3cret@127.0.0.1:" + server.port() + "/v1/?key=abc").model("m").build();
            assertThat(model.endpoint()).isEqualTo("http://127.0.0.1:" + server.port() + "/v1/chat/completions");
            ChatCompletionsException e = failure(model);
            assertThat(e.getMessage()).contains("HTTP 500", "boom").doesNotContain("s3cret", "user", "key=abc");
            LoopbackServer.Request r = server.requests.get(0);
            assertThat(r.target()).isEqualTo("/v1/chat/completions?key=abc");
            assertThat(r.header("Authorization")).isEqualTo("Basic dXNlcjpzM2NyZXQ="); // user:s3cret
        }
    }

    @Test
    void noKeyMeansNoAuthorizationAndAFullOrSlashedPathIsUsedAsItIs() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("ok"), finish("stop")))) {
            OpenAiChatModel.builder().baseUrl(server.url("/v1/chat/completions")).model("m").build().reply(HELLO, TOOLS);
            OpenAiChatModel.builder().baseUrl(server.url("/api/v1//")).model("m").apiKey(" ").build().reply(HELLO, TOOLS);
            assertThat(server.requests).extracting(LoopbackServer.Request::target)
                    .containsExactly("/v1/chat/completions", "/api/v1/chat/completions");
            assertThat(server.requests).allSatisfy(r -> assertThat(r.header("Authorization")).isNull());
        }
    }

    // ------------------------------------------------------------------ timeouts

    @Test
    void noHeadersWithinTheResponseTimeoutIsATimeout() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> LoopbackServer.stall())) {
            ChatCompletionsException e = failure(model(server).responseTimeout(Duration.ofMillis(500)).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
            assertThat(e.getMessage()).contains("response timeout");
        }
    }

    @Test
    void headersThenNothingIsAnIdleTimeout() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            LoopbackServer.stall();
        })) {
            ChatCompletionsException e = failure(model(server).idleTimeout(Duration.ofMillis(500)).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
            assertThat(e.getMessage()).contains("idle timeout");
        }
    }

    @Test
    void aStallMidStreamIsAnIdleTimeoutAndNothingOfTheAnswerIsUsed() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "data: " + text("partial") + "\n\n");
            write(out, "data: " + call("c1", 0, "add", "{\"a\": 1, \"b\": 2}") + "\n\n");
            LoopbackServer.stall();
        })) {
            assertThat(failure(model(server).idleTimeout(Duration.ofMillis(500)).build()).kind())
                    .isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
        }
    }

    @Test
    void interruptingTheCallingThreadCancelsAStreamingReplyAtOnce() throws Exception {
        java.util.concurrent.CountDownLatch cancelled = new java.util.concurrent.CountDownLatch(1);
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            try {
                for (int i = 0; i < 600; i++) {
                    write(out, "data: " + text(" " + i) + "\n\n");
                    Thread.sleep(50);
                }
            } catch (java.io.IOException e) {
                cancelled.countDown();  // the client closed the connection
            }
        })) {
            OpenAiChatModel model = model(server).idleTimeout(Duration.ofSeconds(60)).build();
            Thread caller = Thread.currentThread();
            AtomicInteger pieces = new AtomicInteger();
            long t0 = System.nanoTime();
            // what Ctrl-C in the chat does: another thread interrupts the one waiting for the reply
            ChatCompletionsException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                    () -> model.stream(HELLO, TOOLS, piece -> {
                        if (pieces.incrementAndGet() == 3) {
                            new Thread(caller::interrupt).start();
                        }
                    }), ChatCompletionsException.class);
            boolean flag = Thread.interrupted();
            assertThat(e).isNotNull();
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.CANCELLED);
            assertThat(flag).as("the interrupt is kept").isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
            assertThat(cancelled.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("request cancelled").isTrue();
        }
    }

    @Test
    void keepAliveCommentsAreNotProgress() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            for (int i = 0; i < 600; i++) {
                write(out, ": keep-alive\n\n");
                Thread.sleep(100);
            }
        })) {
            assertThat(failure(model(server).idleTimeout(Duration.ofMillis(700)).build()).kind())
                    .isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
        }
    }

    @Test
    void aByteAtATimeNeverMakingAnEventIsAnIdleTimeout() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "data: ");
            for (int i = 0; i < 600; i++) {
                write(out, "x");
                Thread.sleep(100);
            }
        })) {
            assertThat(failure(model(server).idleTimeout(Duration.ofMillis(700)).build()).kind())
                    .isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
        }
    }

    @Test
    void emptyDeltasAreNotProgress() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "data: " + text("Let me think") + "\n\n");
            for (int i = 0; i < 600; i++) {
                write(out, "data: {\"choices\":[{\"index\":0,\"delta\":{}}]}\n\n");
                Thread.sleep(100);
            }
        })) {
            ChatCompletionsException e = failure(model(server).idleTimeout(Duration.ofMillis(700)).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
            assertThat(e.getMessage()).contains("idle timeout");
        }
    }

    @Test
    void aServerThatNeverStopsSendingTextMeetsTheReplyTimeout() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            for (int i = 0; i < 600; i++) {
                write(out, "data: " + text("and ") + "\n\n");
                Thread.sleep(100);
            }
        })) {
            ChatCompletionsException e = failure(model(server).replyTimeout(Duration.ofSeconds(1)).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.TIMEOUT);
            assertThat(e.getMessage()).contains("reply timeout").contains("nothing of it was used");
        }
    }

    // ------------------------------------------------------------------ limits

    @Test
    void endlessTextIsTooLargeNotOutOfMemory() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            String chunk = "data: " + text("all work and no play ".repeat(20)) + "\n\n";
            while (true) {
                write(out, chunk);
            }
        })) {
            ChatCompletionsException e = failure(model(server).maxResponseChars(100_000).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.TOO_LARGE);
            assertThat(e.getMessage()).contains("maxResponseChars");
        }
    }

    @Test
    void endlessArgumentsAreTooLarge() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "data: " + call("c1", 0, "add", "{\"a\": \"") + "\n\n");
            String chunk = "data: " + call(null, 0, null, "9".repeat(500)) + "\n\n";
            while (true) {
                write(out, chunk);
            }
        })) {
            assertThat(failure(model(server).maxResponseChars(100_000).build()).getMessage())
                    .contains("maxResponseChars");
        }
    }

    @Test
    void anEndlessLineIsTooLarge() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "data: {\"choices\": \"");
            byte[] x = "x".repeat(8192).getBytes();
            while (true) {
                out.write(x);
            }
        })) {
            ChatCompletionsException e = failure(model(server).maxEventBytes(64 * 1024).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.TOO_LARGE);
            assertThat(e.getMessage()).contains("maxEventBytes");
        }
    }

    @Test
    void endlessEmptyChunksAreBoundedByTheBodySize() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            byte[] chunk = "data: {\"choices\":[]}\n\n".getBytes();
            while (true) {
                out.write(chunk);
            }
        })) {
            // empty chunks are not progress, so the idle timeout would end this too; a long one lets the body
            // size decide, whatever the machine's speed
            assertThat(failure(model(server).idleTimeout(Duration.ofMinutes(5)).maxResponseBytes(1 << 20).build())
                    .getMessage()).contains("maxResponseBytes");
        }
    }

    @Test
    void aWholeJsonAnswerPastTheBodyLimitIsTooLarge() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 200, "application/json",
                "{\"choices\":[{\"message\":{\"content\":\"" + "x".repeat(300_000) + "\"}}]}"))) {
            assertThat(failure(model(server).maxResponseBytes(100_000).build()).kind())
                    .isEqualTo(ChatCompletionsException.Kind.TOO_LARGE);
        }
    }

    // ------------------------------------------------------------------ retries and errors

    @Test
    void a503IsRetriedAfterItsRetryAfter() throws Exception {
        AtomicInteger seen = new AtomicInteger();
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (seen.getAndIncrement() == 0) {
                answer(out, 503, "application/json", "{\"error\": {\"message\": \"loading\"}}", "Retry-After: 0");
            } else {
                events(out, text("ready"), finish("stop"));
            }
        })) {
            assertThat(model(server).build().reply(HELLO, TOOLS).text()).isEqualTo("ready");
            assertThat(server.requests).hasSize(2);
        }
    }

    @Test
    void retriesAreBoundedAndARetryAfterPastTheLimitIsNotWaitedFor() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 429, "application/json",
                "{\"error\": \"slow down\"}", "Retry-After: 0"))) {
            ChatCompletionsException e = failure(model(server).maxRetries(2).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.HTTP_STATUS);
            assertThat(e.getMessage()).contains("HTTP 429 after 2 retries", "slow down");
            assertThat(server.requests).hasSize(3);
        }
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 503, "text/plain", "later",
                "Retry-After: 3600"))) {
            assertThat(failure(model(server).build()).getMessage()).contains("HTTP 503: later")
                    .contains("not retried: it asked to wait 3600 s, longer than maxRetryWait");
            assertThat(server.requests).hasSize(1);
        }
    }

    @Test
    void serverTextInMessagesIsOneLineWithoutEscapes() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> answer(out, 400, "text/plain",
                "bad\u001b[2J\u001b]0;owned\u0007 request\nsecond line"))) {
            String message = failure(model(server).build()).getMessage();
            assertThat(message).doesNotContain("\u001b", "\u0007", "\n").contains("HTTP 400");
        }
    }

    @Test
    void anErrorEventIsAServerError() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            streamHeaders(out);
            write(out, "event: error\ndata: {\"error\": {\"message\": \"model crashed\"}}\n\n");
        })) {
            ChatCompletionsException e = failure(model(server).build());
            assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.SERVER_ERROR);
            assertThat(e.getMessage()).contains("model crashed");
        }
    }

    @Test
    void aRefusedConnectionIsUnreachable() throws Exception {
        int port;
        try (LoopbackServer server = new LoopbackServer((r, out) -> { })) {
            port = server.port();
        }
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + port + "/v1").model("m").build();
        assertThat(failure(model).kind()).isEqualTo(ChatCompletionsException.Kind.UNREACHABLE);
    }

    @Test
    void theBuilderRejectsUnusableSettings() {
        assertThatThrownBy(() -> OpenAiChatModel.builder().baseUrl("ftp://host/v1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpenAiChatModel.builder().baseUrl("http://h/v1").build())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> OpenAiChatModel.builder().replyTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpenAiChatModel.builder().idleTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
