package dev.calltype.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a tool a language model may call.
 *
 * <p>The Calltype annotation processor generates, for each class with {@code @Tool} methods, a
 * {@code <ClassName>Tools} class holding the tools' schemas, prompt instructions and a type-safe
 * dispatcher. Nothing is read by reflection at run time.
 *
 * <pre>{@code
 * public class WeatherService {
 *     /** Current weather for a city. *\/
 *     @Tool
 *     public Weather getWeather(String city, Optional<Units> units) { ... }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Tool {

    /**
     * The tool name the model sees. Default: the method name in snake_case ({@code getWeather} →
     * {@code get_weather}). Must match {@code ^[a-zA-Z0-9_-]{1,64}$}, which every provider accepts.
     *
     * @return the name, or {@code ""} for the derived one
     */
    String name() default "";

    /**
     * What the tool does, for the model. Default: the first paragraph of the method's Javadoc.
     *
     * @return the description, or {@code ""} to take it from the Javadoc
     */
    String description() default "";

    /**
     * Whether a call needs the approval of a person before it runs. {@code ToolLoop} asks its
     * approver before dispatching such a call; a denied call returns a failure to the model.
     *
     * @return {@code true} when each call needs approval
     */
    boolean confirm() default false;

    /**
     * Whether the tool only reads: it changes nothing a later call could observe. {@code ToolLoop} runs
     * consecutive calls to read-only tools concurrently when it is given an executor (every other call runs
     * alone, in the order the model wrote it), and MCP servers publish it as {@code readOnlyHint}. Declare it only
     * when it is true: a tool that writes but is declared read-only may see its writes reordered.
     *
     * @return {@code true} when the tool changes nothing
     */
    boolean readOnly() default false;
}
