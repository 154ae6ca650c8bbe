package dev.calltype.runtime.internal.formats;

/** LongCat Flash {@code <longcat_tool_call>{…}</longcat_tool_call>}. */
class LongcatTest extends FamilyCases {

    LongcatTest() {
        super("longcat");
    }
}
