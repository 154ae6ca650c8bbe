package dev.calltype.runtime.internal.formats;

/** The prompt-instructed {@code [TOOL_CALL]…[/TOOL_CALL]} tags, and custom tag pairs. */
class BracketTagsTest extends FamilyCases {

    BracketTagsTest() {
        super("bracket-tags");
    }
}
