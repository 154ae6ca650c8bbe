package dev.calltype.runtime.internal.formats;

/** Muse Glimmer {@code <atem:function_calls><atem:invoke name=…>}. */
class MuseGlimmerTest extends FamilyCases {

    MuseGlimmerTest() {
        super("muse-glimmer");
    }
}
