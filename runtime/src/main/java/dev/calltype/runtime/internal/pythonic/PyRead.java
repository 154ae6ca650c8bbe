package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.ExtractionError;

import java.util.List;

/**
 * What {@link Pythonic#read} made of the text at one position.
 *
 * @param status how the read ended
 * @param calls the calls read when {@link Status#COMPLETE} (one for {@code name(...)}, each element for a list of
 *     calls); for an {@code INVALID_CALL_SYNTAX} error at a call of a list after others, the calls read whole before
 *     it and then the failing call ({@link PyCall#failed}, ending where reading stopped); otherwise empty
 * @param end when complete, the index just past the closing {@code )} or {@code ]}; when not a call, the index of the
 *     first non-blank character; for an error, where reading stopped ({@code problemOffset}, or the limit when
 *     truncated); for {@link Status#NEED_MORE}, the limit
 * @param problem what went wrong, for a person and a model, when {@link Status#ERROR}; otherwise {@code null}
 * @param problemOffset the index where it went wrong when {@link Status#ERROR}; otherwise {@code -1}
 * @param errorKind {@code INVALID_CALL_SYNTAX}, {@code TRUNCATED} or {@code LIMIT_EXCEEDED} when
 *     {@link Status#ERROR}; otherwise {@code null}
 */
public record PyRead(Status status, List<PyCall> calls, int end, String problem, int problemOffset,
              ExtractionError.Kind errorKind) {

    /** How a read ended. */
    public enum Status {
        /** One call or a list of calls was read. */
        COMPLETE,
        /** The text is not call syntax at all. */
        NOT_A_CALL,
        /** The answer depends on text at or past the limit, and the text may go on. */
        NEED_MORE,
        /** A call attempt that cannot be read: see {@link #errorKind()}. */
        ERROR
    }

    public PyRead {
        calls = List.copyOf(calls);
    }

    /** True when calls were read. */
    public boolean isComplete() {
        return status == Status.COMPLETE;
    }
}
