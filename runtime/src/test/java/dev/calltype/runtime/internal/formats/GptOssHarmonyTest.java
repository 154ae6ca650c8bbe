package dev.calltype.runtime.internal.formats;

/**
 * gpt-oss Harmony messages addressed {@code to=functions.NAME}, the analysis channel as reasoning, output that starts
 * after the prompt's {@code <|start|>assistant}.
 */
class GptOssHarmonyTest extends FamilyCases {

    GptOssHarmonyTest() {
        super("gpt-oss-harmony");
    }
}
