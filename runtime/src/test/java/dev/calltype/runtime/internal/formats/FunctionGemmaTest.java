package dev.calltype.runtime.internal.formats;

/** FunctionGemma {@code <start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call>}. */
class FunctionGemmaTest extends FamilyCases {

    FunctionGemmaTest() {
        super("function-gemma");
    }
}
