package dev.calltype.runtime.internal.formats;

/** MiniMax-M2 {@code <minimax:tool_call><invoke name=…><parameter name=…>}. */
class MinimaxM2Test extends FamilyCases {

    MinimaxM2Test() {
        super("minimax-m2");
    }
}
