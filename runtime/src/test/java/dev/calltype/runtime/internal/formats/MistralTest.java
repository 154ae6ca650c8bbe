package dev.calltype.runtime.internal.formats;

/** Mistral {@code [TOOL_CALLS]}: a JSON list, or v11's {@code NAME[ARGS]{…}} per call, with {@code [CALL_ID]}. */
class MistralTest extends FamilyCases {

    MistralTest() {
        super("mistral");
    }
}
