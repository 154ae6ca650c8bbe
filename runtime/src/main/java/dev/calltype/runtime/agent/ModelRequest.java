package dev.calltype.runtime.agent;

import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ToolSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one request to a model says: the conversation, the tools offered natively, and the type the answer
 * must have. It is what {@link ModelClient#send} receives, whole, so that a decorator which passes it on passes on
 * all of it, and the client that talks to the server decides how to ask.
 *
 * <ul>
 *   <li><b>Native or prompt mode.</b> {@link #tools()} non-empty: the tools go to the server's tool-calling field.
 *   Empty: prompt mode, where the system message (already in {@link #messages()}) teaches a text format, or a
 *   request without tools.</li>
 *   <li><b>A typed answer.</b> {@link #answer()} non-null: the reply's text must hold an answer of that type. A
 *   client that can ask its server for an answer in a schema (OpenAI's {@code response_format}, a LangChain4j model
 *   with {@code RESPONSE_FORMAT_JSON_SCHEMA}) sends {@link #messages()} and the schema; any other client sends
 *   {@link #promptMessages()}, which carry the answer's format instructions instead.</li>
 * </ul>
 *
 * @param messages the conversation so far, oldest first, without the answer's instructions
 * @param tools the tools to offer natively; empty in prompt mode
 * @param answer the type the answer must have, or {@code null} when the reply is free text or calls
 */
public record ModelRequest(List<ChatMessage> messages, List<ToolSpec> tools, AnswerType<?> answer) {

    /**
     * Checks and copies the lists; {@code null} lists become empty.
     *
     * @param messages the conversation so far, oldest first, without the answer's instructions
     * @param tools the tools to offer natively; empty in prompt mode
     * @param answer the type the answer must have, or {@code null}
     */
    public ModelRequest {
        messages = messages == null ? List.of() : List.copyOf(messages);
        tools = tools == null ? List.of() : List.copyOf(tools);
    }

    /**
     * A request for a reply that is text or calls, as {@code ToolLoop} sends it.
     *
     * @param messages the conversation so far, oldest first
     * @param tools the tools to offer natively; empty in prompt mode
     * @return the request, with no answer type
     */
    public static ModelRequest of(List<ChatMessage> messages, List<ToolSpec> tools) {
        return new ModelRequest(messages, tools, null);
    }

    /**
     * A request for an answer of a type, without tools, as {@link Answers#ask} sends it.
     *
     * @param messages the conversation that asks for the answer, without the answer's instructions
     * @param answer the type the answer must have
     * @return the request
     * @throws NullPointerException when {@code answer} is {@code null}
     */
    public static ModelRequest answer(List<ChatMessage> messages, AnswerType<?> answer) {
        if (answer == null) {
            throw new NullPointerException("answer");
        }
        return new ModelRequest(messages, List.of(), answer);
    }

    /**
     * The messages a client sends when it does not send the answer's schema to its server: with an
     * {@link #answer()}, the answer's {@link AnswerType#formatInstructions() format instructions} as a system message
     * first, then {@link #messages()}; without one, {@link #messages()} as they are.
     *
     * @return the messages to send in place of a schema
     */
    public List<ChatMessage> promptMessages() {
        if (answer == null) {
            return messages;
        }
        List<ChatMessage> out = new ArrayList<>(messages.size() + 1);
        out.add(ChatMessage.system(answer.formatInstructions()));
        out.addAll(messages);
        return List.copyOf(out);
    }
}
