package dev.calltype.runtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * SKELETON (being replaced by the engine work): public API shape only.
 */
public final class ToolCallExtractor {

    private final List<ToolSpec> tools;

    private ToolCallExtractor(Builder b) {
        this.tools = List.copyOf(b.tools);
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<ToolSpec> tools() {
        return tools;
    }

    public Extraction extract(CharSequence response) {
        throw new UnsupportedOperationException("engine not written yet");
    }

    public static final class Builder {
        private final List<ToolSpec> tools = new ArrayList<>();

        public Builder tools(Collection<ToolSpec> specs) {
            tools.addAll(specs);
            return this;
        }

        public ToolCallExtractor build() {
            return new ToolCallExtractor(this);
        }
    }
}
