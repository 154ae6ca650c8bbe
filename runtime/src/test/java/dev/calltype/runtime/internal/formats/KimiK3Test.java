package dev.calltype.runtime.internal.formats;

/** Kimi K3 XTML {@code <|open|>tools<|sep|>…} with typed arguments. */
class KimiK3Test extends FamilyCases {

    KimiK3Test() {
        super("kimi-k3");
    }
}
