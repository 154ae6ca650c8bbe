package dev.calltype.mcp;

import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Tools that misbehave the way real ones do: hang, ignore interrupts, return too much, hold large arguments. */
final class StubbornToolkit {

    /** Released at the end of a test: {@code hang} calls wait for it, ignoring interrupts. */
    final CountDownLatch release = new CountDownLatch(1);
    /** How many {@code wait} calls saw their interrupt. */
    final AtomicInteger interrupted = new AtomicInteger();
    /** Counted down when a {@code wait} call has started. */
    volatile CountDownLatch waiting = new CountDownLatch(1);
    final Toolkit toolkit;

    StubbornToolkit() {
        toolkit = Toolkits.fromJson("""
                [{"name":"echo","parameters":{"type":"object","properties":{"text":{"type":"string"}}}},
                 {"name":"hang","parameters":{"type":"object","properties":{}}},
                 {"name":"wait","parameters":{"type":"object","properties":{"ms":{"type":"integer"}}}},
                 {"name":"big","parameters":{"type":"object","properties":{"chars":{"type":"integer"}}}},
                 {"name":"hold","parameters":{"type":"object","properties":{"blob":{"type":"string"}}}}]
                """, (name, args) -> switch (name) {
                    case "echo" -> JsonNodeFactory.instance.textNode(args.path("text").asText());
                    case "hang" -> {
                        while (true) {
                            try {
                                if (release.await(1, TimeUnit.MINUTES)) {
                                    yield JsonNodeFactory.instance.textNode("released");
                                }
                            } catch (InterruptedException e) {
                                // this tool does not heed interrupts
                            }
                        }
                    }
                    case "wait" -> {
                        waiting.countDown();
                        try {
                            Thread.sleep(args.path("ms").asLong(60_000));
                        } catch (InterruptedException e) {
                            interrupted.incrementAndGet();
                            throw e;
                        }
                        yield JsonNodeFactory.instance.textNode("waited");
                    }
                    case "big" -> JsonNodeFactory.instance.textNode("x".repeat(args.path("chars").asInt()));
                    case "hold" -> {
                        release.await();
                        yield JsonNodeFactory.instance.numberNode(args.path("blob").asText().length());
                    }
                    default -> throw new AssertionError(name);
                });
    }
}
