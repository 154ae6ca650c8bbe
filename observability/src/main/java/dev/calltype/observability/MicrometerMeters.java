package dev.calltype.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;

/** The counters and distributions of {@link MicrometerBackend}, apart so that only it needs Micrometer's core. */
final class MicrometerMeters {

    private final MeterRegistry registry;

    MicrometerMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void count(String metric, String... tags) {
        Counter.builder(metric).tags(tags).register(registry).increment();
    }

    /** Seconds as a timer, anything else (tokens) as a distribution summary. */
    void record(String metric, String unit, double value, String... tags) {
        if (unit.equals("s")) {
            Timer.builder(metric).tags(tags).register(registry).record(Duration.ofNanos(Math.round(value * 1e9)));
        } else {
            DistributionSummary.builder(metric).baseUnit(unit.equals("{token}") ? "tokens" : unit).tags(tags)
                    .register(registry).record(value);
        }
    }
}
