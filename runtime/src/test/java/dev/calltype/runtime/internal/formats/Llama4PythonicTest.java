package dev.calltype.runtime.internal.formats;

/** Llama 4 {@code <|python_start|>[f(x=1)]<|python_end|>}. */
class Llama4PythonicTest extends FamilyCases {

    Llama4PythonicTest() {
        super("llama4-pythonic");
    }
}
