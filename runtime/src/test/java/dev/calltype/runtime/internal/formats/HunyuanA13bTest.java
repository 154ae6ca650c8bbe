package dev.calltype.runtime.internal.formats;

/** Hunyuan A13B, Jamba, MiniMax-M1: {@code <tool_calls>} with a JSON list or one object per line. */
class HunyuanA13bTest extends FamilyCases {

    HunyuanA13bTest() {
        super("hunyuan-a13b");
    }
}
