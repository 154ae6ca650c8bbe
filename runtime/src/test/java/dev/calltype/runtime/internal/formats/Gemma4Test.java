package dev.calltype.runtime.internal.formats;

/** Gemma 4 {@code <|tool_call>call:NAME{k:<|"|>v<|"|>}<tool_call|>}. */
class Gemma4Test extends FamilyCases {

    Gemma4Test() {
        super("gemma4");
    }
}
