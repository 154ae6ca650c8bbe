package dev.calltype.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * What {@link McpToolkit} reads of a server before the SDK does, over any transport: tools that need task support
 * (which this client does not offer, so a call could never succeed) are taken out of {@code tools/list} answers,
 * which the SDK would read without their {@code execution} field; {@code notifications/tools/list_changed} goes to
 * the toolkit (which coalesces a burst into few re-lists) instead of the SDK (which re-lists for each);
 * {@code notifications/progress} is reported so that progress can extend a call's wait.
 */
final class ClientWire implements McpClientTransport {

    private final McpClientTransport inner;
    private final Runnable toolsChanged;
    private final Consumer<Object> progress;

    /**
     * @param toolsChanged called for each {@code notifications/tools/list_changed}, on the transport's thread (it
     *     must not block)
     * @param progress called with the progress token of each {@code notifications/progress}
     */
    ClientWire(McpClientTransport inner, Runnable toolsChanged, Consumer<Object> progress) {
        this.inner = inner;
        this.toolsChanged = toolsChanged;
        this.progress = progress;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return inner.connect(inbound -> inbound.flatMap(message -> {
            McpSchema.JSONRPCMessage read = read(message);
            return read == null ? Mono.empty() : handler.apply(Mono.just(read));
        }));
    }

    /** The message as the SDK should see it; {@code null} when it is handled here. */
    private McpSchema.JSONRPCMessage read(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCNotification notification) {
            if ("notifications/tools/list_changed".equals(notification.method())) {
                toolsChanged.run();
                return null;
            }
            if ("notifications/progress".equals(notification.method())
                    && notification.params() instanceof Map<?, ?> params && params.get("progressToken") != null) {
                progress.accept(params.get("progressToken"));
            }
            return message;
        }
        if (message instanceof McpSchema.JSONRPCResponse response && response.result() instanceof Map<?, ?> result
                && result.get("tools") instanceof List<?> tools) {
            List<Object> usable = new ArrayList<>(tools.size());
            for (Object tool : tools) {
                if (!needsTasks(tool)) {
                    usable.add(tool);
                }
            }
            if (usable.size() != tools.size()) {
                Map<Object, Object> kept = new LinkedHashMap<>(result);
                kept.put("tools", usable);
                return new McpSchema.JSONRPCResponse(response.jsonrpc(), response.id(), kept, response.error());
            }
        }
        return message;
    }

    /** Whether a listed tool says it can only be called as a task ({@code execution.taskSupport: "required"}). */
    static boolean needsTasks(Object tool) {
        return tool instanceof Map<?, ?> entry && entry.get("execution") instanceof Map<?, ?> execution
                && "required".equals(execution.get("taskSupport"));
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return inner.sendMessage(message);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return inner.closeGracefully();
    }

    @Override
    public void close() {
        inner.close();
    }

    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        inner.setExceptionHandler(handler);
    }

    @Override
    public List<String> protocolVersions() {
        return inner.protocolVersions();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
        return inner.unmarshalFrom(data, type);
    }
}
