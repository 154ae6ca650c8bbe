package dev.calltype.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Telemetry as OpenTelemetry spans and metrics: each operation a span (its duration also a histogram
 * {@code <metric>.duration} in seconds, tagged with its low-cardinality attributes), counters and histograms for the
 * rest. Instrumentation scope {@code dev.calltype}.
 */
final class OtelBackend implements Backend {

    /** The GenAI conventions' advice for operation durations, in seconds. */
    private static final List<Double> SECONDS = List.of(0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12,
            10.24, 20.48, 40.96, 81.92);
    /** The GenAI conventions' advice for token counts. */
    private static final List<Double> TOKENS = List.of(1.0, 4.0, 16.0, 64.0, 256.0, 1024.0, 4096.0, 16384.0,
            65536.0, 262144.0, 1048576.0, 4194304.0, 16777216.0, 67108864.0);

    private final Tracer tracer;
    private final Meter meter;
    private final Map<String, LongCounter> counters = new ConcurrentHashMap<>();
    private final Map<String, DoubleHistogram> histograms = new ConcurrentHashMap<>();

    OtelBackend(OpenTelemetry otel) {
        this.tracer = otel.getTracer("dev.calltype");
        this.meter = otel.getMeter("dev.calltype");
    }

    @Override
    public Operation start(Operation parent, String metric, String spanName, Kind kind, boolean current) {
        SpanBuilder b = tracer.spanBuilder(spanName)
                .setSpanKind(kind == Kind.CLIENT ? SpanKind.CLIENT : SpanKind.INTERNAL);
        if (parent instanceof Op p) {
            b.setParent(Context.current().with(p.span));
        }
        Span span = b.startSpan();
        return new Op(metric, span, current ? span.makeCurrent() : null, System.nanoTime());
    }

    @Override
    public void count(String metric, String... tags) {
        counters.computeIfAbsent(metric, m -> meter.counterBuilder(m).build()).add(1, attributes(tags));
    }

    @Override
    public void record(String metric, String unit, double value, String... tags) {
        histogram(metric, unit).record(value, attributes(tags));
    }

    private DoubleHistogram histogram(String metric, String unit) {
        return histograms.computeIfAbsent(metric, m -> meter.histogramBuilder(m).setUnit(unit)
                .setExplicitBucketBoundariesAdvice(unit.equals("s") ? SECONDS : TOKENS).build());
    }

    private static Attributes attributes(String... tags) {
        AttributesBuilder b = Attributes.builder();
        for (int i = 0; i + 1 < tags.length; i += 2) {
            b.put(tags[i], tags[i + 1]);
        }
        return b.build();
    }

    private final class Op implements Operation {
        private final String metric;
        final Span span;
        private final Scope scope;
        private final long t0;
        private final AttributesBuilder low = Attributes.builder();

        Op(String metric, Span span, Scope scope, long t0) {
            this.metric = metric;
            this.span = span;
            this.scope = scope;
            this.t0 = t0;
        }

        @Override
        public void low(String key, String value) {
            if (value != null) {
                span.setAttribute(key, value);
            }
            low.put(key, value == null ? GenAi.UNKNOWN : value);
        }

        @Override
        public void high(String key, String value) {
            if (value != null) {
                span.setAttribute(key, value);
            }
        }

        @Override
        public void high(String key, long value) {
            span.setAttribute(key, value);
        }

        @Override
        public void high(String key, List<String> values) {
            span.setAttribute(AttributeKey.stringArrayKey(key), values);
        }

        @Override
        public void succeeded() {
            // OpenTelemetry sets error.type only on failures
        }

        @Override
        public void error(String errorType, Throwable thrown) {
            low(GenAi.ERROR_TYPE, errorType);
            if (thrown != null) {
                span.recordException(thrown);
            }
            span.setStatus(StatusCode.ERROR);
        }

        @Override
        public void end() {
            if (scope != null) {
                scope.close();
            }
            span.end();
            histogram(metric + ".duration", "s").record((System.nanoTime() - t0) / 1e9, low.build());
        }
    }
}
