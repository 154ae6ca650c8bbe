package dev.calltype.runtime.agent;

import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Asks a model for a typed answer until it gives a valid one: sends the request, parses the reply with the
 * answer type, and while it cannot be read sends the answer's correction prompt back (the reply and the prompt
 * added to the conversation), at most {@link #DEFAULT_MAX_CORRECTIONS} times unless told otherwise. Each request is
 * a {@link ModelRequest#answer(List, AnswerType) ModelRequest with the answer type}; the model decides how to ask
 * for it: a client that can sends the answer's schema (native structured output, such as OpenAI's
 * {@code response_format}), any other the answer's {@link AnswerType#formatInstructions() instructions} as a system
 * message ({@link ModelRequest#promptMessages()}). Decorators that pass the request on keep either.
 */
public final class Answers {

    /** How many correction prompts are sent back by default: two, so at most three requests. */
    public static final int DEFAULT_MAX_CORRECTIONS = 2;

    private Answers() {
    }

    /**
     * Asks with the default number of corrections.
     *
     * @param model the model
     * @param type the answer's type
     * @param messages the conversation that asks for the answer
     * @param <T> the answer's Java type
     * @return the answer, or the errors of the last reply
     * @throws Exception when the model fails (as {@link ModelClient#send} throws)
     */
    public static <T> ParsedAnswer<T> ask(ModelClient model, AnswerType<T> type, List<ChatMessage> messages)
            throws Exception {
        return ask(model, type, messages, DEFAULT_MAX_CORRECTIONS);
    }

    /**
     * Asks, sending at most {@code maxCorrections} correction prompts.
     *
     * @param model the model
     * @param type the answer's type
     * @param messages the conversation that asks for the answer
     * @param maxCorrections how many times an unreadable answer is sent back; 0 for one request only
     * @param <T> the answer's Java type
     * @return the answer, or the errors of the last reply
     * @throws Exception when the model fails (as {@link ModelClient#send} throws)
     * @throws IllegalArgumentException when {@code maxCorrections} is negative
     */
    public static <T> ParsedAnswer<T> ask(ModelClient model, AnswerType<T> type, List<ChatMessage> messages,
                                          int maxCorrections) throws Exception {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(type, "type");
        if (maxCorrections < 0) {
            throw new IllegalArgumentException("maxCorrections must not be negative: " + maxCorrections);
        }
        List<ChatMessage> conversation = new ArrayList<>(messages);
        for (int attempt = 0; ; attempt++) {
            ModelReply reply = model.send(ModelRequest.answer(conversation, type), ReplyListener.NONE);
            String text = reply == null ? "" : reply.text();
            ParsedAnswer<T> parsed = type.parse(text);
            if (parsed.isValid() || attempt >= maxCorrections) {
                return parsed;
            }
            conversation.add(ChatMessage.assistant(text));
            conversation.add(ChatMessage.user(parsed.correctionPrompt().orElseThrow()));
        }
    }
}
