package dev.calltype.example;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Puts a streamed completion back together from its chunks: {@code delta.content} is appended,
 * {@code delta.tool_calls} fragments are gathered by {@code index} (id and name from the first
 * fragment that has them, argument strings concatenated).
 */
final class CompletionAssembler {

    private final StringBuilder content = new StringBuilder();
    private final List<Builder> calls = new ArrayList<>();
    private final Consumer<String> onContent;
    private String finishReason;
    private int chunks;

    private static final class Builder {
        String id;
        final StringBuilder name = new StringBuilder();
        final StringBuilder arguments = new StringBuilder();
    }

    CompletionAssembler(Consumer<String> onContent) {
        this.onContent = onContent;
    }

    /** Adds one {@code chat.completion.chunk}; a chunk carrying {@code error} is a failure. */
    void add(JsonNode chunk) {
        if (!chunk.isObject()) {
            throw new ChatFailure("malformed stream: an event is not a JSON object: " + Snippet.of(chunk.toString()));
        }
        failOnError(chunk);
        chunks++;
        JsonNode choices = chunk.path("choices");
        if (!choices.isArray() || choices.isEmpty()) {
            return; // usage-only chunks, keep-alives
        }
        JsonNode choice = choices.get(0);
        JsonNode delta = choice.has("delta") ? choice.get("delta") : choice.path("message");
        String text = textOf(delta.get("content"));
        if (!text.isEmpty()) {
            content.append(text);
            onContent.accept(text);
        }
        JsonNode toolCalls = delta.get("tool_calls");
        if (toolCalls != null && toolCalls.isArray()) {
            for (JsonNode fragment : toolCalls) {
                addCallFragment(fragment);
            }
        }
        JsonNode finish = choice.get("finish_reason");
        if (finish != null && finish.isTextual()) {
            finishReason = finish.textValue();
        }
    }

    private void addCallFragment(JsonNode fragment) {
        String id = fragment.path("id").isTextual() ? fragment.path("id").textValue() : null;
        Builder b;
        if (fragment.path("index").canConvertToInt() && fragment.path("index").isIntegralNumber()) {
            int index = fragment.path("index").intValue();
            if (index < 0 || index > 1000) {
                throw new ChatFailure("malformed stream: tool call index " + index);
            }
            while (calls.size() <= index) {
                calls.add(new Builder());
            }
            b = calls.get(index);
        } else if (calls.isEmpty() || id != null && !id.isEmpty() && calls.get(calls.size() - 1).id != null
                && !id.equals(calls.get(calls.size() - 1).id)) {
            b = new Builder(); // servers that leave out "index": a new id starts a new call
            calls.add(b);
        } else {
            b = calls.get(calls.size() - 1);
        }
        if (id != null && !id.isEmpty() && b.id == null) {
            b.id = id;
        }
        JsonNode function = fragment.path("function");
        String name = function.path("name").isTextual() ? function.path("name").textValue() : "";
        if (!name.isEmpty() && !name.contentEquals(b.name)) {
            b.name.append(name);
        }
        JsonNode arguments = function.get("arguments");
        if (arguments != null && !arguments.isNull()) {
            // Most servers stream a string; some send the object itself.
            b.arguments.append(arguments.isTextual() ? arguments.textValue() : arguments.toString());
        }
    }

    /** The completion so far. */
    Completion completion() {
        List<Completion.NativeCall> out = new ArrayList<>();
        for (Builder b : calls) {
            if (b.name.length() > 0 || b.arguments.length() > 0) {
                out.add(new Completion.NativeCall(b.id, b.name.toString(), b.arguments.toString()));
            }
        }
        return new Completion(content.toString(), out, finishReason);
    }

    /** Whether any chunk was added. */
    boolean started() {
        return chunks > 0;
    }

    /** Whether a chunk said why the answer ended. */
    boolean finished() {
        return finishReason != null;
    }

    static void failOnError(JsonNode body) {
        JsonNode error = body.get("error");
        if (error != null && !error.isNull()) {
            String message = error.isTextual() ? error.textValue()
                    : error.path("message").isTextual() ? error.path("message").textValue() : error.toString();
            throw new ChatFailure("the server reported an error: " + Snippet.of(message));
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
