package dev.calltype.runtime.internal.formats;

/** DeepSeek V3 / R1 {@code <｜tool▁calls▁begin｜>} sections with fenced JSON, and R1's {@code <｜tool▁calls｜>} opener. */
class DeepseekV3Test extends FamilyCases {

    DeepseekV3Test() {
        super("deepseek-v3");
    }
}
