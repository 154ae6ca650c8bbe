package dev.calltype.observability;

import static dev.calltype.observability.ScriptedChatServer.call;
import static dev.calltype.observability.ScriptedChatServer.finish;
import static dev.calltype.observability.ScriptedChatServer.text;
import static dev.calltype.observability.ScriptedChatServer.usage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.openai.OpenAiChatModel;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.CallReport;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.RoundReport;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.agent.ToolLoop;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The test: a two-round loop over a loopback OpenAI-compatible server that reports usage, one tool that
 * succeeds and one that throws, seen by a listener, by Micrometer's test registry and by OpenTelemetry's in-memory
 * exporter at once.
 */
class TwoRoundLoopTelemetryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the throwing tool throws. */
    static final class QuotaExceeded extends RuntimeException {
        QuotaExceeded() {
            super("quota exceeded");
        }
    }

    private static ObjectNode object(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** get_weather(city) answers; send_alert(city) throws. */
    private static Toolkit tools() {
        ObjectNode city = object("{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}");
        return Toolkits.of(List.of(
                new ToolSpec("get_weather", "The weather in a city.", city, List.of("city"), false, true),
                new ToolSpec("send_alert", "Alerts a city.", city, List.of("city"), false, false)), (name, args) -> {
                    if (name.equals("send_alert")) {
                        throw new QuotaExceeded();
                    }
                    Thread.sleep(20);
                    return TextNode.valueOf("Sunny in " + args.path("city").asText());
                });
    }

    @Test
    void aTwoRoundLoopIsReportedToTheListenerTheOutcomeMicrometerAndOpenTelemetry() throws Exception {
        TestObservationRegistry observations = TestObservationRegistry.create();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        InMemoryMetricReader metrics = InMemoryMetricReader.create();
        OpenTelemetrySdk otel = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans))
                        .build())
                .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
                .build();
        List<String> events = new ArrayList<>();
        ToolLoop.Listener recorder = new ToolLoop.Listener() {
            @Override
            public void onCallStart(int round, ToolCall call) {
                events.add("start " + call.name() + " " + call.id() + " " + call.arguments());
            }

            @Override
            public void onCallEnd(CallReport report) {
                events.add("end " + report.call().name() + " " + report.outcome()
                        + (report.duration().compareTo(Duration.ZERO) > 0 ? " timed" : " untimed"));
            }

            @Override
            public void onRoundComplete(RoundReport report) {
                events.add("round " + report.round() + " " + report.finishReason() + " " + report.usage());
            }
        };

        try (ScriptedChatServer server = new ScriptedChatServer(
                List.of(call(0, "call_a", "get_weather", "{'city': 'Paris',}"), // repaired as it is read
                        call(1, "call_b", "send_alert", "{\"city\": \"Paris\"}"),
                        finish("tool_calls"), usage(120, 30)),
                List.of(text("Sunny in Paris; the alert could not be sent."), finish("stop"), usage(180, 12)))) {
            OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(server.baseUrl()).model("gpt-test")
                    .timeout(Duration.ofSeconds(10)).build();
            ToolLoop loop = ToolLoop.builder(model, tools())
                    .listener(MicrometerTelemetry.loop(observations, meters)
                            .andThen(OtelTelemetry.loop(otel).andThen(recorder)))
                    .build();

            ToolLoop.Outcome outcome = loop.run("Weather in Paris, and alert them.");

            // usage was asked for
            assertThat(server.requests).allSatisfy(body -> assertThat(body)
                    .contains("\"stream_options\":{\"include_usage\":true}"));

            // the listener: each call's start and end, timed, before its round ends
            assertThat(events).containsExactly(
                    "start get_weather call_a {\"city\":\"Paris\"}", "end get_weather SUCCEEDED timed",
                    "start send_alert call_b {\"city\":\"Paris\"}", "end send_alert THREW timed",
                    "round 1 tool_calls TokenUsage[inputTokens=120, outputTokens=30]",
                    "round 2 stop TokenUsage[inputTokens=180, outputTokens=12]");

            // the outcome: usage, finish reasons, the exception (the model got only its message)
            assertThat(outcome.completed()).isTrue();
            assertThat(outcome.usage()).isEqualTo(new TokenUsage(300, 42));
            assertThat(outcome.roundReports()).extracting(RoundReport::finishReason)
                    .containsExactly("tool_calls", "stop");
            assertThat(outcome.calls().get(1).exception()).containsInstanceOf(QuotaExceeded.class);
            assertThat(outcome.transcript()).filteredOn(m -> "call_b".equals(m.toolCallId()))
                    .extracting(ChatMessage::content).containsExactly("Tool send_alert failed: quota exceeded");
            assertThat(server.requests.get(1)).doesNotContain("QuotaExceeded").doesNotContain("at dev.calltype");
        }

        // Micrometer: one chat observation per round, one execute_tool per call, all children of the run
        TestObservationRegistryAssert.assertThat(observations)
                .hasNumberOfObservationsWithNameEqualTo(GenAi.LOOP_METRIC, 1)
                .hasNumberOfObservationsWithNameEqualTo(GenAi.CHAT_METRIC, 2)
                .hasNumberOfObservationsWithNameEqualTo(GenAi.TOOL_METRIC, 2)
                .hasHandledContextsThatSatisfy(contexts -> {
                    List<Observation.Context> chats = named(contexts, GenAi.CHAT_METRIC);
                    assertThat(chats).allSatisfy(c -> {
                        assertThat(c.getContextualName()).isEqualTo("chat gpt-test");
                        assertThat(low(c, "gen_ai.operation.name")).isEqualTo("chat");
                        assertThat(low(c, "gen_ai.request.model")).isEqualTo("gpt-test");
                        assertThat(high(c, "gen_ai.response.model")).isEqualTo("gpt-test-0613");
                        assertThat(c.getParentObservation().getContextView().getName()).isEqualTo(GenAi.LOOP_METRIC);
                    });
                    assertThat(chats).extracting(c -> high(c, "gen_ai.response.finish_reasons"))
                            .containsExactly("tool_calls", "stop");
                    assertThat(chats).extracting(c -> high(c, "gen_ai.usage.input_tokens"))
                            .containsExactly("120", "180");
                    assertThat(chats).extracting(c -> high(c, "gen_ai.usage.output_tokens"))
                            .containsExactly("30", "12");
                    List<Observation.Context> tools = named(contexts, GenAi.TOOL_METRIC);
                    assertThat(tools).extracting(Observation.Context::getContextualName)
                            .containsExactly("execute_tool get_weather", "execute_tool send_alert");
                    assertThat(tools).extracting(c -> low(c, "gen_ai.tool.name"))
                            .containsExactly("get_weather", "send_alert");
                    assertThat(tools).extracting(c -> high(c, "gen_ai.tool.call.id"))
                            .containsExactly("call_a", "call_b");
                    assertThat(tools).extracting(c -> low(c, "error.type"))
                            .containsExactly("none", QuotaExceeded.class.getName());
                    assertThat(tools.get(1).getError()).isInstanceOf(QuotaExceeded.class);
                    assertThat(tools).allSatisfy(c -> assertThat(c.getParentObservation().getContextView().getName())
                            .isEqualTo(GenAi.LOOP_METRIC));
                });
        assertThat(meters.get(GenAi.TOKEN_USAGE_METRIC).tag("gen_ai.token.type", "input").summary().totalAmount())
                .isEqualTo(300);
        assertThat(meters.get(GenAi.TOKEN_USAGE_METRIC).tag("gen_ai.token.type", "output").summary().totalAmount())
                .isEqualTo(42);
        assertThat(meters.get(GenAi.REPAIRS_METRIC).tag("calltype.repair", "SINGLE_QUOTES").counter().count())
                .isEqualTo(1);

        // OpenTelemetry: the same as spans, with their parents
        List<SpanData> finished = spans.getFinishedSpanItems();
        Map<String, List<SpanData>> byName = finished.stream().collect(Collectors.groupingBy(SpanData::getName));
        assertThat(byName.keySet()).containsExactlyInAnyOrder("invoke_agent", "chat gpt-test",
                "execute_tool get_weather", "execute_tool send_alert");
        SpanData run = byName.get("invoke_agent").get(0);
        List<SpanData> chatSpans = byName.get("chat gpt-test");
        assertThat(chatSpans).hasSize(2).allSatisfy(s -> {
            assertThat(s.getParentSpanId()).isEqualTo(run.getSpanId());
            assertThat(s.getTraceId()).isEqualTo(run.getTraceId());
            assertThat(s.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name"))).isEqualTo("chat");
            assertThat(s.getAttributes().get(AttributeKey.stringKey("gen_ai.request.model"))).isEqualTo("gpt-test");
        });
        assertThat(chatSpans).extracting(s -> s.getAttributes().get(AttributeKey.stringArrayKey(
                "gen_ai.response.finish_reasons"))).containsExactly(List.of("tool_calls"), List.of("stop"));
        assertThat(chatSpans).extracting(s -> s.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")))
                .containsExactly(120L, 180L);
        assertThat(chatSpans).extracting(s -> s.getAttributes().get(AttributeKey.longKey(
                "gen_ai.usage.output_tokens"))).containsExactly(30L, 12L);
        SpanData weather = byName.get("execute_tool get_weather").get(0);
        SpanData alert = byName.get("execute_tool send_alert").get(0);
        for (SpanData tool : List.of(weather, alert)) {
            assertThat(tool.getParentSpanId()).isEqualTo(run.getSpanId());
            assertThat(tool.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")))
                    .isEqualTo("execute_tool");
        }
        assertThat(weather.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id"))).isEqualTo("call_a");
        assertThat(alert.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name"))).isEqualTo("send_alert");
        assertThat(alert.getAttributes().get(AttributeKey.stringKey("error.type")))
                .isEqualTo(QuotaExceeded.class.getName());
        assertThat(alert.getEvents()).extracting(e -> e.getName()).containsExactly("exception");
        assertThat(weather.getAttributes().get(AttributeKey.stringKey("error.type"))).isNull();
        // spans in time order: round 1's chat, its tools, round 2's chat
        assertThat(chatSpans.get(0).getEndEpochNanos()).isLessThanOrEqualTo(weather.getStartEpochNanos());
        assertThat(alert.getEndEpochNanos()).isLessThanOrEqualTo(chatSpans.get(1).getStartEpochNanos());
        assertThat(run.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens"))).isEqualTo(300L);

        Map<String, MetricData> otelMetrics = metrics.collectAllMetrics().stream()
                .collect(Collectors.toMap(MetricData::getName, Function.identity()));
        assertThat(otelMetrics).containsKeys("gen_ai.client.operation.duration", "gen_ai.execute_tool.duration",
                "calltype.loop.duration", "gen_ai.client.token.usage", "calltype.time_to_first_token");
        assertThat(otelMetrics.get("gen_ai.client.token.usage").getHistogramData().getPoints())
                .extracting(p -> p.getAttributes().get(AttributeKey.stringKey("gen_ai.token.type")) + "=" + p.getSum())
                .containsExactlyInAnyOrder("input=300.0", "output=42.0");
    }

    private static List<Observation.Context> named(List<Observation.Context> contexts, String name) {
        return contexts.stream().filter(c -> name.equals(c.getName())).toList();
    }

    private static String low(Observation.Context c, String key) {
        return c.getLowCardinalityKeyValue(key) == null ? null : c.getLowCardinalityKeyValue(key).getValue();
    }

    private static String high(Observation.Context c, String key) {
        return c.getHighCardinalityKeyValue(key) == null ? null : c.getHighCardinalityKeyValue(key).getValue();
    }
}
