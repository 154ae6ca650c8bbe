package dev.calltype.mcp;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
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
    public ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) {
        seen.add(messages);
        return replies.isEmpty() ? ModelReply.text("(script ended)") : replies.poll();
    }
}
