package dev.calltype.mcp;

import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ReplyListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A model that answers from a script and keeps what it was sent. */
final class ScriptedModel implements ModelClient {
    final Deque<ModelReply> replies;
    final List<List<ChatMessage>> seen = new ArrayList<>();

    ScriptedModel(ModelReply... replies) {
        this.replies = new ArrayDeque<>(List.of(replies));
    }

    @Override
    public ModelReply send(ModelRequest request, ReplyListener listener) {
        seen.add(request.promptMessages());
        ModelReply reply = replies.isEmpty() ? ModelReply.text("(script ended)") : replies.poll();
        if (!reply.text().isEmpty()) {
            listener.onRawText(reply.text());
        }
        return reply;
    }
}
