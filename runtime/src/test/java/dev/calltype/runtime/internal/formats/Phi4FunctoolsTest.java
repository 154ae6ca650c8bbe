package dev.calltype.runtime.internal.formats;

/** Phi-4 mini {@code functools[…]}. */
class Phi4FunctoolsTest extends FamilyCases {

    Phi4FunctoolsTest() {
        super("phi4-functools");
    }
}
