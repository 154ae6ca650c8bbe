package dev.calltype.runtime.internal.formats;

/** dots.llm {@code <dots_function_call><invoke name=…>}. */
class DotsTest extends FamilyCases {

    DotsTest() {
        super("dots");
    }
}
