package dev.calltype.runtime.internal.formats;

/** Hunyuan V3 / V4 {@code <tool_calls><tool_call>NAME<tool_sep>…}, also with {@code :opensource} suffixes. */
class HunyuanV3Test extends FamilyCases {

    HunyuanV3Test() {
        super("hunyuan-v3");
    }
}
