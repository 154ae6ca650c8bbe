package dev.calltype.runtime.internal.formats;

/** Olmo 3 {@code <function_calls>} with one pythonic call per line. */
class Olmo3Test extends FamilyCases {

    Olmo3Test() {
        super("olmo3");
    }
}
