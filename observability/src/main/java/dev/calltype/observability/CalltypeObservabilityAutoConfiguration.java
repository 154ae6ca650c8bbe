package dev.calltype.observability;

import dev.calltype.runtime.agent.ToolLoop;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Boot auto-configuration: when Micrometer's {@link ObservationRegistry} is a bean (Spring Boot Actuator
 * makes one), a {@link LoopTelemetry} bean over it, with the application's {@link MeterRegistry} for the meters when
 * there is one. Give it to each loop: {@code ToolLoop.builder(model, tools).listener(loopTelemetry)}. A bean of your
 * own of that type replaces it.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration"})
@ConditionalOnClass({ObservationRegistry.class, ToolLoop.class})
public class CalltypeObservabilityAutoConfiguration {

    /** Creates the configuration; Spring Boot does. */
    public CalltypeObservabilityAutoConfiguration() {
    }

    /** With Micrometer's core on the class path: observations, and meters when a meter registry is a bean. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
    static class WithMeters {
        @Bean
        @ConditionalOnBean(ObservationRegistry.class)
        @ConditionalOnMissingBean
        LoopTelemetry calltypeLoopTelemetry(ObservationRegistry observations, ObjectProvider<MeterRegistry> meters) {
            return MicrometerTelemetry.loop(observations, meters.getIfAvailable());
        }
    }

    /** Without Micrometer's core: observations only. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingClass("io.micrometer.core.instrument.MeterRegistry")
    static class ObservationsOnly {
        @Bean
        @ConditionalOnBean(ObservationRegistry.class)
        @ConditionalOnMissingBean
        LoopTelemetry calltypeLoopTelemetry(ObservationRegistry observations) {
            return MicrometerTelemetry.loop(observations);
        }
    }
}
