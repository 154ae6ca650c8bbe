package dev.calltype.benchmarks;

import dev.calltype.langchain4j.LangChain4jTools;
import dev.calltype.springai.SpringAiTools;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.function.FunctionToolCallback;

/**
 * What the repairing decorators ({@code LangChain4jTools.repairing}, {@code SpringAiTools.repairing}) add to a
 * reply of 2 KB of prose without calls, from a model that answers at once: each framework's model called directly
 * beside the same model behind the decorator, for a request that offers one tool. The difference is the figure
 * {@code repair_overhead_2kb_ns} (target: at most 5 µs).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RepairBenchmark {

    /** The reply's size, in characters. */
    public static final int SIZE = 2048;

    /** The weather tool's input. */
    public record WeatherRequest(String city, int days) {
    }

    private dev.langchain4j.model.chat.ChatModel langchain4j;
    private dev.langchain4j.model.chat.ChatModel langchain4jRepairing;
    private ChatRequest request;
    private org.springframework.ai.chat.model.ChatModel springAi;
    private org.springframework.ai.chat.model.ChatModel springAiRepairing;
    private Prompt prompt;

    @Setup
    public void setUp() {
        String prose = Texts.prose(SIZE);
        dev.langchain4j.model.chat.response.ChatResponse lc4jReply =
                dev.langchain4j.model.chat.response.ChatResponse.builder().aiMessage(AiMessage.from(prose)).build();
        langchain4j = new dev.langchain4j.model.chat.ChatModel() {
            @Override
            public dev.langchain4j.model.chat.response.ChatResponse chat(ChatRequest request) {
                return lc4jReply;
            }
        };
        langchain4jRepairing = LangChain4jTools.repairing(langchain4j);
        request = ChatRequest.builder().messages(List.of(UserMessage.from("Weather in Oslo?")))
                .toolSpecifications(ToolSpecification.builder().name("get_weather").description("Weather for a city")
                        .parameters(JsonObjectSchema.builder().addStringProperty("city").addIntegerProperty("days")
                                .required("city").build())
                        .build())
                .build();

        ChatResponse springReply = new ChatResponse(List.of(new Generation(new AssistantMessage(prose))));
        springAi = p -> springReply;
        springAiRepairing = SpringAiTools.repairing(springAi);
        prompt = new Prompt(List.of(new org.springframework.ai.chat.messages.UserMessage("Weather in Oslo?")),
                ToolCallingChatOptions.builder().toolCallbacks(FunctionToolCallback
                        .builder("get_weather", (WeatherRequest r) -> "sunny")
                        .description("Weather for a city").inputType(WeatherRequest.class).build())
                        .internalToolExecutionEnabled(false).build());

        if (!langchain4jRepairing.chat(request).aiMessage().text().equals(prose)
                || !springAiRepairing.call(prompt).getResult().getOutput().getText().equals(prose)) {
            throw new IllegalStateException("the decorators changed a reply without calls");
        }
    }

    @Benchmark
    public Object langchain4j() {
        return langchain4j.chat(request);
    }

    @Benchmark
    public Object langchain4jRepairing() {
        return langchain4jRepairing.chat(request);
    }

    @Benchmark
    public Object springAi() {
        return springAi.call(prompt);
    }

    @Benchmark
    public Object springAiRepairing() {
        return springAiRepairing.call(prompt);
    }
}
