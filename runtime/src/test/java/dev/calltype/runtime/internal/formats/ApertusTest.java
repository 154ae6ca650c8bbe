package dev.calltype.runtime.internal.formats;

/** Apertus {@code <|tools_prefix|>[{NAME: {…}}]<|tools_suffix|>}. */
class ApertusTest extends FamilyCases {

    ApertusTest() {
        super("apertus");
    }
}
