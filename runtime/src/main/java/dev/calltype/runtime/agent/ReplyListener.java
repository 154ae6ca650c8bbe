package dev.calltype.runtime.agent;

import dev.calltype.runtime.StreamEvent;

import java.util.List;
import java.util.function.Consumer;

/**
 * Receives one reply as a {@link ModelClient} streams it ({@link ModelClient#send}): the
 * reply's text as it arrives, and what the client can tell apart on its own, as {@link StreamEvent}s, the shape
 * the streaming extractor reports text markup in. Calls come in the order the model writes them, on the thread that
 * called {@code stream}.
 */
public interface ReplyListener {

    /** A listener that drops everything: for a caller that wants only the whole reply. */
    ReplyListener NONE = rawText(delta -> {
    });

    /**
     * A piece of the reply's text, exactly as the model sent it: call markup written in the text included. In
     * prompt mode {@link ToolLoop} reads it with a streaming extractor, which hides the markup.
     *
     * @param delta the next piece of {@link ModelReply#text()}, never empty
     */
    void onRawText(String delta);

    /**
     * What the client reads apart from the text: {@link StreamEvent.ReasoningDelta} for reasoning a server sends in
     * its own field, and for native tool calls {@link StreamEvent.CallStarted} (with the call's id when the server
     * sent one), {@link StreamEvent.ArgumentsDelta} as the argument text grows, then {@link StreamEvent.CallCompleted}
     * (the call will be in {@link ModelReply#toolCalls()}) or {@link StreamEvent.Error} (it will be in
     * {@link ModelReply#rejectedCalls()}). Native calls are numbered from 0 in each reply, apart from any calls
     * written in the text.
     *
     * @param event the event; never a {@link StreamEvent.TextDelta} (the text comes through {@link #onRawText})
     */
    void onEvent(StreamEvent event);

    /**
     * A listener that passes raw text to {@code onText} and drops the events: what
     * {@link ModelClient#stream(List, List, Consumer)} passes on.
     *
     * @param onText receives each raw piece of text
     * @return the listener
     */
    static ReplyListener rawText(Consumer<String> onText) {
        return new ReplyListener() {
            @Override
            public void onRawText(String delta) {
                onText.accept(delta);
            }

            @Override
            public void onEvent(StreamEvent event) {
            }
        };
    }
}
