package dev.calltype.runtime.testing;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ReplyListener;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/** A model that answers from a script and records every request it was sent. */
public final class ScriptedModel implements ModelClient {

    private final Deque<Function<List<ChatMessage>, ModelReply>> script = new ArrayDeque<>();
    public final List<List<ChatMessage>> requests = new ArrayList<>();
    public final List<List<ToolSpec>> offered = new ArrayList<>();

    public ScriptedModel then(ModelReply reply) {
        script.add(messages -> reply);
        return this;
    }

    public ScriptedModel thenText(String text) {
        return then(ModelReply.text(text));
    }

    public ScriptedModel thenFail(RuntimeException e) {
        script.add(messages -> {
            throw e;
        });
        return this;
    }

    public ScriptedModel thenAnswer(Function<List<ChatMessage>, ModelReply> answer) {
        script.add(answer);
        return this;
    }

    /** Records the request (a typed answer's as its prompt messages) and answers with the next reply. */
    @Override
    public ModelReply send(ModelRequest request, ReplyListener listener) {
        List<ChatMessage> messages = request.promptMessages();
        requests.add(messages);
        offered.add(request.tools());
        Function<List<ChatMessage>, ModelReply> next = script.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no more replies");
        }
        ModelReply reply = next.apply(messages);
        if (reply != null && !reply.text().isEmpty()) {
            listener.onRawText(reply.text()); // a model that does not stream: the whole text at once
        }
        return reply;
    }

    /** The messages of the last request. */
    public List<ChatMessage> last() {
        return requests.get(requests.size() - 1);
    }
}
