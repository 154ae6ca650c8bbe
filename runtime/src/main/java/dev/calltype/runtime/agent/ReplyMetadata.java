package dev.calltype.runtime.agent;

import java.time.Duration;
import java.util.Objects;

/**
 * What is known about how a model produced one {@link ModelReply}, beside its content. Every part is optional:
 * {@code null} when the client (or the server) did not say. {@link ToolLoop} fills in the timings it measured when
 * the client gave none, so a reply a loop reports always has them.
 *
 * @param model the model that answered, as the server named it in the answer (may differ from the one requested),
 *     or {@code null}
 * @param finishReason why the model stopped, as the server said it ({@code stop}, {@code tool_calls},
 *     {@code length}, {@code content_filter}, …), or {@code null}
 * @param usage the tokens the reply took, or {@code null} when the server reported none
 * @param timeToFirstToken from sending the request to the first piece of the reply (text, reasoning or a call;
 *     the whole reply's time when it did not stream), or {@code null}
 * @param duration from sending the request to the whole reply, or {@code null}
 */
public record ReplyMetadata(String model, String finishReason, TokenUsage usage, Duration timeToFirstToken,
                            Duration duration) {

    /** Nothing known. */
    public static final ReplyMetadata NONE = new ReplyMetadata(null, null, null, null, null);

    /**
     * The same, with the timings given where this has none.
     *
     * @param firstToken the time to the first piece, or {@code null}
     * @param total the whole reply's time, or {@code null}
     * @return metadata whose timings are this one's, else the ones given
     */
    public ReplyMetadata withTimingsIfAbsent(Duration firstToken, Duration total) {
        Duration ttft = timeToFirstToken != null ? timeToFirstToken : firstToken;
        Duration all = duration != null ? duration : total;
        return Objects.equals(ttft, timeToFirstToken) && Objects.equals(all, duration) ? this
                : new ReplyMetadata(model, finishReason, usage, ttft, all);
    }
}
