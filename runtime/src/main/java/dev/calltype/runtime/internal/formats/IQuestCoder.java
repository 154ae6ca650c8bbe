package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * IQuest Coder: {@code <iquest_tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></iquest_tool_call>}
 * (IQuest-Q1, SGLang's {@code iquest_q1}), and V2's {@code <iquestcoder_tool_call>} with the same pairs (vLLM's
 * {@code iquest_coder_v2}): GLM's pairs under the family's own tag, values typed by the tool's schema. A name without
 * pairs is a call without arguments; content that is no name leaves the tag as text.
 */
public final class IQuestCoder implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        for (String tag : new String[] {"iquest_tool_call", "iquestcoder_tool_call"}) {
            String open = "<" + tag + ">";
            String close = "</" + tag + ">";
            markers.add(open, new NameOrJson(WireFormat.IQUEST_CODER, null,
                    new Glm(open, close, Glm.Pairs.GLM, WireFormat.IQUEST_CODER)));
        }
    }
}
