package dev.calltype.runtime.internal.formats;

/** HyperCLOVA X {@code -> tool/function_call\n[…]<|im_end|>}. */
class HyperclovaxTest extends FamilyCases {

    HyperclovaxTest() {
        super("hyperclovax");
    }
}
