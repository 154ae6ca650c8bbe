package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a remote result's content becomes the text a model reads. */
class McpToolsTest {

    @Test
    void anEmbeddedBlobResourceKeepsItsUriAndMimeType() {
        McpSchema.CallToolResult result = McpSchema.CallToolResult.builder()
                .content(List.of(new McpSchema.TextContent("here it is"),
                        new McpSchema.EmbeddedResource(null, new McpSchema.BlobResourceContents(
                                "file:///reports/q3.pdf", "application/pdf", "JVBERi0xLjcK"))))
                .build();
        assertThat(McpTools.text(result))
                .isEqualTo("here it is\n[resource file:///reports/q3.pdf application/pdf, 9 bytes not shown]");
    }
}
