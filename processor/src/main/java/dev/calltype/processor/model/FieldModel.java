package dev.calltype.processor.model;

import dev.calltype.render.Json;

/**
 * One named value read from a JSON object: a tool parameter or a record component.
 *
 * @param jsonName the name the model sees
 * @param javaName the Java parameter or component name
 * @param type the value's type
 * @param required whether the model must send it
 * @param description what it means, for the model ({@code ""} when none)
 * @param defaultValue the value used when the model omits it, or {@code null}
 * @param constraints checks applied after conversion
 */
public record FieldModel(String jsonName, String javaName, TypeModel type, boolean required, String description,
                         Json defaultValue, Constraints constraints) {
}
