package dev.calltype.runtime;

import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;

/**
 * The failures the toolkits {@link Toolkits} makes give, worded as every toolkit words them: one place for the
 * combined and the dynamic toolkit, so that neither names the factory that makes it.
 */
final class ToolFailures {

    /** The name of the logger the toolkits made by {@link Toolkits} write to. */
    static final String LOGGER = "dev.calltype.runtime.Toolkits";

    private ToolFailures() {
    }

    /** The failure for a call to a tool that a toolkit over {@code tools} does not have. */
    static ToolResult notRouted(ToolCall call, List<ToolSpec> tools) {
        return ToolResult.failure(call.name(), call.id(), ErrorTexts.unknownTool(call.name(), tools));
    }

    /** The failure message for a call whose arguments do not fit the tool (the wording every toolkit uses). */
    static String invalidArguments(ToolSpec tool, List<String> problems) {
        return ErrorTexts.invalidArguments(tool.name(), problems, FormatInstructions.signature(tool));
    }
}
