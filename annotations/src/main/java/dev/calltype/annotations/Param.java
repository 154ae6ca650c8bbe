package dev.calltype.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes a tool parameter: a parameter of a {@link Tool} method or a component of a record used
 * as a parameter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Param {

    /**
     * The parameter name the model sees. Default: the Java name, as written in the source.
     *
     * @return the name, or {@code ""} for the Java name
     */
    String name() default "";

    /**
     * What the parameter means, for the model. Default: the Javadoc {@code @param} text.
     *
     * @return the description, or {@code ""} to take it from the Javadoc
     */
    String description() default "";

    /**
     * Whether the model must send this parameter. Default {@code true}; a parameter of type
     * {@code Optional<…>}, one annotated with any annotation named {@code Nullable}, or one with a
     * {@link #defaultValue()} is never required.
     *
     * @return {@code false} to let the model leave the parameter out
     */
    boolean required() default true;

    /**
     * A JSON literal used when the model omits the parameter and published as the schema's
     * {@code default}, e.g. {@code "10"}, {@code "\"celsius\""}, {@code "[]"}. Empty: no default.
     *
     * @return the default as JSON text, or {@code ""} for none
     */
    String defaultValue() default "";
}
