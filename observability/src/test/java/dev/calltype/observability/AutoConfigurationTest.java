package dev.calltype.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The Spring Boot auto-configuration, found through its imports file as Spring Boot finds it. */
class AutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(CalltypeObservabilityAutoConfiguration.class));

    @Test
    void anObservationRegistryBeanGivesALoopTelemetryBeanThatRecordsIntoIt() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        runner.withBean(ObservationRegistry.class, () -> observations)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .run(context -> {
                    assertThat(context).hasSingleBean(LoopTelemetry.class);
                    ToolLoop.builder((request, listener) -> ModelReply.text("hi"), Toolkits.of(List.of(), (n, a) -> null))
                            .listener(context.getBean(LoopTelemetry.class)).build().run("hello");
                    TestObservationRegistryAssert.assertThat(observations)
                            .hasNumberOfObservationsWithNameEqualTo(GenAi.LOOP_METRIC, 1)
                            .hasNumberOfObservationsWithNameEqualTo(GenAi.CHAT_METRIC, 1);
                });
    }

    @Test
    void withoutAnObservationRegistryThereIsNoLoopTelemetry() {
        runner.run(context -> assertThat(context).doesNotHaveBean(LoopTelemetry.class));
    }

    @Test
    void aLoopTelemetryOfTheApplicationsOwnWins() {
        LoopTelemetry own = MicrometerTelemetry.loop(ObservationRegistry.NOOP);
        runner.withBean(ObservationRegistry.class, TestObservationRegistry::create)
                .withBean(LoopTelemetry.class, () -> own)
                .run(context -> assertThat(context.getBean(LoopTelemetry.class)).isSameAs(own));
    }

    @Test
    void theImportsFileNamesTheAutoConfiguration() throws Exception {
        try (var in = getClass().getResourceAsStream(
                "/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports")) {
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip())
                    .isEqualTo(CalltypeObservabilityAutoConfiguration.class.getName());
        }
    }
}
