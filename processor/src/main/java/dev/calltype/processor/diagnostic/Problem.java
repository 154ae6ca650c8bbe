package dev.calltype.processor.diagnostic;

import java.util.Locale;

/**
 * Every message the processor can report. Each has a stable id, shown in brackets at the start of
 * the message, that says what is wrong; the text says how to fix it. Tests build the expected text
 * from these constants.
 */
public enum Problem {
    TOOL_NOT_PUBLIC("ToolNotPublic", Severity.ERROR,
            "@Tool method %s must be public; make it public so the generated toolkit can call it"),
    TOOL_GENERIC("ToolGeneric", Severity.ERROR,
            "@Tool method %s must not declare type parameters; a model cannot choose a Java type, so use"
                    + " concrete parameter types"),
    ENCLOSING_CLASS_PRIVATE("EnclosingClassPrivate", Severity.ERROR,
            "class %s declares @Tool methods but is private; make it package-private or public so the"
                    + " generated %s can reach it"),
    ENCLOSING_CLASS_INNER("EnclosingClassInner", Severity.ERROR,
            "class %s declares @Tool methods but is an inner (non-static, local or anonymous) class; make it a"
                    + " top-level or static nested class"),
    UNSUPPORTED_TYPE("UnsupportedType", Severity.ERROR,
            "parameter '%s' of tool %s has type %s, which cannot be sent as JSON: %s. Supported: %s"),
    TOOL_DUPLICATE_NAME("ToolDuplicateName", Severity.ERROR,
            "tool name \"%s\" is already used by %s; set @Tool(name = ...) to a different name"),
    TOOL_INVALID_NAME("ToolInvalidName", Severity.ERROR,
            "tool name \"%s\" is not accepted by model providers: it must match ^[a-zA-Z0-9_-]{1,64}$%s"),
    PARAM_DUPLICATE_NAME("ParamDuplicateName", Severity.ERROR,
            "parameter name \"%s\" is used twice in tool %s; set @Param(name = ...) to a different name"),
    TOOL_PARAMS_NOT_RECORD("ToolParamsNotRecord", Severity.ERROR,
            "@ToolParams marks a parameter object and only applies to records; %s is not a record"),
    TOOL_PARAMS_NOT_ALONE("ToolParamsNotAlone", Severity.ERROR,
            "@ToolParams record parameter '%s' must be the only parameter of tool %s; move the other"
                    + " parameters into the record, or remove @ToolParams to make it a nested object"),
    DEFAULT_INVALID("DefaultInvalid", Severity.ERROR,
            "defaultValue %s of parameter '%s' is not valid for its type %s: %s"),
    CONSTRAINT_INVALID("ConstraintInvalid", Severity.ERROR,
            "@%s on '%s' is invalid: %s"),
    CONSTRAINT_IGNORED("ConstraintIgnored", Severity.WARNING,
            "@%s on '%s' does not apply to type %s and is ignored; remove it, or"
                    + " use @SuppressWarnings(\"calltype\")"),
    DESCRIPTION_MISSING("DescriptionMissing", Severity.WARNING,
            "%s has no description; the model sees only its name. Add Javadoc or a description, or silence"
                    + " this with @SuppressWarnings(\"calltype\") or -Acalltype.descriptions=off"),
    OPTIONAL_PRIMITIVE("OptionalPrimitive", Severity.WARNING,
            "parameter '%s' is optional but its type %s cannot be absent: when a call leaves it out it is %s,"
                    + " and the schema says so. Set @Param(defaultValue = ...) to choose the value, or use %s to"
                    + " tell absence apart"),
    RETURN_BY_REFLECTION("ReturnByReflection", Severity.WARNING,
            "tool %s returns %s, which has no generated writer: its results are written with Jackson data binding"
                    + " (reflection). Return a record, an enum, a String, a JsonNode or a collection of these, or"
                    + " use @SuppressWarnings(\"calltype\")"),
    ANSWER_TARGET("AnswerTarget", Severity.ERROR,
            "@Answer applies to a record, an enum or a sealed interface of records; %s is %s"),
    ANSWER_UNSUPPORTED_TYPE("UnsupportedType", Severity.ERROR,
            "@Answer type %s cannot be read from JSON: %s. Supported: %s"),
    ANSWER_NOT_ACCESSIBLE("AnswerNotAccessible", Severity.ERROR,
            "@Answer type %s is private or inside a private or inner class; make it reachable from its package"
                    + " so the generated %s can read it"),
    ANSWER_INVALID_NAME("AnswerInvalidName", Severity.ERROR,
            "answer name \"%s\" is not accepted by model providers: it must match ^[a-zA-Z0-9_-]{1,64}$"),
    TOOLKIT_NAME_TAKEN("ToolkitNameTaken", Severity.ERROR,
            "the toolkit generated for %s is named %s, but a type of that name is already declared; rename that"
                    + " type"),
    STALE_GENERATED_SOURCE("StaleGeneratedSource", Severity.ERROR,
            "the toolkit generated for %s is named %s, and a copy that Calltype generated in an earlier build is"
                    + " being compiled as a source; clean the generated sources (mvn clean, gradle clean, or delete"
                    + " the generated-sources folder and remove it from the source roots) so that it is generated"
                    + " again"),
    TYPE_UNRESOLVED("TypeUnresolved", Severity.ERROR,
            "the type %s used by the tools of %s could not be resolved; check imports and the build path"),
    PARAMETER_NAMES_UNKNOWN("ParameterNamesUnknown", Severity.ERROR,
            "tool %s is inherited from %s, a class file that keeps neither its parameter names nor the names"
                    + " Calltype records beside it; compile %2$s with the Calltype processor on its annotation"
                    + " processor path (it records names and descriptions beside the class file), or with"
                    + " -parameters"),
    PROCESSOR_FAILURE("ProcessorFailure", Severity.ERROR,
            "the Calltype processor failed on %s; please report this with the stack trace: %s");

    /** Whether a message stops generation. */
    public enum Severity { ERROR, WARNING }

    /** The value of {@code @SuppressWarnings} that silences Calltype warnings. */
    public static final String SUPPRESSION = "calltype";

    private final String id;
    private final Severity severity;
    private final String template;

    Problem(String id, Severity severity, String template) {
        this.id = id;
        this.severity = severity;
        this.template = template;
    }

    /** The stable id, e.g. {@code ToolNotPublic}. */
    public String id() {
        return id;
    }

    public Severity severity() {
        return severity;
    }

    /** The full message: {@code [Id] text}. */
    public String format(Object... args) {
        return "[" + id + "] " + String.format(Locale.ROOT, template, args);
    }
}
