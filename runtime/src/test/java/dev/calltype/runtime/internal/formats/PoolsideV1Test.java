package dev.calltype.runtime.internal.formats;

/** Poolside Laguna, GLM-style pairs with values on their own lines. */
class PoolsideV1Test extends FamilyCases {

    PoolsideV1Test() {
        super("poolside-v1");
    }
}
