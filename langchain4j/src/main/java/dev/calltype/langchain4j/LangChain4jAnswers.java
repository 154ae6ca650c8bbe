package dev.calltype.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.agent.Answers;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Typed answers on LangChain4j chat models: a generated answer type's schema as a LangChain4j
 * {@link ResponseFormat}, and {@link #ask}: {@link Answers#ask} over a {@link LangChain4jChatModel}, which sends the
 * response format when the model declares {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA} and the answer's prompt
 * instructions otherwise; the reply is read leniently by the answer type, and an unreadable reply sent back with its
 * correction prompt.
 */
public final class LangChain4jAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LangChain4jAnswers() {
    }

    /**
     * The answer's schema as a LangChain4j response format: JSON with the answer's schema, an answer that is not
     * a record wrapped in an object's {@code value} member (which the parser unwraps).
     *
     * @param type a generated answer type
     * @return the response format for a {@link ChatRequest}
     */
    public static ResponseFormat responseFormat(AnswerType<?> type) {
        ObjectNode schema;
        try {
            JsonNode node = JSON.readTree(type.schemaJson(SchemaDialect.MCP));
            schema = (ObjectNode) node;
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalStateException("the schema of answer " + type.name() + " is not a JSON object", e);
        }
        return ResponseFormat.builder().type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder().name(type.name())
                        .rootElement(SchemaElements.parameters(type.name(), schema)).build())
                .build();
    }

    /**
     * Asks until the answer is readable, at most {@link Answers#DEFAULT_MAX_CORRECTIONS} corrections.
     *
     * @param model the LangChain4j chat model
     * @param type a generated answer type
     * @param messages the conversation that asks for the answer (system, user and assistant messages)
     * @param <T> the answer's Java type
     * @return the answer, or the errors of the last reply
     * @throws IllegalArgumentException when a message is not a system, user or assistant text message
     */
    public static <T> ParsedAnswer<T> ask(ChatModel model, AnswerType<T> type, List<ChatMessage> messages) {
        Objects.requireNonNull(model, "model");
        List<dev.calltype.runtime.agent.ChatMessage> conversation = new ArrayList<>();
        for (ChatMessage m : messages) {
            conversation.add(calltype(m));
        }
        try {
            return Answers.ask(new LangChain4jChatModel(model), type, conversation);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e); // LangChain4jChatModel throws nothing checked
        }
    }

    private static dev.calltype.runtime.agent.ChatMessage calltype(ChatMessage m) {
        if (m instanceof SystemMessage s) {
            return dev.calltype.runtime.agent.ChatMessage.system(s.text());
        }
        if (m instanceof UserMessage u && u.hasSingleText()) {
            return dev.calltype.runtime.agent.ChatMessage.user(u.singleText());
        }
        if (m instanceof AiMessage a && !a.hasToolExecutionRequests()) {
            return dev.calltype.runtime.agent.ChatMessage.assistant(a.text() == null ? "" : a.text());
        }
        throw new IllegalArgumentException("a typed answer is asked with system, user and assistant text messages,"
                + " not " + m.type());
    }
}
