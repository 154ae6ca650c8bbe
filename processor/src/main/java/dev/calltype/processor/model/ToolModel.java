package dev.calltype.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * One tool method.
 *
 * @param name the tool name the model sees
 * @param description what the tool does ({@code ""} when none)
 * @param methodName the Java method name
 * @param javadocLink the method as a Javadoc link target, e.g. {@code getWeather(String, Optional)}
 * @param isStatic whether the method is static
 * @param confirm whether a call needs approval ({@code @Tool(confirm = true)})
 * @param readOnly whether the tool only reads ({@code @Tool(readOnly = true)})
 * @param parameters the top-level parameters, in positional order
 * @param paramsRecord the {@code @ToolParams} record the method takes, or {@code null} when the
 *     method's own parameters are the tool's parameters
 * @param paramsRecordName the Java name of that record parameter, or {@code null}
 * @param callRecordName the simple name of the generated {@code Call} record
 * @param returns how the return value becomes JSON
 */
public record ToolModel(String name, String description, String methodName, String javadocLink, boolean isStatic,
                        boolean confirm, boolean readOnly, List<FieldModel> parameters, TypeName paramsRecord, String paramsRecordName,
                        String callRecordName, ReturnModel returns) {
    public ToolModel {
        parameters = List.copyOf(parameters);
    }
}
