package dev.calltype.runtime.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.WireFormat;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One model reply read against the tools a request offered, for a decorator of a framework's chat model (LangChain4j,
 * Spring AI): the calls the model wrote in its text become native calls, with the markup taken out of the text and
 * the reasoning kept apart; native calls get their arguments repaired (single quotes, fences, double encoding, a
 * call cut off is refused) and coerced to the tool's schema, and their names resolved to the tools offered. What
 * cannot be read safely comes back as a {@linkplain Repaired#rejected() rejected call} whose message tells the
 * model what to fix, never as an exception. A reply that makes more than
 * {@link ToolLoop#DEFAULT_MAX_CALLS_PER_REPLY} calls has none of them read or run: its correction asks for fewer.
 *
 * <pre>{@code
 * ReplyRepair repair = new ReplyRepair(toolsOfTheRequest);
 * ReplyRepair.Repaired r = repair.repair(reply.text(), nativeCalls);
 * if (r.changed()) reply = frameworkReply(r.text(), r.reasoning(), r.calls());
 * }</pre>
 *
 * <p>Immutable and thread-safe; {@link #streaming()} reads one streamed reply.
 */
public final class ReplyRepair {

    /** What a call that was read but not run is answered with when another call of its reply was rejected. */
    public static final String NOT_RUN = "Not run: another call in the same reply could not be read (see its"
            + " result). Call this tool again if it is still needed.";

    private static final SecureRandom IDS = new SecureRandom();

    private final List<ToolSpec> tools;
    private final ToolCallExtractor extractor;
    /** Checks and coerces arguments against each tool's schema; its handler hands the coerced arguments back. */
    private final Toolkit schemas;

    /**
     * A repair for the tools a request offers.
     *
     * @param tools the tools, as their schemas describe them (for a framework's tools: name, description and the
     *     parameters schema); empty when the request offers none, and then no text is read for calls
     * @throws IllegalArgumentException when two tools have the same name
     */
    public ReplyRepair(List<ToolSpec> tools) {
        this.tools = List.copyOf(tools);
        this.extractor = ToolCallExtractor.builder().tools(this.tools).build();
        this.schemas = Toolkits.of(this.tools, (name, arguments) -> arguments);
    }

    /**
     * The tools offered.
     *
     * @return the tools, in order
     */
    public List<ToolSpec> tools() {
        return tools;
    }

    /**
     * The tool a name a model wrote means, as {@link Toolkit#resolve} resolves it among {@link #tools()}.
     *
     * @param name the name as written
     * @return the tool, or {@code null} when no tool or more than one matches
     */
    public ToolSpec resolve(String name) {
        return name == null ? null : schemas.resolve(name).orElse(null);
    }

    /**
     * One complete reply, repaired.
     *
     * @param text the reply's text; {@code null} for none
     * @param calls the native calls, in the order the framework returned them
     * @return the repaired reply; {@link Repaired#changed()} is {@code false} when it is the reply as it was
     */
    public Repaired repair(String text, List<NativeTools.Call> calls) {
        return repair(text, calls, Ending.UNKNOWN);
    }

    /**
     * One complete reply that ended as {@code ending} says, repaired. At {@link Ending#LENGTH} its last call (the
     * last native one, else the last written in the text) is {@linkplain Repaired#rejected() rejected} as cut off,
     * even when its arguments close.
     *
     * @param text the reply's text; {@code null} for none
     * @param calls the native calls, in the order the framework returned them
     * @param ending how the reply ended ({@link Ending#of} reads a framework's finish reason)
     * @return the repaired reply; {@link Repaired#changed()} is {@code false} when it is the reply as it was
     */
    public Repaired repair(String text, List<NativeTools.Call> calls, Ending ending) {
        Objects.requireNonNull(ending, "ending");
        String visible = text == null ? "" : text;
        if (tools.isEmpty() || visible.isEmpty()) {
            return combine(visible, "", List.of(), null, calls, false, ending);
        }
        // the batch reader reads the reply once and gives its text, calls and errors; only a reply with reasoning is
        // read again, by the streaming reader, which gives the reasoning's text without its tags
        Extraction x = extractor.extract(visible, ending);
        boolean reasoning = hasReasoning(x);
        if (!x.hasCalls() && !x.hasErrors() && !reasoning) {
            return combine(visible, "", List.of(), null, calls, false, ending);
        }
        if (!reasoning) {
            return combine(x.text(), "", x.calls(), x.correctionPrompt().orElse(null), calls, true, ending);
        }
        Streaming s = streaming();
        s.feed(visible);
        s.finish(ending);
        return combine(s.text.toString(), s.reasoning.toString(), s.stream.calls(),
                s.stream.correctionPrompt().orElse(null), calls, true, ending);
    }

    private static boolean hasReasoning(Extraction x) {
        for (Extraction.Segment s : x.segments()) {
            if (s.kind() == Extraction.Segment.Kind.REASONING) {
                return true;
            }
        }
        return false;
    }

    /**
     * A reader of one streamed reply: feed it the text deltas, pass on the events it returns (text and reasoning for
     * the user, calls complete), then {@link Streaming#result} with the reply's native calls.
     *
     * @return a new reader, for one reply
     */
    public Streaming streaming() {
        return new Streaming();
    }

    private Repaired combine(String text, String reasoning, List<ToolCall> textCalls, String correction,
                             List<NativeTools.Call> nativeCalls, boolean textChanged, Ending ending) {
        int made = textCalls.size() + nativeCalls.size();
        if (made > ToolLoop.DEFAULT_MAX_CALLS_PER_REPLY) {
            // none of them is read or run; the model is asked again with fewer
            String limit = tooManyCalls(made);
            return new Repaired(text, reasoning, List.of(), List.of(),
                    correction == null ? limit : limit + "\n\n" + correction, true);
        }
        boolean changed = textChanged;
        List<ToolCall> calls = new ArrayList<>(textCalls.size() + nativeCalls.size());
        List<Rejected> rejected = new ArrayList<>();
        // at the token limit the last call never runs: the last native one, else the last in the text (CutOff)
        boolean cut = ending == Ending.LENGTH;
        int lastNative = cut ? nativeCalls.size() - 1 : -1;
        int lastText = cut && nativeCalls.isEmpty() ? textCalls.size() - 1 : -1;
        for (int i = 0; i < nativeCalls.size(); i++) {
            NativeTools.Call c = nativeCalls.get(i);
            String id = c.id() == null || c.id().isBlank() ? newId() : c.id();
            changed |= !id.equals(c.id());
            if (i == lastNative) {
                rejected.add(new Rejected(new NativeTools.Call(c.name(), c.arguments(), id),
                        CutOff.message(c.name())));
                changed = true;
                continue;
            }
            if (tools.isEmpty()) {
                calls.add(asIs(c, id));
                continue;
            }
            NativeTools.Call withId = new NativeTools.Call(c.name(), c.arguments(), id);
            ModelReply one = NativeTools.read(extractor, withId);
            if (!one.rejectedCalls().isEmpty()) {
                rejected.add(new Rejected(withId, one.rejectedCalls().get(0).content()));
                changed = true;
                continue;
            }
            ToolCall call = coerce(one.toolCalls().get(0));
            changed |= !call.name().equals(c.name()) || !sameJson(call.arguments(), c.arguments());
            calls.add(call);
        }
        for (int i = 0; i < textCalls.size(); i++) {
            ToolCall t = textCalls.get(i).id() == null ? textCalls.get(i).withId(newId()) : textCalls.get(i);
            if (i == lastText) {
                rejected.add(new Rejected(new NativeTools.Call(t.name(), t.arguments().toString(), t.id()),
                        CutOff.message(t.name())));
                continue;
            }
            calls.add(coerce(t));
        }
        return new Repaired(text, reasoning, calls, rejected, correction, changed || correction != null);
    }

    /** What the model is told when one reply made more calls than {@link ToolLoop#DEFAULT_MAX_CALLS_PER_REPLY}. */
    static String tooManyCalls(int made) {
        int limit = ToolLoop.DEFAULT_MAX_CALLS_PER_REPLY;
        return "Your reply made " + made + " tool calls; one reply may make at most " + limit + ", so none of them"
                + " ran. Make at most " + limit + " calls in one reply.";
    }

    /** A native call when no tools are known: kept as sent (arguments read leniently when they can be). */
    private ToolCall asIs(NativeTools.Call c, String id) {
        Extraction x = NativeTools.extraction(extractor, new NativeTools.Call(c.name(), c.arguments(), id));
        return x.hasCalls() ? x.calls().get(0) : new ToolCall(c.readName(),
                JsonNodeFactory.instance.objectNode(), id, 0, 0, WireFormat.NATIVE, List.of());
    }

    /** The call with its arguments coerced to the tool's schema when they fit it, else as read. */
    private ToolCall coerce(ToolCall call) {
        ToolResult checked = schemas.dispatch(call);
        if (checked.isError() || !(checked.value() instanceof ObjectNode coerced)) {
            return call;
        }
        return new ToolCall(checked.toolName(), coerced, call.id(), call.start(), call.end(), call.format(),
                call.repairs());
    }

    private static boolean sameJson(JsonNode parsed, String sent) {
        return sent != null && parsed.toString().equals(sent.strip());
    }

    private static String newId() {
        return "call_" + Long.toHexString(IDS.nextLong() & Long.MAX_VALUE);
    }

    /**
     * A reply after repair.
     *
     * @param text the text for the user: without call markup and reasoning
     * @param reasoning the reasoning written in the text ({@code <think>} blocks and the like), {@code ""} when none
     * @param calls the calls to run: the native ones read and coerced, then those written in the text, each with an
     *     id (one is made when the model gave none)
     * @param rejected calls that cannot be run (native arguments cut off or unreadable, a name that is no tool
     *     offered, the last call of a reply cut at the token limit, native or written in the text), each with the
     *     message that tells the model what to fix
     * @param correction the message for the model when calls written in the text could not be read, else
     *     {@code null}
     * @param changed whether anything differs from the reply as the framework returned it
     */
    public record Repaired(String text, String reasoning, List<ToolCall> calls, List<Rejected> rejected,
                           String correction, boolean changed) {

        /**
         * Copies the lists.
         *
         * @param text the text for the user
         * @param reasoning the reasoning, {@code ""} when none
         * @param calls the calls to run
         * @param rejected the native calls that cannot be run
         * @param correction the message for calls in the text that could not be read, or {@code null}
         * @param changed whether anything differs from the reply as returned
         */
        public Repaired {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(reasoning, "reasoning");
            calls = List.copyOf(calls);
            rejected = List.copyOf(rejected);
        }

        /**
         * Whether the model must be asked again before anything runs: a call was rejected or a call in the text could
         * not be read.
         *
         * @return {@code true} when {@link #rejected()} is not empty or there is a {@link #correction()}
         */
        public boolean needsCorrection() {
            return !rejected.isEmpty() || correction != null;
        }
    }

    /**
     * A call that cannot be run (a call written in the text is given with its arguments as JSON text).
     *
     * @param call the call as sent, with the id it is answered under (one is made when the model gave none)
     * @param message what the model is told: what is wrong and how to fix it
     */
    public record Rejected(NativeTools.Call call, String message) {
    }

    /**
     * One streamed reply, read once as it arrives: its text deltas (calls written in the text read by the streaming
     * extractor, markup hidden), reasoning a server sends in its own field, and native call chunks (merged by the one
     * rule of {@link ToolCallChunks}) go in, in any order; the events they settle come out (text and reasoning for the
     * user, calls complete, errors, native calls forming), and at the end the whole reply, repaired: the same as
     * {@link ReplyRepair#repair} gives for the joined text and calls, however the reply was split.
     */
    public final class Streaming {
        private final StreamingExtractor stream = extractor.streaming();
        private final StringBuilder text = new StringBuilder();
        private final StringBuilder reasoning = new StringBuilder();
        /** The characters of text read: more than the visible text when markup or reasoning was taken out. */
        private long raw;
        /** Events the native chunks settle, handed out by the {@link #chunk} that settled them. */
        private final List<StreamEvent> forming = new ArrayList<>();
        private final ToolCallChunks chunks = new ToolCallChunks(new ToolCallChunks.Listener() {
            @Override
            public void started(int call, String name, String id) {
                forming.add(new StreamEvent.CallStarted(call, name, id));
            }

            @Override
            public void arguments(int call, String piece) {
                if (!piece.isEmpty()) {
                    forming.add(new StreamEvent.ArgumentsDelta(call, piece));
                }
            }
        });

        private Streaming() {
        }

        /**
         * Reads reasoning the server sends apart from the text (a {@code reasoning_content} field, a framework's
         * thinking).
         *
         * @param delta the next part of the reasoning
         * @return the event for the user: the reasoning delta (none for an empty one)
         */
        public List<StreamEvent> reasoning(CharSequence delta) {
            if (delta == null || delta.length() == 0) {
                return List.of();
            }
            reasoning.append(delta);
            return List.of(new StreamEvent.ReasoningDelta(delta.toString()));
        }

        /**
         * Reads one native tool-call chunk, merged with the others of its call ({@link ToolCallChunks#add}).
         *
         * @param index the call's index as the server sent it, or {@code null} when the framework does not carry it
         * @param id the chunk's call id; {@code null} or blank for none
         * @param name the chunk's tool name or part of it; {@code null} or blank for none
         * @param arguments the chunk's part of the arguments; {@code null} for none
         * @return the events it settles: a call's start once it has a name, then its argument pieces
         */
        public List<StreamEvent> chunk(Integer index, String id, String name, String arguments) {
            chunks.add(index, id, name, arguments);
            if (forming.isEmpty()) {
                return List.of();
            }
            List<StreamEvent> out = List.copyOf(forming);
            forming.clear();
            return out;
        }

        /**
         * Whether any native call chunk came.
         *
         * @return whether {@link #chunk} merged anything
         */
        public boolean hasChunks() {
            return !chunks.isEmpty();
        }

        /**
         * Reads a text delta.
         *
         * @param delta the next part of the reply's text
         * @return the events it settles, in order: text and reasoning deltas for the user, calls complete, errors
         */
        public List<StreamEvent> feed(CharSequence delta) {
            raw += delta.length();
            if (tools.isEmpty()) {
                if (delta.length() == 0) {
                    return List.of();
                }
                text.append(delta);
                return List.of(new StreamEvent.TextDelta(delta.toString()));
            }
            return keep(stream.feed(delta));
        }

        /**
         * Ends the text, its ending not known.
         *
         * @return the events the end settles
         */
        public List<StreamEvent> finish() {
            return finish(Ending.UNKNOWN);
        }

        /**
         * Ends the text, which ended as {@code ending} says (the first ending given applies).
         *
         * @param ending how the reply ended
         * @return the events the end settles
         */
        public List<StreamEvent> finish(Ending ending) {
            return tools.isEmpty() ? List.of() : keep(stream.finish(ending));
        }

        private List<StreamEvent> keep(List<StreamEvent> events) {
            for (StreamEvent e : events) {
                if (e instanceof StreamEvent.TextDelta t) {
                    text.append(t.text());
                } else if (e instanceof StreamEvent.ReasoningDelta r) {
                    reasoning.append(r.text());
                } else if (e instanceof StreamEvent.TextWasReasoning) {
                    // the text shown so far was reasoning opened by the prompt (a lone closer followed it)
                    reasoning.insert(0, text);
                    text.setLength(0);
                }
            }
            return events;
        }

        /**
         * The reply, repaired, once the text is {@linkplain #finish() finished}.
         *
         * @param nativeCalls the reply's native calls, merged from their chunks
         * @return the repaired reply, as {@link ReplyRepair#repair} gives it for the whole text
         */
        public Repaired result(List<NativeTools.Call> nativeCalls) {
            return result(nativeCalls, Ending.UNKNOWN);
        }

        /**
         * The reply, repaired, once the text is finished, for a reply that ended as {@code ending} says: at
         * {@link Ending#LENGTH} its last call is rejected as cut off, as {@link ReplyRepair#repair(String, List,
         * Ending)} does.
         *
         * @param nativeCalls the reply's native calls, merged from their chunks
         * @param ending how the reply ended ({@link Ending#of} reads a framework's finish reason)
         * @return the repaired reply
         */
        public Repaired result(List<NativeTools.Call> nativeCalls, Ending ending) {
            Objects.requireNonNull(ending, "ending");
            Objects.requireNonNull(nativeCalls, "nativeCalls");
            finish(ending);
            List<ToolCall> found = tools.isEmpty() ? List.of() : stream.calls();
            String correction = tools.isEmpty() ? null : stream.correctionPrompt().orElse(null);
            return combine(text.toString(), reasoning.toString(), found, correction, nativeCalls,
                    !found.isEmpty() || raw != text.length(), ending);
        }

        /**
         * The reply, repaired, once it ended as {@code ending} says, with the native calls merged from the
         * {@linkplain #chunk chunks} read.
         *
         * @param ending how the reply ended ({@link Ending#of} reads a finish reason)
         * @return the repaired reply
         */
        public Repaired result(Ending ending) {
            return result(chunks.calls(), ending);
        }
    }
}
