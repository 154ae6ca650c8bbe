package dev.calltype.langchain4j;

import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.agent.ReplyRepair;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatModelStreamingEvent;
import dev.langchain4j.model.chat.response.CompleteResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialToolCall;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code Flow.Publisher} stream of {@link RepairingStreamingChatModel} (langchain4j-core 1.20 and later): each
 * subscriber gets the model's events read as the handler's stream is read ({@link StreamedReply}): text without call
 * markup, reasoning as {@link PartialThinking}, tool-call chunks and the provider's complete calls held back, then the
 * repaired calls as {@link CompleteToolCall}s and the repaired {@link CompleteResponse}. A reply whose calls cannot run
 * is answered and the model asked again within the same subscription. Other events pass as they came.
 *
 * <p>Only this class names the event types, which older cores do not have; it is loaded when the publisher is asked
 * for. The model's events are requested without bound (a reply is finite, and its calls are known only at its end);
 * the subscriber's demand is honoured from a queue.
 */
final class RepairingPublisher implements Flow.Publisher<ChatModelStreamingEvent> {

    private final StreamingChatModel model;
    private final ReplyRepair repair;
    private final ChatRequest request;

    RepairingPublisher(StreamingChatModel model, ReplyRepair repair, ChatRequest request) {
        this.model = model;
        this.repair = repair;
        this.request = request;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ChatModelStreamingEvent> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        Subscription run = new Subscription(subscriber);
        subscriber.onSubscribe(run);
        run.send(new StreamedReply(repair, request, 0));
    }

    /** One subscriber's stream, over one or more rounds with the model. */
    private final class Subscription implements Flow.Subscription {
        private final Flow.Subscriber<? super ChatModelStreamingEvent> downstream;
        private final Queue<ChatModelStreamingEvent> queue = new ConcurrentLinkedQueue<>();
        private final AtomicLong requested = new AtomicLong();
        private final AtomicInteger wip = new AtomicInteger();
        private final AtomicReference<Flow.Subscription> upstream = new AtomicReference<>();
        private volatile boolean done;
        private volatile boolean cancelled;
        private volatile Throwable error;

        Subscription(Flow.Subscriber<? super ChatModelStreamingEvent> downstream) {
            this.downstream = downstream;
        }

        /** Subscribes to the model for one round. */
        void send(StreamedReply reply) {
            if (cancelled) {
                return;
            }
            Flow.Publisher<ChatModelStreamingEvent> events;
            try {
                events = model.chat(reply.request());
            } catch (RuntimeException e) {
                fail(e);
                return;
            }
            events.subscribe(new Round(this, reply));
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                cancelUpstream();
                queue.clear();
                fail(new IllegalArgumentException("Reactive Streams rule 3.9: request must be positive, was " + n));
                return;
            }
            requested.getAndUpdate(r -> r + n < 0 ? Long.MAX_VALUE : r + n);
            drain();
        }

        @Override
        public void cancel() {
            cancelled = true;
            cancelUpstream();
            drain();
        }

        private void cancelUpstream() {
            Flow.Subscription s = upstream.getAndSet(null);
            if (s != null) {
                s.cancel();
            }
        }

        void emit(ChatModelStreamingEvent event) {
            queue.offer(event);
            drain();
        }

        void emit(List<StreamEvent> events) {
            for (StreamEvent e : events) {
                if (e instanceof StreamEvent.TextDelta t && !t.text().isEmpty()) {
                    queue.offer(new PartialResponse(t.text()));
                } else if (e instanceof StreamEvent.ReasoningDelta r && !r.text().isEmpty()) {
                    queue.offer(new PartialThinking(r.text()));
                }
            }
            drain();
        }

        void complete() {
            done = true;
            drain();
        }

        void fail(Throwable t) {
            error = t;
            done = true;
            drain();
        }

        /** Hands queued events to the subscriber as far as its demand goes, from one thread at a time. */
        private void drain() {
            if (wip.getAndIncrement() != 0) {
                return;
            }
            int missed = 1;
            do {
                long wanted = requested.get();
                long sent = 0;
                while (true) {
                    if (cancelled) {
                        queue.clear();
                        return;
                    }
                    boolean finished = done;
                    if (finished && queue.isEmpty()) {
                        Throwable t = error;
                        if (t != null) {
                            downstream.onError(t);
                        } else {
                            downstream.onComplete();
                        }
                        return;
                    }
                    if (sent == wanted) {
                        break;
                    }
                    ChatModelStreamingEvent next = queue.poll();
                    if (next == null) {
                        break;
                    }
                    downstream.onNext(next);
                    sent++;
                }
                if (sent != 0 && wanted != Long.MAX_VALUE) {
                    requested.addAndGet(-sent);
                }
                missed = wip.addAndGet(-missed);
            } while (missed != 0);
        }
    }

    /** The model's events for one round, read into the subscriber's stream. */
    private final class Round implements Flow.Subscriber<ChatModelStreamingEvent> {
        private final Subscription run;
        private final StreamedReply reply;
        private StreamedReply next;

        Round(Subscription run, StreamedReply reply) {
            this.run = run;
            this.reply = reply;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            if (run.cancelled) {
                subscription.cancel();
                return;
            }
            run.upstream.set(subscription);
            if (run.cancelled) {
                run.cancelUpstream();                       // cancelled while this round was being subscribed
                return;
            }
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ChatModelStreamingEvent event) {
            try {
                read(event);
            } catch (RuntimeException e) {
                run.cancelUpstream();
                run.fail(e);
            }
        }

        private void read(ChatModelStreamingEvent event) {
            if (event instanceof PartialResponse p) {
                run.emit(reply.text(p.text()));
            } else if (event instanceof PartialToolCall c) {
                reply.chunk(c);
            } else if (event instanceof CompleteToolCall) {
                // held back: the calls go out repaired, with the complete reply
                return;
            } else if (event instanceof CompleteResponse c) {
                StreamedReply.End end = reply.complete(c.chatResponse());
                run.emit(end.tail());
                if (end.again() != null) {
                    next = new StreamedReply(repair, end.again(), reply.corrections() + 1);
                    return;
                }
                for (int i = 0; i < end.calls().size(); i++) {
                    run.queue.offer(new CompleteToolCall(i, end.calls().get(i)));
                }
                run.emit(new CompleteResponse(end.response()));
            } else {
                run.emit(event);                            // thinking, raw events, and any event added later
            }
        }

        @Override
        public void onError(Throwable throwable) {
            run.fail(throwable);
        }

        @Override
        public void onComplete() {
            if (next != null) {
                run.send(next);                             // the correction round, in the same subscription
            } else {
                run.complete();
            }
        }
    }
}
