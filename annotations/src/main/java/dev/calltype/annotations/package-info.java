/**
 * The annotations Calltype's processor reads: {@link dev.calltype.annotations.Tool} on a method a model may call,
 * {@link dev.calltype.annotations.Param} on its parameters (or the components of a
 * {@link dev.calltype.annotations.ToolParams} record), and {@link dev.calltype.annotations.Answer} on a type a
 * model's answer is read into. No dependencies; nothing here is read at run time.
 */
package dev.calltype.annotations;
