package dev.calltype.runtime.agent;

import dev.calltype.runtime.Ending;

/**
 * The one rule for a reply that ended at the token limit ({@link Ending#LENGTH}), for every client: its last call,
 * native or written in the text, never runs, even when its arguments close, since the limit may have cut what the
 * model still meant to write. The model is answered with {@link #message(String)}. {@link ToolLoop} applies it to
 * every {@link ModelClient}'s reply, {@link ReplyRepair} to the replies of LangChain4j and Spring AI models.
 */
final class CutOff {

    private CutOff() {
    }

    /**
     * What the model is told of the call that was not run.
     *
     * @param name the tool the call named
     * @return the message
     */
    static String message(String name) {
        String shown = name == null ? "" : name.length() <= 80 ? name : name.substring(0, 80) + "…";
        return "Your call to \"" + shown + "\" was cut off by the length limit of your answer, so it was not run."
                + " Send the complete call again.";
    }
}
