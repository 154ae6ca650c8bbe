package dev.calltype.runtime.agent;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a {@link ModelClient} over a client with native tool calling needs from the tools {@link ToolLoop} offers: the
 * tools as the client's own definitions, and the client's tool calls read against them into a {@link ModelReply}.
 * The definitions and the extractor are made once for a list of tools and kept while the loop offers the same list,
 * round after round.
 *
 * <pre>{@code
 * public final class MyChatModel implements ModelClient {
 *     private final NativeTools<ClientTool> offered = new NativeTools<>(MyChatModel::clientTool);
 *
 *     public ModelReply send(ModelRequest request, ReplyListener listener) {
 *         NativeTools.Offer<ClientTool> offer = offered.offer(request.tools());
 *         ClientAnswer answer = client.send(clientMessages(request.promptMessages()), offer.definitions());
 *         listener.onRawText(answer.text());
 *         return offer.reply(answer.text(), answer.toolCalls().stream()
 *                 .map(c -> new NativeTools.Call(c.name(), c.arguments(), c.id()))
 *                 .toList());
 *     }
 * }
 * }</pre>
 *
 * <p>Thread-safe: one model may serve several conversations at once.
 *
 * @param <D> the client's type of tool definition
 */
public final class NativeTools<D> {

    private final Function<? super ToolSpec, ? extends D> definition;
    private Offer<D> last;

    /** @param definition one tool as the client's definition (called once per tool per new list of tools) */
    public NativeTools(Function<? super ToolSpec, ? extends D> definition) {
        this.definition = Objects.requireNonNull(definition, "definition");
    }

    /**
     * The offer of these tools: the one made last when the list is equal to its list, else a new one.
     *
     * @param tools the tools a request offers, as {@link ModelRequest#tools()} holds them
     * @return the offer, its definitions and extractor made once per distinct list
     */
    public synchronized Offer<D> offer(List<ToolSpec> tools) {
        Objects.requireNonNull(tools, "tools");
        if (last == null || !last.tools.equals(tools)) {
            last = new Offer<>(List.copyOf(tools), definition);
        }
        return last;
    }

    /** One list of tools, as the client's definitions and as the extractor that reads their native calls. */
    public static final class Offer<D> {
        private final List<ToolSpec> tools;
        private final List<D> definitions;
        private final ToolCallExtractor extractor;

        private Offer(List<ToolSpec> tools, Function<? super ToolSpec, ? extends D> definition) {
            List<D> defs = new ArrayList<>(tools.size());
            for (ToolSpec tool : tools) {
                defs.add(definition.apply(tool));
            }
            this.tools = tools;
            this.definitions = List.copyOf(defs);
            this.extractor = ToolCallExtractor.builder().tools(tools).build();
        }

        /**
         * The tools offered, in order.
         *
         * @return the tools, an unmodifiable copy of the list offered
         */
        public List<ToolSpec> tools() {
            return tools;
        }

        /**
         * The client's definitions of {@link #tools()}, in the same order.
         *
         * @return the definitions, unmodifiable, to send with the request
         */
        public List<D> definitions() {
            return definitions;
        }

        /**
         * The extractor for calls of these tools (any tool name is accepted when the list is empty).
         *
         * @return the extractor, with the default limits
         */
        public ToolCallExtractor extractor() {
            return extractor;
        }

        /**
         * The reply of the client's text and native calls: each call's arguments read leniently against the tools
         * ({@link ToolCallExtractor#readNativeCall}), repairs kept; a call that cannot be read safely (cut off,
         * unreadable, naming no tool) becomes a {@linkplain ModelReply#rejectedCalls() rejected call} whose message
         * tells the model what to fix.
         *
         * @param text the reply's text; {@code null} for none
         * @param calls the native calls, in the order the client returned them
         * @return the reply for {@code ToolLoop}
         */
        public ModelReply reply(String text, List<Call> calls) {
            List<ToolCall> read = new ArrayList<>(calls.size());
            List<ToolResult> rejected = new ArrayList<>();
            for (Call c : calls) {
                ModelReply one = read(extractor, c);
                read.addAll(one.toolCalls());
                rejected.addAll(one.rejectedCalls());
            }
            return new ModelReply(text, read, rejected);
        }
    }

    /**
     * One native call read against {@code extractor}, as {@link Offer#reply} reads each: its arguments read leniently
     * ({@link ToolCallExtractor#readNativeCall}), repairs kept, or, when it cannot be read safely, a failure of its
     * name and id whose message (the extraction's correction prompt) tells the model what to fix. For a client that
     * reads calls one at a time (as they stream in) or runs them at once (a framework's tool executor).
     *
     * @param extractor the extractor whose tools, names and limits apply
     * @param call the call as the client returned it
     * @return a reply of no text holding either the one call or its one {@linkplain ModelReply#rejectedCalls()
     *     rejected call}
     */
    public static ModelReply read(ToolCallExtractor extractor, Call call) {
        Extraction x = extraction(extractor, call);
        return x.hasCalls() ? new ModelReply("", x.calls(), List.of())
                : new ModelReply("", List.of(), List.of(ToolResult.failure(call.readName(), call.id(),
                        x.correctionPrompt().orElseThrow())));
    }

    /**
     * One native call's arguments read against {@code extractor} ({@link ToolCallExtractor#readNativeCall}): the one
     * place a client's native call is read, with one rule for what a client leaves out (no name or a blank one reads
     * as {@code ""}, which names no tool; a name is stripped; no arguments read as none).
     *
     * @param extractor the extractor whose tools, names and limits apply
     * @param call the call as the client returned it
     * @return one call, or one error with its correction prompt
     */
    public static Extraction extraction(ToolCallExtractor extractor, Call call) {
        return extractor.readNativeCall(call.readName(), call.arguments() == null ? "" : call.arguments(), call.id());
    }


    /**
     * One native tool call as a client returned it, before its arguments are read.
     *
     * @param name the tool name as sent
     * @param arguments the argument text as sent; {@code null} or blank for none
     * @param id the call's id, or {@code null}
     */
    public record Call(String name, String arguments, String id) {
        /**
         * The name as a native call is read: stripped, {@code ""} for none (which names no tool).
         *
         * @return the name read
         */
        public String readName() {
            return name == null ? "" : name.strip();
        }
    }
}
