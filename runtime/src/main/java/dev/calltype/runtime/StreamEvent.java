package dev.calltype.runtime;

import java.util.Objects;

/**
 * What a {@link StreamingExtractor} reports as a response streams in, in text order.
 *
 * <p>For any response and any split into deltas: the {@link TextDelta}s concatenated equal the batch
 * {@link Extraction#text()}, the {@link CallCompleted} calls equal the batch {@link Extraction#calls()}, and the
 * {@link Error}s equal the batch {@link Extraction#errors()}.
 *
 * <p>CallNormalizer are announced in order: every {@link CallCompleted} is preceded by the {@link CallStarted} with its
 * index, and a {@link CallStarted} is resolved, before any later call starts, by the {@link CallCompleted} or the
 * {@link Error} of that call. An {@link Error} may also come without a {@link CallStarted} (when no name could be
 * read).
 */
public sealed interface StreamEvent {

    /** User-visible prose: the response with tool-call markup and reasoning removed, as early as is safe. */
    record TextDelta(String text) implements StreamEvent {
        public TextDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Text of a reasoning block ({@code <think>…</think>}), for interfaces that show thinking apart. */
    record ReasoningDelta(String text) implements StreamEvent {
        public ReasoningDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A call is being written and its name is known. {@code index} counts the calls started in this response,
     * from 0.
     */
    record CallStarted(int index, String name) implements StreamEvent {
    }

    /**
     * Raw argument text of the started call {@code index}, as it arrives, for interfaces that show arguments
     * growing. For display only: the arguments that count are those of {@link CallCompleted}.
     */
    record ArgumentsDelta(int index, String fragment) implements StreamEvent {
    }

    /** A complete call, ready to run. */
    record CallCompleted(ToolCall call) implements StreamEvent {
        public CallCompleted {
            Objects.requireNonNull(call, "call");
        }
    }

    /** A call attempt that cannot be returned as a call (truncated, malformed, unknown tool, …). */
    record Error(ExtractionError error) implements StreamEvent {
        public Error {
            Objects.requireNonNull(error, "error");
        }
    }
}
