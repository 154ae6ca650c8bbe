package dev.calltype.runtime.internal.formats;

/** PLaMo 3 {@code <|plamo:begin_tool_requests:plamo|>…}. */
class Plamo3Test extends FamilyCases {

    Plamo3Test() {
        super("plamo3");
    }
}
