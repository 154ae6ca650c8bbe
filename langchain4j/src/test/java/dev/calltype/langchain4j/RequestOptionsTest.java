package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code chat(ChatRequest, ChatRequestOptions)}, blocking and streaming (langchain4j-core 1.13 and later, so on both
 * cores the tests run on): the reply is repaired, and the caller's listener attributes reach the wrapped model's
 * listeners on every round.
 */
class RequestOptionsTest {

    private static final ChatRequest REQUEST = ChatRequest.builder()
            .messages(UserMessage.from("Weather in Oslo for two days?"))
            .toolSpecifications(ToolSpecification.builder().name("get_weather")
                    .parameters(JsonObjectSchema.builder().addStringProperty("city").addIntegerProperty("days")
                            .required("city", "days").build())
                    .build())
            .build();

    private static final ChatRequestOptions OPTIONS = ChatRequestOptions.builder()
            .addListenerAttribute("tenant", "acme").build();

    /** The attributes each request's listener call saw. */
    private final List<Map<Object, Object>> heard = new ArrayList<>();

    private final ChatModelListener listener = new ChatModelListener() {
        @Override
        public void onRequest(ChatModelRequestContext context) {
            heard.add(Map.copyOf(context.attributes()));
        }
    };

    /** The first reply's call names no tool there is; the second is right. */
    private static final List<AiMessage> REPLIES = List.of(
            AiMessage.from(ToolExecutionRequest.builder().id("c1").name("get_forecast")
                    .arguments("{\"city\": \"Oslo\", \"days\": 2}").build()),
            AiMessage.from("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}"
                    + "</tool_call>"));

    private void checkRepairedWithTheAttributes(ChatResponse response) {
        assertThat(response.aiMessage().toolExecutionRequests()).singleElement()
                .satisfies(r -> assertThat(r.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}"));
        assertThat(heard).hasSize(2).allSatisfy(a -> assertThat(a).containsEntry("tenant", "acme"));
    }

    @Test
    void aBlockingRequestWithOptionsIsRepairedAndTheModelsListenersGetTheAttributes() {
        ChatModel model = new ChatModel() {
            private int next;

            @Override
            public ChatResponse doChat(ChatRequest request) {
                return ChatResponse.builder().aiMessage(REPLIES.get(next++)).build();
            }

            @Override
            public List<ChatModelListener> listeners() {
                return List.of(listener);
            }
        };

        checkRepairedWithTheAttributes(LangChain4jTools.repairing(model).chat(REQUEST, OPTIONS));
    }

    @Test
    void aStreamedRequestWithOptionsIsRepairedAndTheModelsListenersGetTheAttributes() throws Exception {
        StreamingChatModel model = new StreamingChatModel() {
            private int next;

            @Override
            public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
                AiMessage reply = REPLIES.get(next++);
                if (reply.text() != null) {
                    handler.onPartialResponse(reply.text());
                }
                handler.onCompleteResponse(ChatResponse.builder().aiMessage(reply).build());
            }

            @Override
            public List<ChatModelListener> listeners() {
                return List.of(listener);
            }
        };
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();

        LangChain4jTools.repairing(model).chat(REQUEST, OPTIONS, new StreamingChatResponseHandler() {
            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });

        checkRepairedWithTheAttributes(done.get(10, TimeUnit.SECONDS));
    }
}
