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
     */
    String name() default "";

    /** What the tool does, for the model. Default: the first paragraph of the method's Javadoc. */
    String description() default "";

    /**
     * Whether a call needs the approval of a person before it runs. {@code ToolLoop} asks its
     * approver before dispatching such a call; a denied call returns a failure to the model.
     */
    boolean confirm() default false;

    /**
     * Whether the tool only reads: calling it changes nothing the model or a person could observe,
     * so calls to it may run at the same time as one another and in any order. {@code ToolLoop}
     * runs calls concurrently only when asked to and only for tools declared read-only; MCP servers
     * publish it as the tool's {@code readOnlyHint}. Default {@code false}: declare it only for
     * tools that are safe to run concurrently with other read-only calls.
     */
    boolean readOnly() default false;
}
