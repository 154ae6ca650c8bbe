package dev.calltype.openai;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;

/**
 * What an {@link OpenAiChatModel} reports to its {@link OpenAiChatModel.Builder#listener listener} while an answer
 * streams in, in order: text as it arrives, and each native call once it is complete (when the next call starts or
 * the answer ends).
 */
public sealed interface ChatEvent {

    /** A piece of the answer's text, as the server sent it. */
    record TextDelta(String text) implements ChatEvent {
    }

    /** A native call whose arguments were read: it will be in the reply's {@code toolCalls}. */
    record CallReceived(ToolCall call) implements ChatEvent {
    }

    /**
     * A native call that cannot run (arguments unreadable or cut off, unknown tool): it will be in the reply's
     * {@code rejectedCalls}, with the message the model is sent.
     */
    record CallRejected(ToolResult failure) implements ChatEvent {
    }
}
