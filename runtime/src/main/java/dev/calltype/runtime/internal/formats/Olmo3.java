package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * Olmo 3: {@code <function_calls>get_weather(city="Paris")\nnow()</function_calls>}, pythonic calls one per line
 * (JSON calls are read too). A section whose content starts with a tag holds Claude-style invocations
 * ({@link FunctionCallsXml}), not Olmo 3's calls.
 */
public final class Olmo3 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        Recognizer calls = JsonBlock.tags(WireFormat.OLMO3, FunctionCallsXml.OPEN, FunctionCallsXml.CLOSE)
                .pythonicAllowed().recognizer();
        markers.add(FunctionCallsXml.OPEN, (buf, at, limit, atEnd) -> {
            Boolean tag = FunctionCallsXml.opensWithTag(buf, at, limit, atEnd);
            return tag == null ? Verdict.needMore(RetryWhen.length(limit + 1))
                    : tag ? Verdict.NO_MATCH : calls.match(buf, at, limit, atEnd);
        });
    }
}
