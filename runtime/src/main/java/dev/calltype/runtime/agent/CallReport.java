package dev.calltype.runtime.agent;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One call of a {@link ToolLoop} round, once it is over: the call as dispatched, what went back to the model, when
 * it started and how long it took.
 *
 * @param round the round, from 1
 * @param call the call as dispatched: under the tool's own name, with its id and arguments
 * @param result what went back to the model; a tool that threw is a failure whose
 *     {@link ToolResult#exception() exception} is kept here and never sent
 * @param outcome what became of the call
 * @param started when it started (the wall clock, for traces)
 * @param duration how long it took, measured on a monotonic clock; zero for a call that did not run
 */
public record CallReport(int round, ToolCall call, ToolResult result, CallOutcome outcome, Instant started,
                         Duration duration) {

    /** What became of a call. */
    public enum CallOutcome {
        /** The tool ran and returned a result. */
        SUCCEEDED,
        /** The tool ran and threw: {@link ToolResult#exception()} holds what it threw. */
        THREW,
        /** The call was answered with a failure without a thrown exception: invalid arguments, an unknown tool,
         *  a tool that changed, a native call that could not be read. */
        FAILED,
        /** The tool needs confirmation and the approver said no (or none could be asked). */
        DECLINED
    }

    /**
     * Checks the components.
     *
     * @param round the round, from 1
     * @param call the call as dispatched
     * @param result what went back to the model
     * @param outcome what became of the call
     * @param started when it started
     * @param duration how long it took
     * @throws NullPointerException when a component is {@code null}
     */
    public CallReport {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(duration, "duration");
    }

    /**
     * What the tool threw, kept for the program (logs, traces); the model was sent only the failure message.
     *
     * @return the exception, or empty when the tool did not throw
     */
    public Optional<Throwable> exception() {
        return result.exception();
    }
}
