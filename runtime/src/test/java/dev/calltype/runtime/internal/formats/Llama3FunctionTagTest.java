package dev.calltype.runtime.internal.formats;

/** Llama 3.x {@code <function=NAME>{…}</function>}. */
class Llama3FunctionTagTest extends FamilyCases {

    Llama3FunctionTagTest() {
        super("llama3-function-tag");
    }
}
