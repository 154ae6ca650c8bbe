package dev.calltype.example;

import dev.calltype.runtime.BoundTool;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;

import java.util.List;
import java.util.Optional;

/**
 * {@code chat --response-template FILE}: a toolkit that reads the calls in a reply as the model's
 * {@code response_template} describes them, besides every format the engine knows; everything else is the wrapped
 * toolkit's. The extractor is made again when the tools change (an MCP server's list).
 */
final class TemplateToolkit implements Toolkit {

    private final Toolkit tools;
    private final String template;
    private List<ToolSpec> seen;
    private ToolCallExtractor extractor;

    /**
     * @param template the template's text (a {@code tokenizer_config.json} or the template alone), already checked
     *     by {@link #check}
     */
    TemplateToolkit(Toolkit tools, String template) {
        this.tools = tools;
        this.template = template;
    }

    /** The message of a template the extractor refuses, or {@code null}. */
    static String check(String template) {
        try {
            ToolCallExtractor.builder().responseTemplate(template);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Override
    public synchronized ToolCallExtractor extractor() {
        List<ToolSpec> now = tools.tools();
        if (extractor == null || !now.equals(seen)) {
            extractor = ToolCallExtractor.builder().tools(now).responseTemplate(template).build();
            seen = now;
        }
        return extractor;
    }

    @Override
    public List<ToolSpec> tools() {
        return tools.tools();
    }

    @Override
    public String schemaJson(SchemaDialect dialect) {
        return tools.schemaJson(dialect);
    }

    @Override
    public String formatInstructions(PromptFormat format) {
        return tools.formatInstructions(format);
    }

    @Override
    public ToolResult dispatch(ToolCall call) {
        return tools.dispatch(call);
    }

    @Override
    public Optional<ToolSpec> resolve(String name) {
        return tools.resolve(name);
    }

    @Override
    public Optional<BoundTool> bind(String name) {
        return tools.bind(name);
    }

    @Override
    public List<String> warnings() {
        return tools.warnings();
    }
}
