package dev.calltype.runtime.internal.formats;

/** GigaChat 3 {@code <|function_call|>{…}} and {@code function call<|role_sep|>}. */
class Gigachat3Test extends FamilyCases {

    Gigachat3Test() {
        super("gigachat3");
    }
}
