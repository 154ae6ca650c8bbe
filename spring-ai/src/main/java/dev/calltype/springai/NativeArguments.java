package dev.calltype.springai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;

/**
 * Reads the arguments text of a native tool call (a Spring AI {@code AssistantMessage.ToolCall}, or the text a {@code ToolCallback} is called with): strict JSON
 * first, which is what well-behaved models send; otherwise the runtime's lenient reader, with the tools known,
 * so that {@code {'sku': 'A1',}} or a stringified object is repaired as in text, and a call that cannot be read
 * safely (cut off, not an object) becomes a failure written for the model, never half a call.
 */
final class NativeArguments {

    /** Strict: trailing text or a key given twice is not ignored here but left to the lenient reader. */
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final ObjectMapper JSON = new ObjectMapper();

    private NativeArguments() {
    }

    /** A native call read: the call (with the given id), or the failure to send back for it. */
    record Read(ToolCall call, ToolResult failure) {
    }

    static Read read(ToolCallExtractor extractor, String name, String id, String arguments) {
        String raw = arguments == null || arguments.isBlank() ? "{}" : arguments;
        try {
            JsonNode node = STRICT.readTree(raw);
            if (node instanceof ObjectNode object) {
                return new Read(ToolCall.of(name, object).withId(id), null);
            }
        } catch (JsonProcessingException notStrictJson) {
            // read leniently below
        }
        // The call as explicit markup with the arguments as one JSON string: the extractor decodes the string
        // with its lenient reader, and nothing in it can break out of the markup.
        String wrapped;
        try {
            wrapped = "<tool_call>{\"name\": " + JSON.writeValueAsString(name) + ", \"arguments\": "
                    + JSON.writeValueAsString(raw) + "}</tool_call>";
        } catch (JsonProcessingException e) {
            return new Read(null, ToolResult.failure(name, id, "the call to " + name + " could not be read"));
        }
        Extraction extraction = extractor.extract(wrapped);
        if (extraction.calls().size() == 1 && !extraction.hasErrors()) {
            ToolCall call = extraction.calls().get(0);
            return new Read(ToolCall.of(call.name(), call.arguments()).withId(id), null);
        }
        ExtractionError error = extraction.errors().isEmpty() ? null : extraction.errors().get(0);
        if (error != null && error.kind() == ExtractionError.Kind.UNKNOWN_TOOL) {
            return new Read(null, ToolResult.failure(name, id, error.message()));
        }
        String why = error == null ? "they are not a JSON object" : error.message();
        return new Read(null, ToolResult.failure(name, id, "the arguments of your call to " + name
                + " could not be read: " + why + ". Call " + name + " again with its arguments as one complete"
                + " JSON object."));
    }
}
