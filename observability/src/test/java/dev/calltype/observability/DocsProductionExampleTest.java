package dev.calltype.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.CallReport;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.agent.ToolLoop;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** The Java example of docs/production.md, run as written. */
class DocsProductionExampleTest {

    private static final Logger log = Logger.getLogger("production-doc-example");

    @Test
    void theExampleObservesTheLoopAndLogsTheToolsException() {
        TestObservationRegistry observationRegistry = TestObservationRegistry.create();
        SimpleMeterRegistry meterRegistry = new SimpleMeterRegistry();
        Toolkit tools = Toolkits.of(List.of(new ToolSpec("get_weather", "Weather.",
                JsonNodeFactory.instance.objectNode().put("type", "object"), List.of(), false, true)), (name, args) -> {
                    throw new IllegalStateException("weather service down");
                });
        AtomicInteger round = new AtomicInteger();
        ModelClient model = (request, listener) -> (round.incrementAndGet() == 1
                ? ModelReply.calls(ToolCall.of("get_weather").withId("c1")) : ModelReply.text("No idea, sorry."))
                .withMetadata(new ReplyMetadata("m", "stop", new TokenUsage(10, 2), null, null));
        List<LogRecord> logged = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(handler);
        try {
            // README: production
            ToolLoop loop = ToolLoop.builder(model, tools)
                    .listener(MicrometerTelemetry.loop(observationRegistry, meterRegistry))
                    .build();
            ToolLoop.Outcome outcome = loop.run("What is the weather in Paris?");
            TokenUsage used = outcome.usage();
            for (CallReport call : outcome.calls()) {
                call.exception().ifPresent(e -> log.log(Level.WARNING, "tool " + call.call().name() + " failed", e));
            }
            // README end
            assertThat(used).isEqualTo(new TokenUsage(20, 4));
        } finally {
            log.removeHandler(handler);
        }
        assertThat(logged).singleElement().satisfies(r -> assertThat(r.getThrown())
                .hasMessage("weather service down"));
        assertThat(meterRegistry.get(GenAi.TOKEN_USAGE_METRIC).summaries()).hasSize(2);
    }
}
