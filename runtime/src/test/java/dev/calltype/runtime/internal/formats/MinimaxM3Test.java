package dev.calltype.runtime.internal.formats;

/** MiniMax-M3 namespaced {@code ]<]minimax[>[<invoke name=…>} with parameters as tags named after them. */
class MinimaxM3Test extends FamilyCases {

    MinimaxM3Test() {
        super("minimax-m3");
    }
}
