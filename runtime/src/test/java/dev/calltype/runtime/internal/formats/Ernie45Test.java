package dev.calltype.runtime.internal.formats;

/** Ernie 4.5: reasoning closed by a lone {@code </think>}, then Hermes {@code <tool_call>} tags. */
class Ernie45Test extends FamilyCases {

    Ernie45Test() {
        super("ernie45");
    }
}
