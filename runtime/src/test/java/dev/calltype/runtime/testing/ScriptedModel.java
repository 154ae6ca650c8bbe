package dev.calltype.runtime.testing;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;

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

    @Override
    public ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) {
        requests.add(messages);
        offered.add(tools);
        Function<List<ChatMessage>, ModelReply> next = script.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no more replies");
        }
        return next.apply(messages);
    }

    /** The messages of the last request. */
    public List<ChatMessage> last() {
        return requests.get(requests.size() - 1);
    }
}
