package dev.calltype.runtime.internal.formats;

/** LFM2 {@code <|tool_call_start|>[…]<|tool_call_end|>} with LFM2's looser Python. */
class Lfm2Test extends FamilyCases {

    Lfm2Test() {
        super("lfm2");
    }
}
