package dev.calltype.runtime.internal.formats;

/** The prompt-instructed {@code TOOL_CALL} marker followed by JSON, and a custom marker. */
class ToolCallMarkerTest extends FamilyCases {

    ToolCallMarkerTest() {
        super("tool-call-marker");
    }
}
