package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;

/**
 * openPangu: {@code [unused11][{"name": …, "arguments": {…}}][unused12]}, the list of calls between two of the
 * tokenizer's reserved tokens; openPangu v2: the same list between {@code <|tool_call_start|>} and
 * {@code <|tool_call_end|>} (vLLM's {@code openpangu_v2} parser), tokens LFM2 writes its pythonic calls between too
 * ({@link Lfm2} registers them and hands JSON content here). A lone call object where the list belongs is an error,
 * never a call (vLLM's parsers read no call from it).
 */
public final class Pangu implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.PANGU, "[unused11]", "[unused12]").listRequired().addTo(markers);
    }

    /** openPangu v2's list between {@code open} and {@code close}. */
    static Recognizer v2(String open, String close) {
        return JsonBlock.tags(WireFormat.PANGU, open, close).listRequired().recognizer();
    }
}
