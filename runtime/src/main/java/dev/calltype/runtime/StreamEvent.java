package dev.calltype.runtime;

import java.util.Objects;

/**
 * What a {@link StreamingExtractor} reports as a response streams in, in text order.
 *
 * <p>For any response and any split into deltas: the {@link TextDelta}s concatenated equal the batch
 * {@link Extraction#text()}, the {@link CallCompleted} calls equal the batch {@link Extraction#calls()}, and the
 * {@link Error}s equal the batch {@link Extraction#errors()}, where the text deltas before a {@link TextWasReasoning}
 * (there is at most one, and only when the extractor does not know whether the response starts inside reasoning)
 * count as reasoning, not text.
 *
 * <p>Calls are announced in order: every {@link CallCompleted} is preceded by the {@link CallStarted} with its
 * index, and a {@link CallStarted} is resolved, before any later call starts, by the {@link CallCompleted} or the
 * {@link Error} of that call (or withdrawn by a {@link TextWasReasoning}). An {@link Error} may also come without a
 * {@link CallStarted} (when no name could be read).
 */
public sealed interface StreamEvent {

    /**
     * User-visible prose: the response with tool-call markup and reasoning removed, as early as is safe.
     *
     * @param text the next piece of {@link Extraction#text()}, never empty
     */
    record TextDelta(String text) implements StreamEvent {
        /**
         * Checks the text.
         *
         * @param text the next piece of {@link Extraction#text()}, never empty
         * @throws NullPointerException when {@code text} is {@code null}
         */
        public TextDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * Text of a reasoning block ({@code <think>…</think>}), for interfaces that show thinking apart.
     *
     * @param text the next piece of the reasoning, without the block's tags
     */
    record ReasoningDelta(String text) implements StreamEvent {
        /**
         * Checks the text.
         *
         * @param text the next piece of the reasoning, without the block's tags
         * @throws NullPointerException when {@code text} is {@code null}
         */
        public ReasoningDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * The text shown so far was reasoning, not prose. Sent at most once, only by an extractor that does not know
     * whether the response begins inside a reasoning block its prompt opened ({@code startsInReasoning} not set):
     * such an extractor shows text at once, and when the first reasoning marker of the response turns out to be a
     * lone closer ({@code </think>}, {@code [/THINK]}) it sends this event. The {@link TextDelta}s before it,
     * together {@code text}, are then reasoning (an interface moves or folds them); a call started and not yet
     * completed is withdrawn (it was written in the reasoning), and call indexes count from 0 again. The reasoning
     * goes on in {@link ReasoningDelta}s.
     *
     * @param text the text of every {@link TextDelta} sent before this event, joined
     */
    record TextWasReasoning(String text) implements StreamEvent {
        /**
         * Checks the text.
         *
         * @param text the text of every {@link TextDelta} sent before this event, joined
         * @throws NullPointerException when {@code text} is {@code null}
         */
        public TextWasReasoning {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A call is being written and its name is known. {@code index} counts the calls started in this response,
     * from 0.
     *
     * @param index the call's number in this response, from 0
     * @param name the tool's name as the call will complete with it
     * @param id the call's id when it is known this early (a native call's, as the server sent it), else
     *     {@code null}
     */
    record CallStarted(int index, String name, String id) implements StreamEvent {
        /**
         * A call started without a known id, as calls written in text are.
         *
         * @param index the call's number in this response, from 0
         * @param name the tool's name as the call will complete with it
         */
        public CallStarted(int index, String name) {
            this(index, name, null);
        }
    }

    /**
     * Raw argument text of the started call {@code index}, as it arrives, for interfaces that show arguments
     * growing. For display only: the arguments that count are those of {@link CallCompleted}.
     *
     * @param index the call the text belongs to
     * @param fragment the next piece of its argument text, as the model wrote it (not repaired)
     */
    record ArgumentsDelta(int index, String fragment) implements StreamEvent {
    }

    /**
     * A complete call, ready to run.
     *
     * @param call the call, equal to the one batch extraction returns
     */
    record CallCompleted(ToolCall call) implements StreamEvent {
        /**
         * Checks the call.
         *
         * @param call the call, equal to the one batch extraction returns
         * @throws NullPointerException when {@code call} is {@code null}
         */
        public CallCompleted {
            Objects.requireNonNull(call, "call");
        }
    }

    /**
     * A call attempt that cannot be returned as a call (truncated, malformed, unknown tool, …).
     *
     * @param error the error, equal to the one batch extraction reports
     */
    record Error(ExtractionError error) implements StreamEvent {
        /**
         * Checks the error.
         *
         * @param error the error, equal to the one batch extraction reports
         * @throws NullPointerException when {@code error} is {@code null}
         */
        public Error {
            Objects.requireNonNull(error, "error");
        }
    }
}
