package dev.calltype.runtime.internal.formats;

/**
 * Kimi K2 sections of {@code <|tool_call_begin|>functions.NAME:N<|tool_call_argument_begin|>{…}}, bare counter ids, a
 * section inside a {@code <think>} never closed.
 */
class KimiK2Test extends FamilyCases {

    KimiK2Test() {
        super("kimi-k2");
    }
}
