package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * ByteDance Seed-OSS: {@code <seed:tool_call><function=NAME><parameter=K>V</parameter></function></seed:tool_call>},
 * the {@link Qwen3Coder} invocations in a tag of its own (read by {@link ToolCallTag}, so JSON content is read too).
 */
public final class SeedOss implements Family {

    public static final String OPEN = "<seed:tool_call>";
    public static final String CLOSE = "</seed:tool_call>";

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, new ToolCallTag(OPEN, CLOSE));
    }
}
