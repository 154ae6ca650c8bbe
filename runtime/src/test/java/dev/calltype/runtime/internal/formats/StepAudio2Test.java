package dev.calltype.runtime.internal.formats;

/** Step-Audio 2 {@code <tool_call>function\nNAME\n{…}</tool_call>}. */
class StepAudio2Test extends FamilyCases {

    StepAudio2Test() {
        super("step-audio2");
    }
}
