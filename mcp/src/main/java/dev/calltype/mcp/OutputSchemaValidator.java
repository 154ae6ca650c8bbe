package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The schema check the SDK runs on {@code structuredContent} against a tool's {@code outputSchema}, on the
 * json-schema-validator version the build pins (the SDK's own validator needs a later major version).
 */
final class OutputSchemaValidator implements JsonSchemaValidator {

    /** Messages listed in one answer at most; the rest are counted. */
    private static final int MAX_MESSAGES = 10;

    private final JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        if (schema == null) {
            return ValidationResponse.asInvalid("no schema to check the structured content against");
        }
        try {
            JsonNode content = McpTools.JSON.valueToTree(structuredContent);
            JsonSchema checker = factory.getSchema(McpTools.JSON.valueToTree(schema));
            Set<ValidationMessage> messages = checker.validate(content);
            if (messages.isEmpty()) {
                return ValidationResponse.asValid(McpTools.JSON.writeValueAsString(content));
            }
            StringJoiner text = new StringJoiner("; ", "structured content does not match the output schema: ", "");
            int shown = 0;
            for (ValidationMessage message : messages) {
                if (shown++ == MAX_MESSAGES) {
                    text.add("and " + (messages.size() - MAX_MESSAGES) + " more");
                    break;
                }
                text.add(message.getMessage());
            }
            return ValidationResponse.asInvalid(text.toString());
        } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
            return ValidationResponse.asInvalid("the output schema cannot be used: " + e.getMessage());
        }
    }
}
