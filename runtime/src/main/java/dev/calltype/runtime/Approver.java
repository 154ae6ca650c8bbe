package dev.calltype.runtime;

/**
 * Decides whether a call a model made to a tool that needs confirmation ({@link ToolSpec#confirm()}) may run. Every
 * door that takes calls from a model asks one ({@link Toolkit#handle(String, Approver)}, {@code ToolLoop}, the
 * LangChain4j and Spring AI tools), on the tool the call's name was resolved to, with the call under that tool's
 * own name: what it says yes to is exactly what runs. A door given none declines every such call and tells the
 * model why.
 */
@FunctionalInterface
public interface Approver {
    /**
     * Whether the call may run; an exception counts as a refusal.
     *
     * @param call the call, under the tool's own name, with the arguments that will run
     * @param tool the tool it calls, as {@link Toolkit#bind} bound it: the tool that runs if this says yes
     * @return {@code true} to run the call; {@code false} sends the model a failure saying it was declined
     * @throws Exception any problem deciding; the call is then declined
     */
    boolean approve(ToolCall call, ToolSpec tool) throws Exception;
}
