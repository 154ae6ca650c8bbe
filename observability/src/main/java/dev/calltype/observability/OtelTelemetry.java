package dev.calltype.observability;

import dev.calltype.runtime.AnswerType;
import io.opentelemetry.api.OpenTelemetry;

import java.util.Objects;

/**
 * Calltype's telemetry straight to OpenTelemetry (no Micrometer): spans {@code invoke_agent} for a loop run,
 * {@code chat <model>} for each model round and {@code execute_tool <tool>} for each call (children of the run), and
 * {@code parse <Answer>} for typed-answer parses, with the GenAI semantic conventions' attributes; histograms
 * {@code gen_ai.client.operation.duration}, {@code gen_ai.execute_tool.duration}, {@code calltype.loop.duration},
 * {@code gen_ai.client.token.usage} and {@code calltype.time_to_first_token}; counters {@code calltype.repairs} and
 * {@code calltype.refusals}. Instrumentation scope {@code dev.calltype}.
 *
 * <pre>{@code
 * ToolLoop loop = ToolLoop.builder(model, tools).listener(OtelTelemetry.loop(openTelemetry)).build();
 * }</pre>
 */
public final class OtelTelemetry {

    private OtelTelemetry() {
    }

    /**
     * A listener that records loops as spans and metrics.
     *
     * @param otel the OpenTelemetry instance ({@code GlobalOpenTelemetry.get()}, or the SDK you built)
     * @return the listener, for any number of loops
     */
    public static LoopTelemetry loop(OpenTelemetry otel) {
        return new LoopTelemetry(new OtelBackend(Objects.requireNonNull(otel, "otel")));
    }

    /**
     * A typed answer whose parses are recorded as {@code parse <Answer>} spans, with their repairs and errors counted.
     *
     * @param type the generated answer type ({@code new RecipeAnswer()})
     * @param otel the OpenTelemetry instance
     * @param <T> the answer's Java type
     * @return the same answer type, its {@code parse} recorded
     */
    public static <T> AnswerType<T> answers(AnswerType<T> type, OpenTelemetry otel) {
        return new ObservedAnswerType<>(type, new OtelBackend(Objects.requireNonNull(otel, "otel")));
    }
}
