package dev.calltype.observability;

import dev.calltype.runtime.AnswerType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;

import java.util.Objects;

/**
 * Calltype's telemetry through Micrometer: observations for loop runs ({@code calltype.loop}), model rounds
 * ({@code gen_ai.client.operation}), tool calls ({@code gen_ai.execute_tool}) and typed-answer parses
 * ({@code calltype.answer.parse}), which the registry's handlers turn into timers and, with Micrometer Tracing,
 * spans; and, with a meter registry, the token usage ({@code gen_ai.client.token.usage}), time to first token and the
 * repair and refusal counters.
 *
 * <pre>{@code
 * ToolLoop loop = ToolLoop.builder(model, tools).listener(MicrometerTelemetry.loop(observations, meters)).build();
 * }</pre>
 */
public final class MicrometerTelemetry {

    private MicrometerTelemetry() {
    }

    /**
     * A listener that records loops as observations; no meters of its own (tokens stay on the observations).
     *
     * @param observations where observations go
     * @return the listener, for any number of loops
     */
    public static LoopTelemetry loop(ObservationRegistry observations) {
        return new LoopTelemetry(backend(observations, null));
    }

    /**
     * A listener that records loops as observations, and tokens, time to first token, repairs and refusals as meters.
     *
     * @param observations where observations go
     * @param meters where the meters go; {@code null} for none
     * @return the listener, for any number of loops
     */
    public static LoopTelemetry loop(ObservationRegistry observations, MeterRegistry meters) {
        return new LoopTelemetry(backend(observations, meters));
    }

    /**
     * A typed answer whose parses are recorded as {@code calltype.answer.parse} observations, with their repairs and
     * errors counted.
     *
     * @param type the generated answer type ({@code new RecipeAnswer()})
     * @param observations where observations go
     * @param meters where the counters go; {@code null} for none
     * @param <T> the answer's Java type
     * @return the same answer type, its {@code parse} recorded
     */
    public static <T> AnswerType<T> answers(AnswerType<T> type, ObservationRegistry observations,
                                            MeterRegistry meters) {
        return new ObservedAnswerType<>(type, backend(observations, meters));
    }

    private static Backend backend(ObservationRegistry observations, MeterRegistry meters) {
        return new MicrometerBackend(Objects.requireNonNull(observations, "observations"),
                meters == null ? null : new MicrometerMeters(meters));
    }
}
