package dev.calltype.runtime.agent;

import dev.calltype.runtime.AnswerType;
import java.util.List;

/**
 * A {@link ModelClient} that can ask its provider for an answer in a schema (native structured output: OpenAI's
 * {@code response_format}, Ollama's {@code format}, …), so the model's decoding follows the answer type's schema.
 * {@link Answers#ask} uses it when the model has it, and prompt instructions when not.
 */
public interface StructuredOutput {

    /**
     * Asks for one reply that answers in {@code answer}'s schema, without tools.
     *
     * @param messages the conversation so far
     * @param answer the type the answer must have
     * @return the model's reply (its text holds the answer)
     * @throws Exception when the model cannot be reached or fails
     */
    ModelReply replyAs(List<ChatMessage> messages, AnswerType<?> answer) throws Exception;
}
