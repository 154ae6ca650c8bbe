package dev.calltype.observability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.ToolLoop;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A model that fails, a loop that fails with it, and a typed answer's parse, as telemetry. */
class FailuresAndAnswersTest {

    /** What the model throws. */
    static final class ServerDown extends RuntimeException {
        ServerDown() {
            super("server down");
        }
    }

    @Test
    void aModelThatThrowsEndsItsChatAndTheRunWithTheExceptionsType() {
        InMemorySpanExporter spans = InMemorySpanExporter.create();
        OpenTelemetrySdk otel = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(spans)).build()).build();
        TestObservationRegistry observations = TestObservationRegistry.create();
        ToolLoop loop = ToolLoop.builder((request, listener) -> {
            throw new ServerDown();
        }, Toolkits.of(List.of(), (n, a) -> null))
                .listener(OtelTelemetry.loop(otel).andThen(MicrometerTelemetry.loop(observations))).build();
        assertThat(loop.run("hi").error()).isEqualTo("the model failed: server down");

        assertThat(spans.getFinishedSpanItems()).extracting(SpanData::getName).containsExactly("chat", "invoke_agent");
        assertThat(spans.getFinishedSpanItems()).allSatisfy(s -> {
            assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
            assertThat(s.getAttributes().get(AttributeKey.stringKey("error.type"))).isEqualTo(ServerDown.class.getName());
        });
        TestObservationRegistryAssert.assertThat(observations).hasHandledContextsThatSatisfy(contexts -> {
            assertThat(contexts).extracting(Observation.Context::getName)
                    .containsExactly(GenAi.LOOP_METRIC, GenAi.CHAT_METRIC);
            assertThat(contexts).allSatisfy(c -> assertThat(c.getError()).isInstanceOf(ServerDown.class));
            assertThat(contexts.get(0).getLowCardinalityKeyValue(GenAi.LOOP_OUTCOME).getValue()).isEqualTo("failed");
        });
    }

    @Test
    void aTypedAnswersParseIsObservedWithItsRepairsAndErrorsCounted() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        var cities = MicrometerTelemetry.answers(new CityAnswer(), observations, meters);

        assertThat(cities.parse("Here: {'name': 'Oslo', 'population': 709000,}").value()).isPresent();
        assertThat(cities.parse("{\"name\": \"Os").isValid()).isFalse();

        TestObservationRegistryAssert.assertThat(observations)
                .hasNumberOfObservationsWithNameEqualTo(GenAi.PARSE_METRIC, 2)
                .hasHandledContextsThatSatisfy(contexts -> {
                    assertThat(contexts).extracting(Observation.Context::getContextualName)
                            .containsOnly("parse city");
                    assertThat(contexts).extracting(c -> c.getLowCardinalityKeyValue(GenAi.ANSWER_OUTCOME).getValue())
                            .containsExactly("valid", "invalid");
                    assertThat(contexts).extracting(c -> c.getLowCardinalityKeyValue(GenAi.ERROR_TYPE).getValue())
                            .containsExactly("none", "TRUNCATED");
                });
        assertThat(meters.get(GenAi.REPAIRS_METRIC).tags("calltype.repair", "SINGLE_QUOTES", "calltype.source", "answer")
                .counter().count()).isEqualTo(1);
        assertThat(meters.get(GenAi.REFUSALS_METRIC).tags("calltype.refusal", "TRUNCATED", "calltype.source", "answer")
                .counter().count()).isEqualTo(1);
    }
}
