package dev.calltype.runtime.internal.formats;

/** Granite 3 {@code <|tool_call|>[…]}. */
class GraniteTest extends FamilyCases {

    GraniteTest() {
        super("granite");
    }
}
