/**
 * Calltype's client for OpenAI-compatible Chat Completions servers: {@code dev.calltype.openai.OpenAiChatModel}, a
 * {@code ModelClient} for {@code ToolLoop}. The transport ({@code dev.calltype.openai.internal}) is not exported.
 */
module dev.calltype.openai {
    requires transitive dev.calltype.runtime;
    requires java.net.http;

    exports dev.calltype.openai;
}
