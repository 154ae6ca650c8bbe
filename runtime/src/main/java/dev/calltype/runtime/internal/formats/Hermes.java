package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Hermes and Qwen 2.5 / 3: {@code <tool_call>{"name": …, "arguments": {…}}</tool_call>}, several tags in a row;
 * Hermes 2 Pro also writes {@code <tool_call><function name="N">{…}</function></tool_call>}.
 * Other families fill the same tag differently ({@link Qwen3Coder}, {@link Glm}): {@link ToolCallTag} lets the
 * content decide.
 */
public final class Hermes implements Family {

    public static final String OPEN = "<tool_call>";
    public static final String CLOSE = "</tool_call>";

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, new ToolCallTag(OPEN, CLOSE));
    }
}
