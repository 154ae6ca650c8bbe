package dev.calltype.observability;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.util.List;

/**
 * Telemetry as Micrometer observations (a timer per observation name through the registry's meter handler, a span
 * per observation through a tracing bridge) and, when a meter registry is given, Micrometer meters.
 */
final class MicrometerBackend implements Backend {

    private final ObservationRegistry registry;
    /** Counters and distributions, or {@code null} when no meter registry was given. */
    private final MicrometerMeters meters;

    MicrometerBackend(ObservationRegistry registry, MicrometerMeters meters) {
        this.registry = registry;
        this.meters = meters;
    }

    @Override
    public Operation start(Operation parent, String metric, String spanName, Kind kind, boolean current) {
        Observation observation = Observation.createNotStarted(metric, registry).contextualName(spanName);
        if (parent instanceof Op p) {
            observation.parentObservation(p.observation);
        }
        observation.start();
        return new Op(observation, current ? observation.openScope() : null);
    }

    @Override
    public void count(String metric, String... tags) {
        if (meters != null) {
            meters.count(metric, tags);
        }
    }

    @Override
    public void record(String metric, String unit, double value, String... tags) {
        if (meters != null) {
            meters.record(metric, unit, value, tags);
        }
    }

    private static final class Op implements Operation {
        final Observation observation;
        private final Observation.Scope scope;

        Op(Observation observation, Observation.Scope scope) {
            this.observation = observation;
            this.scope = scope;
        }

        @Override
        public void low(String key, String value) {
            observation.lowCardinalityKeyValue(key, value == null ? GenAi.UNKNOWN : value);
        }

        @Override
        public void high(String key, String value) {
            if (value != null) {
                observation.highCardinalityKeyValue(key, value);
            }
        }

        @Override
        public void high(String key, long value) {
            observation.highCardinalityKeyValue(key, Long.toString(value));
        }

        @Override
        public void high(String key, List<String> values) {
            observation.highCardinalityKeyValue(key, String.join(",", values));
        }

        @Override
        public void succeeded() {
            observation.lowCardinalityKeyValue(GenAi.ERROR_TYPE, GenAi.NONE); // every series has the same tags
        }

        @Override
        public void error(String errorType, Throwable thrown) {
            observation.lowCardinalityKeyValue(GenAi.ERROR_TYPE, errorType);
            if (thrown != null) {
                observation.error(thrown);
            }
        }

        @Override
        public void end() {
            if (scope != null) {
                scope.close();
            }
            observation.stop();
        }
    }
}
