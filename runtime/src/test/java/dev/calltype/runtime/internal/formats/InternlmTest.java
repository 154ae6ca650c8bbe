package dev.calltype.runtime.internal.formats;

/** InternLM 2 / Intern-S1 {@code <|action_start|><|plugin|>{…}<|action_end|>}. */
class InternlmTest extends FamilyCases {

    InternlmTest() {
        super("internlm");
    }
}
