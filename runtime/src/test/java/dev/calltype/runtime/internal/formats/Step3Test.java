package dev.calltype.runtime.internal.formats;

/** Step-3 {@code <｜tool_calls_begin｜>…<steptml:invoke name=…>}. */
class Step3Test extends FamilyCases {

    Step3Test() {
        super("step3");
    }
}
