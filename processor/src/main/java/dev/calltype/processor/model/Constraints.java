package dev.calltype.processor.model;

import dev.calltype.render.Json;

/**
 * Bean Validation constraints read by simple name ({@code @Min}, {@code @Max}, {@code @DecimalMin},
 * {@code @DecimalMax}, {@code @Size}, {@code @Pattern}, {@code @NotBlank}, {@code @NotEmpty},
 * {@code @Email}), already matched to the kind of value they apply to. Absent values are
 * {@code null}.
 *
 * @param minimum inclusive lower bound, as a JSON number
 * @param maximum inclusive upper bound, as a JSON number
 * @param minLength for strings, in code points
 * @param maxLength for strings, in code points
 * @param pattern the regular expression as the annotation gives it (matched against the whole string)
 * @param minItems for collections, arrays and maps
 * @param maxItems for collections, arrays and maps
 * @param notBlank whether a string must contain a non-whitespace character
 * @param email whether a string must be an e-mail address
 */
public record Constraints(Json.JsonNumber minimum, Json.JsonNumber maximum, Integer minLength, Integer maxLength,
                          String pattern, Integer minItems, Integer maxItems, boolean notBlank, boolean email) {

    public static final Constraints NONE = new Constraints(null, null, null, null, null, null, null, false, false);

    public boolean isEmpty() {
        return equals(NONE);
    }

    /** The pattern as published in the schema: anchored, because the annotation means a whole match. */
    public String schemaPattern() {
        if (pattern == null) {
            return null;
        }
        if (pattern.startsWith("^") && pattern.endsWith("$") && !pattern.endsWith("\\$")) {
            return pattern;
        }
        return "^(?:" + pattern + ")$";
    }
}
