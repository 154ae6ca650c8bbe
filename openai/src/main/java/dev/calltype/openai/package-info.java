/**
 * A {@link dev.calltype.runtime.agent.ModelClient} for any OpenAI-compatible chat completions server (OpenAI,
 * vLLM, SGLang, llama.cpp, Ollama, LM Studio), over the JDK's {@code HttpClient}. Start at
 * {@link dev.calltype.openai.OpenAiChatModel}; failures are {@link dev.calltype.openai.ChatCompletionsException}s
 * with a {@link dev.calltype.openai.ChatCompletionsException.Kind}; {@link dev.calltype.openai.ServerProfile} says
 * which request fields a server reads for constrained decoding.
 */
package dev.calltype.openai;
