package dev.calltype.runtime.internal.formats;

/** Pythonic calls on their own line, and lists of them. */
class PythonicLineTest extends FamilyCases {

    PythonicLineTest() {
        super("pythonic");
    }
}
