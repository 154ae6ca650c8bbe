package dev.calltype.runtime.internal.formats;

/** Nemotron {@code <TOOLCALL>[…]</TOOLCALL>}. */
class NemotronTest extends FamilyCases {

    NemotronTest() {
        super("nemotron");
    }
}
