package dev.calltype.runtime.support;

import dev.calltype.runtime.ToolResult;

/**
 * A toolkit that runs a native call from its argument text itself (generated toolkits do, and combined toolkits
 * hand such calls to their parts that do): what the LangChain4j and Spring AI adapters call, through
 * {@link DispatchSupport#dispatchNative}, instead of reading the text into a call first. Support for generated code
 * and the adapters, not API.
 */
public interface NativeDispatch {

    /**
     * The result of the native call {@code name(arguments)}: exactly the result of dispatching the call
     * {@code extractor().readNativeCall(name, arguments, id)} reads, or of the failure it reads instead.
     *
     * @param name the tool name as sent, or {@code null}
     * @param arguments the argument text as sent
     * @param id the call's id as sent, or {@code null}
     * @return the result; never {@code null}, never thrown for what a model sends
     */
    ToolResult dispatchNative(String name, CharSequence arguments, String id);
}
