package dev.calltype.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record, an enum or a sealed interface of records as a typed answer: the processor generates
 * {@code <Type>Answer} in the same package ({@code Outer_InnerAnswer} for a nested type), a class with a public
 * no-argument constructor implementing {@code dev.calltype.runtime.AnswerType}: the type's JSON Schema in every
 * dialect, prompt instructions for models without structured output, and a lenient parser that reads the type
 * out of whatever a model wrote. Components take {@link Param} and Javadoc descriptions, defaults and
 * constraints as tool parameters do.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Answer {

    /**
     * The answer's name, as providers' structured-output requests carry it ({@code response_format}'s
     * {@code json_schema.name}). Default: the type's simple name in snake_case.
     *
     * @return the name, or {@code ""} for the default
     */
    String name() default "";

    /**
     * What the answer is, for the model. Default: the first sentence of the type's Javadoc.
     *
     * @return the description, or {@code ""} to take it from the Javadoc
     */
    String description() default "";
}
