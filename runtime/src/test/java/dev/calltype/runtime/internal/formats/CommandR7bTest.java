package dev.calltype.runtime.internal.formats;

/** Command R7B / Command A {@code <|START_ACTION|>[…]<|END_ACTION|>} with call ids. */
class CommandR7bTest extends FamilyCases {

    CommandR7bTest() {
        super("command-r7b");
    }
}
