package dev.calltype.runtime.internal.formats;

/** Ling 3, GLM-style pairs after a literal backslash-n. */
class Ling3Test extends FamilyCases {

    Ling3Test() {
        super("ling3");
    }
}
