package dev.calltype.benchmarks.answer;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.calltype.runtime.ParsedAnswer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.ai.converter.BeanOutputConverter;

/**
 * A typed answer of about 2 KB (a sentence of prose, a {@code ```json} fence, the JSON, a sign-off) read into a
 * record by the generated {@link OrderAnswer} ({@code calltype}), beside Jackson's {@code readValue} of the bare JSON
 * into the same record ({@code jackson}), and Spring AI's {@link BeanOutputConverter} on the fenced JSON alone,
 * which is what it can read ({@code springAi}). Each setup checks that the three read the same value.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AnswerBenchmark {

    /** The JSON of the answer: an order of seventeen lines. */
    public static final String JSON = json();

    /** What a model writes around it. */
    public static final String ANSWER = "Here is the order I read from the e-mail, as JSON:\n\n```json\n" + JSON
            + "\n```\n\nLet me know if any line needs checking.";

    /** What Spring AI's converter can read: the fence alone. */
    public static final String FENCED = "```json\n" + JSON + "\n```";

    private OrderAnswer answer;
    private ObjectMapper mapper;
    private BeanOutputConverter<Order> converter;

    private static String json() {
        StringBuilder b = new StringBuilder("{\n  \"number\": \"PO-2024-118734\",\n  \"customer\": \"Northwind Traders"
                + " Ltd.\",\n  \"ordered\": \"2024-05-17\",\n  \"lines\": [\n");
        String[] items = {"Stainless steel hex bolt M8x40", "Nylon lock nut M8", "Flat washer 8.4 mm",
            "Cable tie 300 mm black", "Heat-shrink tube 6 mm", "Terminal block 12-way"};
        for (int i = 0; i < 17; i++) {
            b.append("    {\"sku\": \"NW-").append(40100 + i * 7).append("\", \"description\": \"")
                    .append(items[i % items.length]).append("\", \"quantity\": ").append(25 * (i + 1))
                    .append(", \"unitPrice\": ").append(i % 3 == 0 ? "0.35" : i % 3 == 1 ? "1.25" : "12.75")
                    .append(i < 16 ? "},\n" : "}\n");
        }
        b.append("  ],\n  \"total\": 3471.25,\n  \"express\": false,\n  \"notes\": [\"Deliver to loading bay 3\","
                + " \"Invoice in EUR\", \"Call before delivery: +351 21 000 1234\"]\n}");
        return b.toString();
    }

    @Setup
    public void setUp() throws Exception {
        answer = new OrderAnswer();
        mapper = new ObjectMapper().registerModule(new JavaTimeModule())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        converter = new BeanOutputConverter<>(Order.class);
        Order a = calltype();
        Order j = jackson();
        Order s = springAi();
        if (!a.equals(j) || !a.equals(s) || ANSWER.length() < 1900 || ANSWER.length() > 2300) {
            throw new IllegalStateException("the readers disagree, or the answer is not about 2 KB ("
                    + ANSWER.length() + " chars): " + a + " / " + j + " / " + s);
        }
    }

    @Benchmark
    public Order calltype() {
        ParsedAnswer<Order> parsed = answer.parse(ANSWER);
        return parsed.value().orElseThrow();
    }

    @Benchmark
    public Order jackson() throws Exception {
        return mapper.readValue(JSON, Order.class);
    }

    @Benchmark
    public Order springAi() {
        return converter.convert(FENCED);
    }
}
