package dev.calltype.example;

import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ReplyListener;
import dev.calltype.runtime.ToolResult;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The embedded model of {@code demo}: it answers each round with the next scripted reply, given the
 * results of the round before, and streams it in small pieces the way a server would.
 */
final class ReplayModel implements ModelClient {

    private static final int PIECE = 12;

    private final List<Function<List<ToolResult>, String>> replies;
    private final Supplier<List<ToolResult>> lastResults;
    private int next;

    /**
     * @param replies the answers, in order
     * @param lastResults the results of the round that just ended (empty before the first)
     */
    ReplayModel(List<Function<List<ToolResult>, String>> replies, Supplier<List<ToolResult>> lastResults) {
        this.replies = List.copyOf(replies);
        this.lastResults = lastResults;
    }

    /** How many scripted replies have been given. */
    int used() {
        return next;
    }

    /** How many there are. */
    int scripted() {
        return replies.size();
    }

    @Override
    public ModelReply send(ModelRequest request, ReplyListener listener) {
        if (next >= replies.size()) {
            throw new IllegalStateException("the script has no answer for round " + (next + 1));
        }
        ModelReply reply = ModelReply.text(replies.get(next++).apply(lastResults.get()));
        String text = reply.text();
        for (int i = 0; i < text.length(); ) {
            int end = Math.min(text.length(), i + PIECE);
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end++;
            }
            listener.onRawText(text.substring(i, end));
            i = end;
        }
        return reply;
    }
}
