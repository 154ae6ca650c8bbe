package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * LongCat Flash: {@code <longcat_tool_call>{"name": …, "arguments": {…}}</longcat_tool_call>}, or GLM-style pairs
 * with LongCat's own tag names: {@code <longcat_tool_call>NAME<longcat_arg_key>K</longcat_arg_key>
 * <longcat_arg_value>V</longcat_arg_value></longcat_tool_call>} (values raw text, typed by the schema as GLM's are).
 * The content decides which.
 */
public final class LongCat implements Family {

    private static final String OPEN = "<longcat_tool_call>";
    private static final String CLOSE = "</longcat_tool_call>";

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, new NameOrJson(WireFormat.LONGCAT,
                JsonBlock.tags(WireFormat.LONGCAT, OPEN, CLOSE).recognizer(),
                new Glm(OPEN, CLOSE, "longcat_", WireFormat.LONGCAT)));
    }
}
