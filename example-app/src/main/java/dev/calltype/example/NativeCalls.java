package dev.calltype.example;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.WireFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a completion's native {@code tool_calls} into calls the loop can run. Local models often
 * send argument strings that are not JSON ({@code {'city': 'Paris'}}, a trailing comma, a call cut
 * off mid-string), so each string goes through the runtime's lenient reader — the same one that
 * reads calls out of text — with the tools known: repairs are recorded, names are matched to the
 * toolkit's, and a call that cannot be read (truncated, unknown tool) becomes a failure the model
 * is told about, never a half call that runs.
 */
final class NativeCalls {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ToolCallExtractor extractor;

    NativeCalls(ToolCallExtractor extractor) {
        this.extractor = extractor;
    }

    /** The reply for a completion: its text, the calls that could be read, and the ones that could not. */
    ModelReply reply(Completion completion) {
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> rejected = new ArrayList<>();
        for (Completion.NativeCall nc : completion.toolCalls()) {
            Read read = read(nc);
            if (read.call() != null) {
                calls.add(read.call());
            } else {
                rejected.add(read.failure());
            }
        }
        return new ModelReply(completion.content(), calls, rejected);
    }

    /** One native call read: the call, with its id, or a failure saying what was wrong. */
    record Read(ToolCall call, ToolResult failure) {
    }

    Read read(Completion.NativeCall nc) {
        String raw = nc.arguments() == null ? "" : nc.arguments().strip();
        String name = nc.name() == null ? "" : nc.name().strip();
        if (raw.isEmpty()) {
            raw = "{}";
        }
        // The call as explicit markup with the arguments as a JSON string: the extractor decodes the
        // string with its lenient reader, and nothing in it can break out of the markup.
        String wrapped;
        try {
            wrapped = "<tool_call>{\"name\": " + JSON.writeValueAsString(name) + ", \"arguments\": "
                    + JSON.writeValueAsString(raw) + "}</tool_call>";
        } catch (JsonProcessingException e) {
            return new Read(null, ToolResult.failure(name, nc.id(), "the call could not be read"));
        }
        Extraction extraction = extractor.extract(wrapped);
        if (extraction.calls().size() == 1 && !extraction.hasErrors()) {
            ToolCall call = extraction.calls().get(0);
            // A string is how native arguments always come: decoding it is not a repair of the model's.
            List<Repair> repairs = new ArrayList<>(call.repairs());
            repairs.remove(Repair.ARGUMENTS_DECODED);
            return new Read(new ToolCall(call.name(), call.arguments(), nc.id(), 0, 0, WireFormat.NATIVE, repairs), null);
        }
        String why = extraction.errors().isEmpty() ? "they are not a JSON object"
                : extraction.errors().get(0).message();
        ExtractionError.Kind kind = extraction.errors().isEmpty() ? null : extraction.errors().get(0).kind();
        String message = kind == ExtractionError.Kind.UNKNOWN_TOOL ? why
                : "the arguments of your call to " + name + " could not be read: " + why
                        + ". Call " + name + " again with its arguments as one complete JSON object.";
        return new Read(null, ToolResult.failure(name, nc.id(), message));
    }
}
