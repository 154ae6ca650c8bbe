package dev.calltype.processor.model;

/** The result of mapping a Java type to a {@link TypeModel}. */
sealed interface Mapping {

    /** The type crosses the JSON boundary as {@code type}. */
    record Ok(TypeModel type) implements Mapping {
    }

    /** It cannot, for {@code reason} (said to the user). */
    record Failure(String reason) implements Mapping {
    }

    /** It is not resolved yet (another processor makes it): the class waits for a later round. */
    record Unresolved(String name) implements Mapping {
    }
}
