package dev.calltype.runtime.internal.formats;

/** Granite 20B FC {@code <function_call> {…}}, one marker per call. */
class Granite20bTest extends FamilyCases {

    Granite20bTest() {
        super("granite-20b");
    }
}
