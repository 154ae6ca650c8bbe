/**
 * Constrained decoding: grammars and schemas, made from a toolkit's tool schemas for one wire format, that a serving
 * engine (llama.cpp, vLLM, SGLang, Ollama, LM Studio) enforces while the model writes, so that every call it writes
 * names a tool and fits that tool's schema. Start at {@link dev.calltype.runtime.constraint.Constraints}.
 */
package dev.calltype.runtime.constraint;
