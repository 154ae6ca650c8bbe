package dev.calltype.runtime.internal.formats;

/** Tool-shaped JSON in prose (xLAM lists, OpenAI and Anthropic shapes). */
class ProseJsonTest extends FamilyCases {

    ProseJsonTest() {
        super("embedded-json");
    }
}
