package dev.calltype.runtime.internal.formats;

/**
 * Hermes 2 Pro / 3 and Qwen 2.5 / 3: {@code <tool_call>{"name": …, "arguments": …}</tool_call>}, and Hermes 2 Pro's
 * {@code <function name="…">{…}</function>} inside the tag.
 */
class HermesTest extends FamilyCases {

    HermesTest() {
        super("hermes");
    }
}
