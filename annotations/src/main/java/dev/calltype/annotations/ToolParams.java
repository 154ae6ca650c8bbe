package dev.calltype.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as a parameter object. A {@link Tool} method whose only parameter is such a
 * record exposes the record's components as its top-level parameters, in component order. A
 * record parameter without this annotation is a nested object parameter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ToolParams {
}
