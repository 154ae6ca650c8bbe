package dev.calltype.processor.generation;

import com.palantir.javapoet.ClassName;

/**
 * The runtime and library types generated code names. The processor does not depend on the
 * runtime or Jackson: it only writes their names.
 */
public final class RuntimeNames {

    private static final String RUNTIME = "dev.calltype.runtime";
    private static final String SUPPORT = RUNTIME + ".support";
    private static final String JACKSON = "com.fasterxml.jackson.databind";

    public static final ClassName TOOLKIT = ClassName.get(RUNTIME, "Toolkit");
    public static final ClassName TOOL_SPEC = ClassName.get(RUNTIME, "ToolSpec");
    public static final ClassName TOOL_CALL = ClassName.get(RUNTIME, "ToolCall");
    public static final ClassName TOOL_RESULT = ClassName.get(RUNTIME, "ToolResult");
    public static final ClassName TOOL_CALL_EXTRACTOR = ClassName.get(RUNTIME, "ToolCallExtractor");
    public static final ClassName TOOL_ARGUMENT_EXCEPTION = ClassName.get(RUNTIME, "ToolArgumentException");
    public static final ClassName SCHEMA_DIALECT = ClassName.get(RUNTIME, "SchemaDialect");
    public static final ClassName PROMPT_FORMAT = ClassName.get(RUNTIME, "PromptFormat");
    public static final ClassName COERCION = ClassName.get(SUPPORT, "Coercion");
    public static final ClassName ARGUMENT_SUPPORT = ClassName.get(SUPPORT, "ArgumentSupport");
    public static final ClassName TOOLKIT_SUPPORT = ClassName.get(SUPPORT, "ToolkitSupport");
    public static final ClassName VALUE_CHECKS = ClassName.get(SUPPORT, "ValueChecks");
    public static final ClassName RESULT_WRITER = ClassName.get(SUPPORT, "ResultWriter");
    public static final ClassName NESTING = ClassName.get(SUPPORT, "Nesting");
    public static final ClassName UNION = ClassName.get(SUPPORT, "Union");
    public static final ClassName TOOL_TEXTS = ClassName.get(SUPPORT, "ToolTexts");
    public static final ClassName TOOL_TABLE = ClassName.get(SUPPORT, "ToolTable");
    public static final ClassName VALUE_READER = ClassName.get(SUPPORT, "ValueReader");
    public static final ClassName ANSWER_TYPE = ClassName.get(RUNTIME, "AnswerType");
    public static final ClassName PARSED_ANSWER = ClassName.get(RUNTIME, "ParsedAnswer");
    public static final ClassName ANSWER_STREAM = ClassName.get(RUNTIME, "AnswerStream");
    public static final ClassName PARTIAL_ANSWER = ClassName.get(RUNTIME, "PartialAnswer");
    public static final ClassName ANSWER_SUPPORT = ClassName.get(SUPPORT, "AnswerSupport");
    public static final ClassName DIRECT_SHAPE = ClassName.get(SUPPORT, "DirectShape");
    public static final ClassName ANSWER_TEXTS = ClassName.get(SUPPORT, "AnswerTexts");

    public static final ClassName JSON_NODE = ClassName.get(JACKSON, "JsonNode");
    public static final ClassName OBJECT_NODE = ClassName.get(JACKSON + ".node", "ObjectNode");

    public static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
    public static final String PROCESSOR = "dev.calltype.processor.ToolProcessor";

    private RuntimeNames() {
    }
}
