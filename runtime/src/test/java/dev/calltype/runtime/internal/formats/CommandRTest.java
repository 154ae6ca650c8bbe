package dev.calltype.runtime.internal.formats;

/** Command R {@code Action: ```json […] ```}. */
class CommandRTest extends FamilyCases {

    CommandRTest() {
        super("command-r");
    }
}
