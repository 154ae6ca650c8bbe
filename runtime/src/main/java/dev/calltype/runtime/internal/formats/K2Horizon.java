package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.List;

/**
 * K2 Horizon / K2-v3 (IFM): {@code <ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>K</ifm|arg_key>
 * <ifm|arg_type>T</ifm|arg_type><ifm|arg_value>V</ifm|arg_value></ifm|tool_call></ifm|tool_calls>}, the wrapper and
 * the type tag optional; or a JSON call in the tag ({@code <ifm|tool_call>{"name": …, "arguments": …}</ifm|tool_call>}).
 * Values are raw text typed by the tool's schema; where no schema describes a parameter, a declared type other than a
 * string's reads the value as JSON (vLLM's IFM parser: the schema first, then {@code <ifm|arg_type>}). The wrapper's
 * tags are hidden.
 */
public final class K2Horizon implements Family {

    private static final String OPEN = "<ifm|tool_call>";
    private static final String CLOSE = "</ifm|tool_call>";
    /**
     * The closing tags of its reasoning blocks, one per reasoning effort ({@link
     * dev.calltype.runtime.internal.scan.Reasoning#PAIRS}); the model may close the block its prompt opened for one
     * effort with another's, so each ends any reasoning block.
     */
    static final List<String> THINK_CLOSERS = List.of("</ifm|think>", "</ifm|think_fast>", "</ifm|think_faster>");
    private static final Glm.Pairs TAGS = new Glm.Pairs("ifm|", "", "arg_key", "arg_value", "arg_type");

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, new NameOrJson(WireFormat.K2_HORIZON,
                JsonBlock.tags(WireFormat.K2_HORIZON, OPEN, CLOSE).recognizer(),
                new Glm(OPEN, CLOSE, TAGS, WireFormat.K2_HORIZON)));
        markers.add("<ifm|tool_calls>", WRAPPER);
        markers.add("</ifm|tool_calls>", WRAPPER);
    }

    /** The section's own tags, hidden. */
    private static final Recognizer WRAPPER = (buf, at, limit, atEnd) -> at.cfg().on(WireFormat.K2_HORIZON)
            ? Verdict.matched(at.markerEnd(), List.of(Finding.reasoning(at.pos(), at.markerEnd())))
            : Verdict.NO_MATCH;
}
