package dev.calltype.runtime.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One round of a {@link ToolLoop} run, once it is over: the model's reply (with its finish reason, usage and
 * timings in {@link ModelReply#metadata()}), each call's report in the order written, and the round's time.
 *
 * @param round the round, from 1
 * @param reply the model's reply, or {@code null} when the model failed (then {@code error} says why)
 * @param calls the reports of the calls the round ran or answered, in the order written (native calls that could not
 *     be read last)
 * @param started when the model was asked
 * @param duration from asking the model to the last call's end
 * @param error what the model threw (or why its reply could not be used), or {@code null}
 */
public record RoundReport(int round, ModelReply reply, List<CallReport> calls, Instant started, Duration duration,
                          Throwable error) {

    /**
     * Checks and copies the components.
     *
     * @param round the round, from 1
     * @param reply the model's reply, or {@code null} when the model failed
     * @param calls the calls' reports in the order written
     * @param started when the model was asked
     * @param duration the round's time
     * @param error what the model threw, or {@code null}
     * @throws NullPointerException when {@code calls}, {@code started} or {@code duration} is {@code null}
     */
    public RoundReport {
        calls = List.copyOf(calls);
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(duration, "duration");
    }

    /**
     * The reply's token usage.
     *
     * @return the usage the server reported, or {@code null} when it reported none or the model failed
     */
    public TokenUsage usage() {
        return reply == null ? null : reply.metadata().usage();
    }

    /**
     * Why the model stopped.
     *
     * @return the finish reason the server gave, or {@code null}
     */
    public String finishReason() {
        return reply == null ? null : reply.metadata().finishReason();
    }
}
