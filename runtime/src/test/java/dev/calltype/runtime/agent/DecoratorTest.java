package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.BoundTool;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.testing.ScriptedModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A toolkit decorator written the obvious way (wrap a toolkit, hand every method on to it, {@code bind} included,
 * and time the calls in {@code dispatch}) sees every call that runs through it, on every door: {@code ToolLoop},
 * {@code Toolkit.handle}, the adapters' native door, and as a part of a combined toolkit or around one. The binding
 * still runs exactly the tool that was decided on.
 */
class DecoratorTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<String> ran = new ArrayList<>();

    /** A toolkit that hands its four methods on to another; {@code bind} and the rest are {@code Toolkit}'s own. */
    abstract static class Delegating implements Toolkit {
        final Toolkit inner;

        Delegating(Toolkit inner) {
            this.inner = inner;
        }

        @Override
        public List<ToolSpec> tools() {
            return inner.tools();
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            return inner.schemaJson(dialect);
        }

        @Override
        public String formatInstructions(PromptFormat format) {
            return inner.formatInstructions(format);
        }

        @Override
        public ToolResult dispatch(ToolCall call) {
            return inner.dispatch(call);
        }
    }

    /** The obvious timing toolkit: every method handed on, {@code bind} included, the calls timed in dispatch. */
    static final class Timing extends Delegating {
        final List<String> timed = new CopyOnWriteArrayList<>();

        Timing(Toolkit inner) {
            super(inner);
        }

        @Override
        public ToolResult dispatch(ToolCall call) {
            long start = System.nanoTime();
            try {
                return inner.dispatch(call);
            } finally {
                timed.add(call.name() + " " + (System.nanoTime() - start >= 0));
            }
        }

        @Override
        public Optional<ToolSpec> resolve(String name) {
            return inner.resolve(name);
        }

        @Override
        public Optional<BoundTool> bind(String name) {
            return inner.bind(name);
        }

        @Override
        public List<String> warnings() {
            return inner.warnings();
        }

        @Override
        public ToolCallExtractor extractor() {
            return inner.extractor();
        }
    }

    private Toolkit notes() {
        return tools("read_note", "delete_note");
    }

    private Toolkit tools(String readOnly, String confirmed) {
        try {
            ObjectNode schema = (ObjectNode) JSON.readTree("{\"type\":\"object\",\"properties\":{\"title\":"
                    + "{\"type\":\"string\"}},\"required\":[\"title\"]}");
            return Toolkits.of(List.of(
                    new ToolSpec(readOnly, "Reads.", schema, List.of("title"), false, true),
                    new ToolSpec(confirmed, "Deletes.", schema, List.of("title"), true, false)),
                    (name, args) -> {
                        ran.add(name + " " + args.path("title").asText());
                        return TextNode.valueOf("done");
                    });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ToolCall call(String name, String title) {
        return ToolCall.of(name, JSON.createObjectNode().put("title", title));
    }

    @Test
    void theLoopRunsEveryCallThroughTheDecoratorsDispatch() {
        Timing timing = new Timing(notes());
        ScriptedModel model = new ScriptedModel()
                .then(ModelReply.calls(call("read_note", "a"), call("readNote", "b"), call("delete_note", "c")))
                .thenText("done");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, timing).approver((c, tool) -> true).build().run("go");

        assertThat(outcome.answer()).isEqualTo("done");
        assertThat(ran).containsExactly("read_note a", "read_note b", "delete_note c");
        assertThat(timing.timed).containsExactly("read_note true", "read_note true", "delete_note true");
    }

    @Test
    void handleAndTheNativeDoorRunThroughTheDecoratorToo() {
        Timing timing = new Timing(notes());

        List<ToolResult> handled = timing.handle(
                "<tool_call>{\"name\": \"read_note\", \"arguments\": {\"title\": \"x\"}}</tool_call>"
                + "<tool_call>{\"name\": \"delete_note\", \"arguments\": {\"title\": \"y\"}}</tool_call>");
        ToolResult nativeCall = Approvals.dispatch(timing, null, "READ-NOTE", "{\"title\": \"z\"}", "call_1");
        ToolResult declined = Approvals.dispatch(timing, (c, tool) -> false, "delete_note", "{\"title\": \"w\"}",
                "call_2");
        ToolResult unknown = Approvals.dispatch(timing, null, "shred_note", "{}", "call_3");

        assertThat(handled).extracting(ToolResult::isError).containsExactly(false, true);
        assertThat(nativeCall.isError()).as(nativeCall.content()).isFalse();
        assertThat(declined.content()).startsWith(Approvals.DECLINED + "delete_note");
        assertThat(unknown.isError()).isTrue();
        // a declined or unknown call runs nowhere; every call that ran went through the decorator
        assertThat(ran).containsExactly("read_note x", "read_note z");
        assertThat(timing.timed).containsExactly("read_note true", "read_note true");
    }

    @Test
    void aDecoratedPartOfACombinedToolkitAndADecoratedCombinationSeeTheirCalls() {
        Timing part = new Timing(notes());
        Timing around = new Timing(Toolkits.combine(part, tools("read_file", "delete_file")));
        ScriptedModel model = new ScriptedModel()
                .then(ModelReply.calls(call("read_note", "a"), call("read_file", "b"), call("delete_file", "c")))
                .thenText("done");

        ToolLoop.builder(model, around).approver((c, tool) -> !tool.name().equals("delete_file")).build().run("go");

        assertThat(ran).containsExactly("read_note a", "read_file b");
        assertThat(around.timed).containsExactly("read_note true", "read_file true");
        assertThat(part.timed).containsExactly("read_note true");
    }

    @Test
    void aBindingThroughADecoratorStillRunsOnlyTheToolItWasMadeFor() {
        Toolkit notes = notes();
        List<ToolSpec> listed = new ArrayList<>(notes.tools());
        Toolkit changing = new Delegating(notes) { // tools that change, and Toolkit's own bind
            @Override
            public List<ToolSpec> tools() {
                return List.copyOf(listed);
            }
        };
        Timing timing = new Timing(changing);
        BoundTool bound = timing.bind("read_note").orElseThrow();
        listed.clear();
        listed.add(notes.tools().get(1));

        ToolResult result = bound.dispatch(call("read_note", "late"), timing);

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).contains("changed or was removed");
        assertThat(ran).isEmpty();
        assertThat(timing.timed).isEmpty();
    }

    @Test
    void aBindingRunsThroughNoToolkitThatDoesNotHoldIt() {
        Toolkit notes = notes();
        Toolkit other = Toolkits.of(notes.tools(), (name, args) -> {
            ran.add("other " + name + " " + args.path("title").asText());
            return TextNode.valueOf("done");
        });
        BoundTool byName = notes.bind("read_note").orElseThrow();
        BoundTool atomic = new OwnRunner(notes).bind("read_note").orElseThrow();

        // the other toolkit has a tool of the same name and an equal spec, but it did not make these bindings
        ToolResult throughOther = byName.dispatch(call("read_note", "a"), other);
        ToolResult atomicThroughOther = atomic.dispatch(call("read_note", "b"), other);

        assertThat(throughOther.isError()).isTrue();
        assertThat(throughOther.content()).contains("was not run");
        assertThat(atomicThroughOther.isError()).isTrue();
        assertThat(ran).isEmpty();
        // through their owners, and through a decorator that hands bind on to them, they run
        assertThat(byName.dispatch(call("read_note", "c"), notes).isError()).isFalse();
        OwnRunner owner = new OwnRunner(notes);
        Timing timing = new Timing(owner);
        assertThat(owner.bind("read_note").orElseThrow().dispatch(call("read_note", "d"), timing).isError())
                .isFalse();
        assertThat(ran).containsExactly("read_note c", "read_note d");
    }

    @Test
    void aBindingDoesNotRunThroughADoorThatNowBindsItsNameToAnotherToolkit() {
        List<Toolkit> parts = new ArrayList<>(List.of(notes()));
        Toolkit later = tools("read_note", "delete_note");
        Toolkit router = new Delegating(notes()) { // hands every name on to a part that can change
            @Override
            public Optional<BoundTool> bind(String name) {
                return parts.get(0).bind(name);
            }

            @Override
            public ToolResult dispatch(ToolCall call) {
                return parts.get(0).dispatch(call);
            }
        };
        BoundTool bound = router.bind("read_note").orElseThrow();
        parts.set(0, later);

        // the first part still has the tool, but the door now hands the name to another part
        ToolResult result = bound.dispatch(call("read_note", "late"), router);

        assertThat(result.isError()).isTrue();
        assertThat(ran).isEmpty();
    }

    /** A toolkit whose bindings check and run in one step, as an MCP toolkit's do. */
    static final class OwnRunner extends Delegating {
        OwnRunner(Toolkit inner) {
            super(inner);
        }

        @Override
        public Optional<BoundTool> bind(String name) {
            return inner.resolve(name).map(tool -> BoundTool.of(this, tool, inner::dispatch));
        }
    }
}
