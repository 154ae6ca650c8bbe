package dev.calltype.runtime.internal.formats;

/** MiniCPM5 {@code <function name=…><param name=…>V</param></function>}, CDATA values. */
class Minicpm5Test extends FamilyCases {

    Minicpm5Test() {
        super("minicpm5");
    }
}
