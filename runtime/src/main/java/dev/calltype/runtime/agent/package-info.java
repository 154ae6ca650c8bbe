/**
 * The model interface and the agent loop.
 *
 * <ul>
 *   <li><b>The model</b>: {@link dev.calltype.runtime.agent.ModelClient} is what a loop talks to (implemented by
 *   {@code calltype-openai}'s {@code OpenAiChatModel} and the LangChain4j and Spring AI modules' model clients). Its
 *   one method takes a whole {@link dev.calltype.runtime.agent.ModelRequest} (messages, native tools, answer type)
 *   and reports the reply to a {@link dev.calltype.runtime.agent.ReplyListener}; the client decides how to ask, so
 *   a decorator that hands the request on keeps structured output and native tools. It answers with a
 *   {@link dev.calltype.runtime.agent.ModelReply} whose {@link dev.calltype.runtime.agent.ReplyMetadata} carries
 *   the finish reason and token usage.</li>
 *   <li><b>The loop</b>: start at {@link dev.calltype.runtime.agent.ToolLoop}: it asks the model, runs the calls
 *   it makes through the toolkit (with approval, per-reply and per-round limits), sends the results back, and ends
 *   with an {@link dev.calltype.runtime.agent.ToolLoop.Outcome} that reports every round
 *   ({@link dev.calltype.runtime.agent.RoundReport}) and call ({@link dev.calltype.runtime.agent.CallReport}).
 *   A reply cut at the token limit never runs its last call, whatever the client.</li>
 *   <li><b>Typed answers from a model</b>: {@link dev.calltype.runtime.agent.Answers}.</li>
 *   <li><b>Repair inside other frameworks</b>: {@link dev.calltype.runtime.agent.ReplyRepair} reads one reply
 *   against the tools a request offered, for the LangChain4j and Spring AI decorators.</li>
 * </ul>
 */
package dev.calltype.runtime.agent;
