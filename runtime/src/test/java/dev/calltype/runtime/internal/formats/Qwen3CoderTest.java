package dev.calltype.runtime.internal.formats;

/** Qwen3-Coder {@code <function=N><parameter=K>V</parameter></function>}, raw values typed by schema. */
class Qwen3CoderTest extends FamilyCases {

    Qwen3CoderTest() {
        super("qwen3-coder");
    }
}
