package dev.calltype.runtime.internal.formats;

/** DeepSeek V3.1 {@code NAME<｜tool▁sep｜>{…}} calls. */
class DeepseekV31Test extends FamilyCases {

    DeepseekV31Test() {
        super("deepseek-v31");
    }
}
