/**
 * Calltype's runtime API, in three groups.
 *
 * <ul>
 *   <li><b>Extraction</b>: read tool calls out of any model's text. Start at
 *   {@link dev.calltype.runtime.ToolCallExtractor} ({@code extract(text)} for a whole reply, {@code streaming(...)}
 *   for one that arrives in pieces); its results are {@link dev.calltype.runtime.Extraction},
 *   {@link dev.calltype.runtime.ToolCall}, {@link dev.calltype.runtime.ExtractionError} and
 *   {@link dev.calltype.runtime.StreamEvent}; {@link dev.calltype.runtime.Ending} says how a reply ended.</li>
 *   <li><b>Toolkits</b>: the tools a model may call and the one door they are run through. Start at
 *   {@link dev.calltype.runtime.Toolkit} (a generated {@code <Class>Toolkit}, or
 *   {@link dev.calltype.runtime.Toolkits#of} / {@link dev.calltype.runtime.Toolkits#fromJson} for tools known only
 *   at run time); {@link dev.calltype.runtime.ToolSpec}, {@link dev.calltype.runtime.ToolResult},
 *   {@link dev.calltype.runtime.Approver}, schema dialects ({@link dev.calltype.runtime.SchemaDialect}) and prompt
 *   formats ({@link dev.calltype.runtime.PromptFormat}, {@link dev.calltype.runtime.WireFormat}).</li>
 *   <li><b>Typed answers</b>: read a model's answer into a Java type. Start at
 *   {@link dev.calltype.runtime.AnswerType} (a generated {@code <Type>Answer}); its results are
 *   {@link dev.calltype.runtime.ParsedAnswer}, {@link dev.calltype.runtime.AnswerError} and, while it streams,
 *   {@link dev.calltype.runtime.PartialAnswer}.</li>
 * </ul>
 *
 * The model interface and the agent loop are in {@link dev.calltype.runtime.agent}; constrained decoding in
 * {@link dev.calltype.runtime.constraint}. Nothing here throws for a model's text: failures are values.
 */
package dev.calltype.runtime;
