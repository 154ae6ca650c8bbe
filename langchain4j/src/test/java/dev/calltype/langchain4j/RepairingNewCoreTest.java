package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatModelStreamingEvent;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The request paths of langchain4j-core 1.20 and later, which its non-blocking AI services call: {@code chatAsync} /
 * {@code doChatAsync} on the repairing {@code ChatModel} and the {@code Flow.Publisher} stream of the repairing
 * {@code StreamingChatModel}, repaired as the blocking and handler paths are, the ending included. Named so that the
 * run on langchain4j-core 1.19, which has neither, leaves out every {@code *NewCoreTest} (see the module's pom).
 */
class RepairingNewCoreTest {

    private static final String ARGS = "{\"city\": \"Oslo\", \"days\": 2}";
    private static final String ANSWER = "Sunny all weekend in Oslo.";

    private static final ToolSpecification WEATHER = ToolSpecification.builder()
            .name("get_weather")
            .description("Weather for a city")
            .parameters(JsonObjectSchema.builder()
                    .addStringProperty("city", "the city")
                    .addIntegerProperty("days", "how many days")
                    .required("city", "days")
                    .build())
            .build();

    private static ChatRequest request() {
        return ChatRequest.builder().messages(UserMessage.from("Weather in Oslo for two days?"))
                .toolSpecifications(WEATHER).build();
    }

    private static ChatResponse reply(AiMessage message, FinishReason finish) {
        return ChatResponse.builder().aiMessage(message).finishReason(finish).build();
    }

    // ---- chatAsync / doChatAsync

    /** A chat model that answers from a script without blocking, on another thread; keeps every request. */
    static final class AsyncModel implements ChatModel {
        final Deque<ChatResponse> script;
        final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
        final List<CompletableFuture<ChatResponse>> sent = new CopyOnWriteArrayList<>();
        boolean never;

        AsyncModel(ChatResponse... replies) {
            script = new ArrayDeque<>(List.of(replies));
        }

        @Override
        public CompletableFuture<ChatResponse> doChatAsync(ChatRequest request) {
            requests.add(request);
            CompletableFuture<ChatResponse> f = never ? new CompletableFuture<>()
                    : CompletableFuture.supplyAsync(() -> {
                        ChatResponse next = script.poll();
                        if (next == null) {
                            throw new IllegalStateException("no reply left");
                        }
                        return next;
                    });
            sent.add(f);
            return f;
        }
    }

    @Test
    void chatAsyncRepairsACallWrittenAsText() throws Exception {
        AsyncModel model = new AsyncModel(reply(AiMessage.from(
                "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": " + ARGS + "}\n</tool_call>"),
                FinishReason.STOP));

        ChatResponse response = LangChain4jTools.repairing(model).chatAsync(request()).get(10, TimeUnit.SECONDS);

        assertThat(response.aiMessage().text()).isEqualTo("Let me check.\n");
        assertThat(response.aiMessage().toolExecutionRequests()).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("get_weather");
            assertThat(r.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
    }

    @Test
    void doChatAsyncRepairsAndAsksAgainForArgumentsCutOff() throws Exception {
        AsyncModel model = new AsyncModel(
                reply(AiMessage.from(ToolExecutionRequest.builder().id("c1").name("get_weather")
                        .arguments("{\"city\": \"Os").build()), FinishReason.TOOL_EXECUTION),
                reply(AiMessage.from(ToolExecutionRequest.builder().id("c2").name("getWeather")
                        .arguments("{'city': 'Oslo', 'days': '2'}").build()), FinishReason.TOOL_EXECUTION));

        ChatResponse response = LangChain4jTools.repairing(model).doChatAsync(request()).get(10, TimeUnit.SECONDS);

        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(1).messages().toString()).contains("cut off");
        assertThat(response.aiMessage().toolExecutionRequests()).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("get_weather");
            assertThat(r.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.calltype.langchain4j.CutOffTest#calls")
    void chatAsyncNeverHandsOutTheLastCallOfAReplyCutAtTheTokenLimit(String shape, AiMessage cut) throws Exception {
        AsyncModel model = new AsyncModel(reply(cut, FinishReason.LENGTH),
                reply(AiMessage.from(ANSWER), FinishReason.STOP));

        ChatResponse response = LangChain4jTools.repairing(model).chatAsync(request()).get(10, TimeUnit.SECONDS);

        assertThat(response.aiMessage().hasToolExecutionRequests()).isFalse();
        assertThat(response.aiMessage().text()).isEqualTo(ANSWER);
        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(1).messages().toString()).contains("cut off").contains("not run");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.calltype.langchain4j.CutOffTest#calls")
    void chatAsyncHandsOutTheCallOfAReplyThatStopped(String shape, AiMessage call) throws Exception {
        AsyncModel model = new AsyncModel(reply(call, FinishReason.STOP));

        ChatResponse response = LangChain4jTools.repairing(model).chatAsync(request()).get(10, TimeUnit.SECONDS);

        assertThat(model.requests).hasSize(1);
        assertThat(response.aiMessage().toolExecutionRequests()).singleElement()
                .satisfies(r -> assertThat(r.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}"));
    }

    @Test
    void cancellingTheRepairedFutureCancelsTheModelsRequest() {
        AsyncModel model = new AsyncModel();
        model.never = true;

        CompletableFuture<ChatResponse> response = LangChain4jTools.repairing(model).chatAsync(request());
        response.cancel(true);

        assertThat(model.sent).singleElement().satisfies(f -> assertThat(f.isCancelled()).isTrue());
    }

    // ---- the Flow.Publisher stream

    /** One streamed reply: its events as the provider sends them, ending in its CompleteResponse. */
    static List<ChatModelStreamingEvent> streamed(AiMessage message, FinishReason finish) {
        List<ChatModelStreamingEvent> events = new ArrayList<>();
        if (message.text() != null) {
            String text = message.text();
            for (int i = 0; i < text.length(); i += 3) {
                events.add(new PartialResponse(text.substring(i, Math.min(text.length(), i + 3))));
            }
        }
        if (message.hasToolExecutionRequests()) {
            ToolExecutionRequest r = message.toolExecutionRequests().get(0);
            String args = r.arguments();
            int half = args.length() / 2;
            events.add(PartialToolCall.builder().index(0).id(r.id()).name(r.name())
                    .partialArguments(args.substring(0, half)).build());
            events.add(PartialToolCall.builder().index(0).id(r.id()).name(r.name())
                    .partialArguments(args.substring(half)).build());
            events.add(new CompleteToolCall(0, r));
        }
        events.add(new CompleteResponse(reply(message, finish)));
        return events;
    }

    /** A streaming model that has only the Publisher path, answering from a script; honours demand. */
    static final class PublishingModel implements StreamingChatModel {
        final Deque<List<ChatModelStreamingEvent>> script;
        final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
        volatile int cancelled;

        @SafeVarargs
        PublishingModel(List<ChatModelStreamingEvent>... replies) {
            script = new ArrayDeque<>(List.of(replies));
        }

        @Override
        public Flow.Publisher<ChatModelStreamingEvent> doChat(ChatRequest request) {
            requests.add(request);
            List<ChatModelStreamingEvent> events = script.poll();
            return subscriber -> subscriber.onSubscribe(new Flow.Subscription() {
                private int next;
                private long demand;
                private boolean emitting;
                private boolean over;

                @Override
                public void request(long n) {
                    demand += n;
                    if (emitting) {
                        return;                             // the loop below goes on with the new demand
                    }
                    emitting = true;
                    while (!over && demand > 0 && events != null && next < events.size()) {
                        demand--;
                        subscriber.onNext(events.get(next++));
                    }
                    emitting = false;
                    if (!over && (events == null || next == events.size())) {
                        over = true;
                        if (events == null) {
                            subscriber.onError(new IllegalStateException("no reply left"));
                        } else {
                            subscriber.onComplete();
                        }
                    }
                }

                @Override
                public void cancel() {
                    over = true;
                    cancelled++;
                }
            });
        }
    }

    /** A subscriber asking for one event at a time, as a careful one does; it may cancel after the first. */
    static final class Collector implements Flow.Subscriber<ChatModelStreamingEvent> {
        final List<ChatModelStreamingEvent> got = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final boolean cancelAfterFirst;
        private Flow.Subscription subscription;

        Collector(boolean cancelAfterFirst) {
            this.cancelAfterFirst = cancelAfterFirst;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(ChatModelStreamingEvent item) {
            got.add(item);
            if (cancelAfterFirst) {
                subscription.cancel();
            }
            subscription.request(1);                        // after a cancel: ignored
        }

        @Override
        public void onError(Throwable throwable) {
            done.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            done.complete(null);
        }
    }

    /** Every event of the stream, asked for one at a time. */
    static List<ChatModelStreamingEvent> collect(Flow.Publisher<ChatModelStreamingEvent> publisher) throws Exception {
        Collector c = new Collector(false);
        publisher.subscribe(c);
        c.done.get(10, TimeUnit.SECONDS);
        return c.got;
    }

    private static String text(List<ChatModelStreamingEvent> events) {
        StringBuilder out = new StringBuilder();
        events.stream().filter(e -> e instanceof PartialResponse).forEach(e -> out.append(((PartialResponse) e).text()));
        return out.toString();
    }

    private static <T> List<T> of(List<ChatModelStreamingEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Test
    void thePublisherStreamsTextWithoutMarkupThinkingApartAndTheRepairedCall() throws Exception {
        PublishingModel model = new PublishingModel(streamed(AiMessage.from("<think>Oslo, two days.</think>"
                + "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {'city': 'Oslo', 'days': '2'}}"
                + "\n</tool_call>"), FinishReason.STOP));

        List<ChatModelStreamingEvent> events = collect(LangChain4jTools.repairing(model).chat(request()));

        assertThat(text(events)).isEqualTo("Let me check.\n");
        assertThat(String.join("", of(events, PartialThinking.class).stream().map(PartialThinking::text).toList()))
                .isEqualTo("Oslo, two days.");
        assertThat(of(events, CompleteToolCall.class)).singleElement().satisfies(c -> {
            assertThat(c.toolExecutionRequest().name()).isEqualTo("get_weather");
            assertThat(c.toolExecutionRequest().arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
        assertThat(events.get(events.size() - 1)).isInstanceOfSatisfying(CompleteResponse.class, c -> {
            assertThat(c.chatResponse().aiMessage().text()).isEqualTo("Let me check.\n");
            assertThat(c.chatResponse().aiMessage().toolExecutionRequests()).hasSize(1);
        });
    }

    @Test
    void thePublisherMergesNativeChunksAndAsksAgainForACallThatCannotRun() throws Exception {
        PublishingModel model = new PublishingModel(
                streamed(AiMessage.from(ToolExecutionRequest.builder().id("c1").name("get_forecast")
                        .arguments(ARGS).build()), FinishReason.TOOL_EXECUTION),
                streamed(AiMessage.from(ToolExecutionRequest.builder().id("c2").name("get_weather")
                        .arguments(ARGS).build()), FinishReason.TOOL_EXECUTION));

        List<ChatModelStreamingEvent> events = collect(LangChain4jTools.repairing(model).doChat(request()));

        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(1).messages().toString()).contains("get_forecast");
        assertThat(of(events, CompleteToolCall.class)).singleElement()
                .satisfies(c -> assertThat(c.toolExecutionRequest().id()).isEqualTo("c2"));
        assertThat(of(events, CompleteResponse.class)).singleElement();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.calltype.langchain4j.CutOffTest#calls")
    void thePublisherNeverHandsOutTheLastCallOfAReplyCutAtTheTokenLimit(String shape, AiMessage cut)
            throws Exception {
        PublishingModel model = new PublishingModel(streamed(cut, FinishReason.LENGTH),
                streamed(AiMessage.from(ANSWER), FinishReason.STOP));

        List<ChatModelStreamingEvent> events = collect(LangChain4jTools.repairing(model).chat(request()));

        assertThat(of(events, CompleteToolCall.class)).isEmpty();
        assertThat(of(events, CompleteResponse.class)).singleElement().satisfies(c -> {
            assertThat(c.chatResponse().aiMessage().hasToolExecutionRequests()).isFalse();
            assertThat(c.chatResponse().aiMessage().text()).isEqualTo(ANSWER);
        });
        assertThat(text(events)).isEqualTo(ANSWER);
        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(1).messages().toString()).contains("cut off").contains("not run");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.calltype.langchain4j.CutOffTest#calls")
    void thePublisherHandsOutTheCallOfAReplyThatStopped(String shape, AiMessage call) throws Exception {
        PublishingModel model = new PublishingModel(streamed(call, FinishReason.STOP));

        List<ChatModelStreamingEvent> events = collect(LangChain4jTools.repairing(model).chat(request()));

        assertThat(model.requests).hasSize(1);
        assertThat(text(events)).isEmpty();
        assertThat(of(events, CompleteToolCall.class)).singleElement().satisfies(c ->
                assertThat(c.toolExecutionRequest().arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}"));
    }

    @Test
    void aModelThatStreamsFromAnotherThreadIsRepairedTheSame() throws Exception {
        List<List<ChatModelStreamingEvent>> replies = new ArrayList<>(List.of(
                streamed(AiMessage.from("[TOOL_CALLS][{\"name\": \"get_weather\", \"arguments\": " + ARGS + "}]"),
                        FinishReason.LENGTH),
                streamed(AiMessage.from("Let me check.\n<tool_call>{\"name\": \"get_weather\", \"arguments\": "
                        + ARGS + "}</tool_call>"), FinishReason.STOP)));
        List<ChatRequest> requests = new CopyOnWriteArrayList<>();
        StreamingChatModel model = new StreamingChatModel() {
            @Override
            public Flow.Publisher<ChatModelStreamingEvent> doChat(ChatRequest request) {
                requests.add(request);
                List<ChatModelStreamingEvent> events = replies.remove(0);
                // the JDK's publisher: events handed out on a pool thread, as its subscriber asks for them
                return subscriber -> {
                    SubmissionPublisher<ChatModelStreamingEvent> out = new SubmissionPublisher<>();
                    out.subscribe(subscriber);
                    CompletableFuture.runAsync(() -> {
                        events.forEach(out::submit);
                        out.close();
                    });
                };
            }
        };

        List<ChatModelStreamingEvent> events = collect(LangChain4jTools.repairing(model).chat(request()));

        assertThat(requests).hasSize(2);
        assertThat(text(events)).isEqualTo("Let me check.\n");
        assertThat(of(events, CompleteToolCall.class)).singleElement()
                .satisfies(c -> assertThat(c.toolExecutionRequest().arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}"));
        assertThat(events.get(events.size() - 1)).isInstanceOf(CompleteResponse.class);
    }

    @Test
    void aSubscriberThatCancelsGetsNothingMoreAndTheModelIsNotAskedAgain() {
        PublishingModel model = new PublishingModel(
                streamed(AiMessage.from("Checking.\n<tool_call>{\"name\": \"get_forecast\", \"arguments\": " + ARGS
                        + "}</tool_call>"), FinishReason.STOP),
                streamed(AiMessage.from(ANSWER), FinishReason.STOP));
        Collector c = new Collector(true);

        LangChain4jTools.repairing(model).chat(request()).subscribe(c);

        assertThat(c.got).singleElement().isInstanceOf(PartialResponse.class);
        assertThat(c.done).as("neither completed nor failed").isNotDone();
        assertThat(model.cancelled).as("the model's stream was cancelled").isEqualTo(1);
        assertThat(model.requests).hasSize(1);
    }

    @Test
    void aRequestWithoutToolsStreamsAsTheModelSendsIt() throws Exception {
        PublishingModel model = new PublishingModel(streamed(AiMessage.from("<tool_call>not repaired"),
                FinishReason.STOP));

        List<ChatModelStreamingEvent> events = collect(LangChain4jTools.repairing(model)
                .chat(ChatRequest.builder().messages(UserMessage.from("Hi")).build()));

        assertThat(text(events)).isEqualTo("<tool_call>not repaired");
    }
}
