package dev.calltype.openai.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.calltype.openai.ChatCompletionsException;
import dev.calltype.openai.ChatCompletionsException.Kind;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ToolCallChunks;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Puts a streamed completion back together from its chunks. {@code delta.content} is appended;
 * {@code delta.tool_calls} fragments are merged into calls by the runtime's one merge rule ({@link ToolCallChunks}:
 * by index, a new id on an index a new call; without an index, a new id, or a name or id after whole arguments,
 * starts the next call), each fragment in time proportional to its own length. The text, reasoning and argument
 * characters of one answer together may not pass {@code maxChars}, and it may hold at most {@link #MAX_CALLS} calls.
 * A call is announced once it has a name, and its argument text is passed on piece by piece after that.
 */
public final class CompletionAssembler {

    /** The most calls one answer may hold. */
    public static final int MAX_CALLS = 1000;

    /** Told about an answer as it streams in, in order. */
    public interface Listener {
        /** A piece of the answer's text ({@code delta.content}). */
        void text(String piece);

        /** A piece of reasoning a server sends apart ({@code delta.reasoning_content} or {@code delta.reasoning}). */
        default void reasoning(String piece) {
        }

        /** Call {@code index} has a name (its id when the server sent one by then, else {@code null}). */
        default void callStarted(int index, String name, String id) {
        }

        /** The next piece of the argument text of started call {@code index}, as sent. */
        default void arguments(int index, String piece) {
        }

        /** A call is complete: a later call has started (the last ones: see {@link #completion()}). */
        void callComplete(Completion.NativeCall call);
    }

    private final StringBuilder content = new StringBuilder();
    private final ToolCallChunks calls;
    private final Listener listener;
    private final long maxChars;
    private long chars;
    private String finishReason;
    private int chunks;
    private String model;
    private Completion.Usage usage;

    /**
     * @param onContent each piece of text as it arrives
     * @param onCallComplete each call once a later call has started (the last ones: see {@link #completion()})
     */
    public CompletionAssembler(Consumer<String> onContent, Consumer<Completion.NativeCall> onCallComplete,
                               long maxChars) {
        this(new Listener() {
            @Override
            public void text(String piece) {
                onContent.accept(piece);
            }

            @Override
            public void callComplete(Completion.NativeCall call) {
                onCallComplete.accept(call);
            }
        }, maxChars);
    }

    /** An assembler that tells {@code listener} about text, reasoning and calls as they stream in. */
    public CompletionAssembler(Listener listener, long maxChars) {
        this.listener = listener;
        this.maxChars = maxChars;
        this.calls = new ToolCallChunks(new ToolCallChunks.Listener() {
            @Override
            public void started(int call, String name, String id) {
                listener.callStarted(call, name, id);
            }

            @Override
            public void arguments(int call, String piece) {
                listener.arguments(call, piece);
            }

            @Override
            public void completed(int call, NativeTools.Call complete) {
                listener.callComplete(toCall(complete, call));
            }
        });
    }

    /**
     * Adds one {@code chat.completion.chunk} (or a whole completion); a chunk carrying {@code error} is a failure.
     *
     * @return whether the chunk brought anything: text, reasoning, a call fragment with a name, id or arguments, or
     *     the reason the answer ended (an empty delta, a role alone, usage alone do not)
     */
    public boolean add(JsonNode chunk) {
        if (!chunk.isObject()) {
            throw new ChatCompletionsException(Kind.MALFORMED, "an event is not a JSON object: "
                    + Snippet.of(chunk.toString()));
        }
        failOnError(chunk);
        chunks++;
        readUsage(chunk);
        JsonNode choices = chunk.path("choices");
        if (!choices.isArray() || choices.isEmpty()) {
            return false; // usage-only chunks, keep-alives
        }
        long before = chars;
        JsonNode choice = choices.get(0);
        JsonNode delta = choice.has("delta") ? choice.get("delta") : choice.path("message");
        String text = textOf(delta.get("content"));
        String reasoning = textOf(delta.has("reasoning_content") ? delta.get("reasoning_content")
                : delta.get("reasoning"));
        if (!reasoning.isEmpty()) {
            count(reasoning.length());
            listener.reasoning(reasoning);
        }
        if (!text.isEmpty()) {
            count(text.length());
            content.append(text);
            listener.text(text);
        }
        int callsBefore = calls.size();
        JsonNode toolCalls = delta.get("tool_calls");
        if (toolCalls != null && toolCalls.isArray()) {
            for (JsonNode fragment : toolCalls) {
                if (fragment.isObject()) {
                    addCallFragment(fragment);
                }
            }
        }
        JsonNode finish = choice.get("finish_reason");
        boolean ended = false;
        if (finish != null && finish.isTextual()) {
            finishReason = finish.textValue();
            ended = true;
        }
        return ended || chars > before || calls.size() > callsBefore;
    }

    /**
     * The model's name and the usage a chunk carries: the final chunk when {@code stream_options.include_usage} was
     * asked for (its {@code choices} empty), or a whole completion; the last one seen counts (servers that send a
     * running count send it with every chunk).
     */
    private void readUsage(JsonNode chunk) {
        JsonNode m = chunk.get("model");
        if (m != null && m.isTextual() && !m.textValue().isBlank()) {
            model = m.textValue();
        }
        JsonNode u = chunk.get("usage");
        if (u != null && u.isObject()) {
            long in = count(u, "prompt_tokens", "input_tokens");
            long out = count(u, "completion_tokens", "output_tokens");
            if (in >= 0 || out >= 0) {
                usage = new Completion.Usage(in, out);
            }
        }
    }

    private static long count(JsonNode usage, String name, String otherName) {
        JsonNode n = usage.has(name) ? usage.get(name) : usage.get(otherName);
        return n != null && n.isIntegralNumber() && n.canConvertToLong() && n.longValue() >= 0 ? n.longValue() : -1;
    }

    private void count(int n) {
        chars += n;
        if (chars > maxChars) {
            throw new ChatCompletionsException(Kind.TOO_LARGE, "the answer is longer than " + maxChars
                    + " characters of text and arguments (maxResponseChars); it was not used");
        }
    }

    private void addCallFragment(JsonNode fragment) {
        String id = fragment.path("id").isTextual() && !fragment.path("id").textValue().isEmpty()
                ? fragment.path("id").textValue() : null;
        JsonNode function = fragment.path("function");
        String name = function.path("name").isTextual() ? function.path("name").textValue() : "";
        Integer at = null;
        JsonNode index = fragment.get("index");
        if (index != null && index.isIntegralNumber()) {
            int i = index.canConvertToInt() ? index.intValue() : -1;
            if (i < 0 || i >= MAX_CALLS) {
                throw new ChatCompletionsException(Kind.MALFORMED, "a tool call has the index " + Snippet.of(index.asText())
                        + "; an answer may hold at most " + MAX_CALLS + " calls");
            }
            at = i;
        }
        JsonNode arguments = function.get("arguments");
        String piece = "";
        if (arguments != null && !arguments.isNull()) {
            // Most servers stream a string; some send the object itself.
            piece = arguments.isTextual() ? arguments.textValue() : arguments.toString();
        }
        count(name.length() + piece.length());
        calls.add(at, id, name, piece);
        if (calls.size() > MAX_CALLS) {
            throw new ChatCompletionsException(Kind.MALFORMED, "an answer may hold at most " + MAX_CALLS
                    + " tool calls");
        }
    }

    private static Completion.NativeCall toCall(NativeTools.Call call, int index) {
        return new Completion.NativeCall(call.id(), call.name(), call.arguments(), index);
    }

    /** How many calls {@code onCallComplete} has been given; the rest of {@link #completion()}'s are the last ones. */
    public int completedCalls() {
        return calls.completed();
    }

    /** The completion so far. */
    public Completion completion() {
        List<NativeTools.Call> merged = calls.calls();
        List<Completion.NativeCall> out = new ArrayList<>(merged.size());
        for (int i = 0; i < merged.size(); i++) {
            out.add(toCall(merged.get(i), i));
        }
        return new Completion(content.toString(), out, finishReason, model, usage);
    }

    /** Whether any chunk was added. */
    public boolean started() {
        return chunks > 0;
    }

    /** Whether a chunk said why the answer ended. */
    public boolean finished() {
        return finishReason != null;
    }

    /** Fails when {@code body} carries an {@code error} member. */
    public static void failOnError(JsonNode body) {
        JsonNode error = body.get("error");
        if (error != null && !error.isNull()) {
            String message = error.isTextual() ? error.textValue()
                    : error.path("message").isTextual() ? error.path("message").textValue() : error.toString();
            throw new ChatCompletionsException(Kind.SERVER_ERROR, "the server reported an error: " + Snippet.of(message));
        }
    }

    private static String textOf(JsonNode content) {
        if (content == null || content.isNull()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        if (content.isArray()) { // content parts: [{"type":"text","text":"…"}]
            StringBuilder s = new StringBuilder();
            for (JsonNode part : content) {
                if (part.path("text").isTextual()) {
                    s.append(part.path("text").textValue());
                }
            }
            return s.toString();
        }
        return content.toString();
    }
}
