package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Recorded replies replayed through the one streamed-reply reader ({@link ReplyRepair.Streaming}) split at every
 * point: text calls, native chunks in the shapes the OpenAI wire, LangChain4j and Spring AI deliver, reasoning in the
 * text and in its own field, and each ending. Every split gives the same final reply and the same events joined, and
 * the final reply is what {@link ReplyRepair#repair} gives for the whole reply at once.
 */
class ReplyReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<ToolSpec> TOOLS = List.of(
            tool("get_weather", "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                    + "\"days\":{\"type\":\"integer\"}},\"required\":[\"city\"]}"),
            tool("transfer", "{\"type\":\"object\",\"properties\":{\"to\":{\"type\":\"string\"},"
                    + "\"amount\":{\"type\":\"number\"}},\"required\":[\"to\",\"amount\"]}"));

    private static ToolSpec tool(String name, String schema) {
        try {
            ObjectNode parameters = (ObjectNode) JSON.readTree(schema);
            List<String> order = new ArrayList<>();
            parameters.get("properties").fieldNames().forEachRemaining(order::add);
            return new ToolSpec(name, name, parameters, order);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** One piece of a recorded reply, in arrival order. */
    sealed interface Piece {
    }

    record Text(String text) implements Piece {
    }

    record Reasoning(String text) implements Piece {
    }

    record Chunk(Integer index, String id, String name, String arguments) implements Piece {
    }

    /** A recorded reply: its pieces in order and how it ended. */
    record Recorded(String name, List<Piece> pieces, Ending ending) {
        @Override
        public String toString() {
            return name + " (" + ending + ")";
        }
    }

    static Stream<Recorded> replies() {
        List<Recorded> out = new ArrayList<>();
        for (Ending ending : Ending.values()) {
            out.add(new Recorded("Hermes call in the text", List.of(
                    new Text("Let me check. <tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": "
                            + "\"Oslo\", \"days\": 2}}\n</tool_call>")), ending));
            out.add(new Recorded("reasoning in the text, then a Llama 3 call", List.of(
                    new Text("<think>The user wants the weather.</think>{\"name\": \"get_weather\", "
                            + "\"parameters\": {\"city\": \"Paris\"}}")), ending));
            out.add(new Recorded("headless closer: the prompt opened the reasoning", List.of(
                    new Text("thinking about it</think>Here you are: [TOOL_CALLS][{\"name\": \"transfer\", "
                            + "\"arguments\": {\"to\": \"Bo\", \"amount\": 5}}]")), ending));
            out.add(new Recorded("OpenAI wire: index and id first, arguments in pieces", List.of(
                    new Reasoning("Two calls needed."),
                    new Chunk(0, "call_a", "get_weather", ""),
                    new Chunk(0, null, null, "{\"city\": \"Os"),
                    new Chunk(0, null, null, "lo\"}"),
                    new Chunk(1, "call_b", "transfer", "{\"to\": \"Bo\", "),
                    new Chunk(1, null, null, "\"amount\": 5}")), ending));
            out.add(new Recorded("LangChain4j partial calls with text before", List.of(
                    new Text("Sure."),
                    new Chunk(0, "c1", "get_weather", "{\"city\":"),
                    new Chunk(0, "c1", "get_weather", " \"Rome\", \"days\": 3}")), ending));
            out.add(new Recorded("Spring AI: no index, the same id and name on every chunk", List.of(
                    new Chunk(null, "s1", "transfer", "{\"to\": \"Al\","),
                    new Chunk(null, "s1", "transfer", " \"amount\": 1.5}")), ending));
            out.add(new Recorded("broken native arguments, repaired", List.of(
                    new Chunk(0, "r1", "get_weather", "{'city': 'Bergen',}")), ending));
            out.add(new Recorded("a call cut off in the text", List.of(
                    new Text("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Ber")), ending));
            out.add(new Recorded("prose only", List.of(new Text("It is sunny in Oslo today.")), ending));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("replies")
    void everySplitGivesTheSameReplyAndTheSameEventsAsTheWholeReply(Recorded recorded) {
        ReplyRepair repair = new ReplyRepair(TOOLS);
        Replayed whole = replay(repair, recorded.pieces(), recorded.ending());

        // the whole reply at once, as a decorator repairs a complete reply
        StringBuilder text = new StringBuilder();
        for (Piece p : recorded.pieces()) {
            if (p instanceof Text t) {
                text.append(t.text());
            }
        }
        Replayed streamedWhole = whole;
        ReplyRepair.Repaired batch = repair.repair(text.toString(), streamedWhole.nativeCalls, recorded.ending());
        assertThat(summary(streamedWhole.reply)).as("streamed whole vs repaired at once")
                .isEqualTo(summaryWithoutFieldReasoning(batch, recorded));

        for (List<Piece> split : splits(recorded.pieces())) {
            Replayed r = replay(repair, split, recorded.ending());
            assertThat(summary(r.reply)).as("final reply, split %s", split).isEqualTo(summary(whole.reply));
            assertThat(joined(r.events)).as("joined events, split %s", split).isEqualTo(joined(whole.events));
        }
    }

    /** The reply's reasoning includes what came in its own field, which a whole-text repair never sees. */
    private static String summaryWithoutFieldReasoning(ReplyRepair.Repaired batch, Recorded recorded) {
        StringBuilder field = new StringBuilder();
        for (Piece p : recorded.pieces()) {
            if (p instanceof Reasoning r) {
                field.append(r.text());
            }
        }
        ReplyRepair.Repaired withField = new ReplyRepair.Repaired(batch.text(), field + batch.reasoning(),
                batch.calls(), batch.rejected(), batch.correction(), batch.changed());
        return summary(withField);
    }

    /** A native call's argument piece, told apart from a text call's here (both count calls from 0). */
    private record NativeArguments(StreamEvent.ArgumentsDelta delta) {
    }

    /** A native call's start, told apart from a text call's. */
    private record NativeStarted(StreamEvent.CallStarted started) {
    }

    private record Replayed(ReplyRepair.Repaired reply, List<Object> events,
                            List<NativeTools.Call> nativeCalls) {
    }

    private static Replayed replay(ReplyRepair repair, List<Piece> pieces, Ending ending) {
        ReplyRepair.Streaming reader = repair.streaming();
        List<Object> events = new ArrayList<>();
        ToolCallChunks merged = new ToolCallChunks();
        for (Piece p : pieces) {
            if (p instanceof Text t) {
                events.addAll(reader.feed(t.text()));
            } else if (p instanceof Reasoning r) {
                events.addAll(reader.reasoning(r.text()));
            } else if (p instanceof Chunk c) {
                for (StreamEvent e : reader.chunk(c.index(), c.id(), c.name(), c.arguments())) {
                    events.add(e instanceof StreamEvent.ArgumentsDelta a ? new NativeArguments(a)
                            : e instanceof StreamEvent.CallStarted started ? new NativeStarted(started) : e);
                }
                merged.add(c.index(), c.id(), c.name(), c.arguments());
            }
        }
        events.addAll(reader.finish(ending));
        return new Replayed(reader.result(ending), events, merged.calls());
    }

    /**
     * The reply split every way one cut can split it: each text, reasoning and argument piece cut at each of its
     * inner points into two pieces (a chunk's second half carries its index and id, not its name again).
     */
    private static List<List<Piece>> splits(List<Piece> pieces) {
        List<List<Piece>> out = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            String s = p instanceof Text t ? t.text() : p instanceof Reasoning r ? r.text()
                    : ((Chunk) p).arguments();
            for (int cut = 1; cut < s.length(); cut++) {
                List<Piece> split = new ArrayList<>(pieces.subList(0, i));
                if (p instanceof Text) {
                    split.add(new Text(s.substring(0, cut)));
                    split.add(new Text(s.substring(cut)));
                } else if (p instanceof Reasoning) {
                    split.add(new Reasoning(s.substring(0, cut)));
                    split.add(new Reasoning(s.substring(cut)));
                } else {
                    Chunk c = (Chunk) p;
                    split.add(new Chunk(c.index(), c.id(), c.name(), s.substring(0, cut)));
                    split.add(new Chunk(c.index(), c.id(), c.index() == null ? c.name() : null, s.substring(cut)));
                }
                split.addAll(pieces.subList(i + 1, pieces.size()));
                out.add(split);
            }
        }
        return out;
    }

    /** What a reply comes to, with the ids made up for calls without one left out. */
    private static String summary(ReplyRepair.Repaired r) {
        StringBuilder b = new StringBuilder();
        b.append("text=").append(r.text()).append("\nreasoning=").append(r.reasoning()).append('\n');
        for (ToolCall c : r.calls()) {
            b.append("call ").append(c.name()).append(' ').append(c.arguments()).append(' ')
                    .append(c.id() != null && c.id().startsWith("call_") && c.id().length() > 10 ? "<made-up id>"
                            : c.id()).append('\n');
        }
        for (ReplyRepair.Rejected x : r.rejected()) {
            b.append("rejected ").append(x.call().name()).append(": ").append(x.message()).append('\n');
        }
        b.append("correction=").append(r.correction()).append("\nchanged=").append(r.changed());
        return b.toString();
    }

    /**
     * The events as a screen shows them once the reply is over: neighbouring text, reasoning and native argument
     * pieces joined; text shown and then found to be reasoning ({@link StreamEvent.TextWasReasoning}) shown as
     * reasoning; a text call's start and argument pieces left out, since they are progress shown while the call is
     * being written ({@link StreamEvent.ArgumentsDelta} is display only) and come only when a call spans two deltas:
     * its {@link StreamEvent.CallCompleted} or {@link StreamEvent.Error} is what the screen keeps. A native call's
     * start and argument text stay: nothing else shows it.
     */
    private static List<String> joined(List<Object> events) {
        List<String> out = new ArrayList<>();
        for (Object e : events) {
            if (e instanceof StreamEvent.TextDelta t) {
                append(out, "text: ", t.text());
            } else if (e instanceof StreamEvent.ReasoningDelta r) {
                append(out, "reasoning: ", r.text());
            } else if (e instanceof StreamEvent.TextWasReasoning w) {
                out.removeIf(x -> x.startsWith("text: "));
                out.add(0, "reasoning: " + w.text());
            } else if (e instanceof NativeArguments a) {
                append(out, "native arguments " + a.delta().index() + ": ", a.delta().fragment());
            } else if (e instanceof NativeStarted n) {
                out.add("native " + n.started());
            } else if (e instanceof StreamEvent.ArgumentsDelta || e instanceof StreamEvent.CallStarted) {
                continue;
            } else if (e instanceof StreamEvent.CallCompleted c) {
                out.add("completed " + c.call().name() + " " + c.call().arguments());
            } else {
                out.add(e.toString());
            }
        }
        return out;
    }

    /** Adds a piece to the last entry when it is of the same kind, else as a new entry. */
    private static void append(List<String> out, String kind, String piece) {
        int last = out.size() - 1;
        if (last >= 0 && out.get(last).startsWith(kind)) {
            out.set(last, out.get(last) + piece);
        } else {
            out.add(kind + piece);
        }
    }
}
