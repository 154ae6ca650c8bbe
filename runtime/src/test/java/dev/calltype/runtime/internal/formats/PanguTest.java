package dev.calltype.runtime.internal.formats;

/** openPangu {@code [unused11][…][unused12]}. */
class PanguTest extends FamilyCases {

    PanguTest() {
        super("pangu");
    }
}
