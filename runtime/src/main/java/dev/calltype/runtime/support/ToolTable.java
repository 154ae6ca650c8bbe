package dev.calltype.runtime.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.internal.dispatch.Dispatching;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

/**
 * The dispatcher of a generated toolkit, driven by tables rather than by code generated per tool: each
 * tool's parameters are read as its parameters schema (names, required, defaults, constraints) and a
 * short code of their Java types say, into an array of values; the generated code only turns that array
 * into the tool's typed {@code Call} record ({@link Maker}) and calls the tool's method ({@link Runner}).
 * Support for generated code, no API.
 *
 * <p><b>Type codes.</b> A tool's code is its result kind, then its parameters' types, each preceded by a
 * space. Result kinds: {@code v} nothing ({@code void}), {@code s} text, {@code j} JSON written by generated
 * code (a {@link ResultWriter}) or returned as a {@code JsonNode}, {@code b} written by data binding. Types:
 * {@code z c b h i j f d} {@code boolean char byte short int long float double} and their upper case the boxed types; {@code s}
 * {@code String}, {@code m} {@code BigDecimal}, {@code n} {@code BigInteger}, {@code u} {@code UUID},
 * {@code w} {@code URI}, {@code x} {@code LocalDate}, {@code y} {@code LocalDateTime}, {@code o}
 * {@code OffsetDateTime}, {@code k} {@code Instant}, {@code p} {@code Duration}; {@code E}<i>n</i> the enum of
 * constants {@code enums[n]}, {@code R}<i>n</i> a record or sealed interface read by {@code readers[n]};
 * {@code L}, {@code T}, {@code Q}, {@code M}, {@code O} then the element type: a {@code List}, {@code Set},
 * {@code Collection}, {@code Map<String, …>} or {@code Optional}; {@code A} then a primitive letter: an array of
 * that primitive; {@code A}<i>n</i> then the element type: an array made by {@code arrays[n]}. A string
 * parameter whose code ends in {@code !} must not be blank.
 */
public final class ToolTable {

    /** Builds a tool's typed {@code Call} from its parameters' values (the generated code's one switch). */
    @FunctionalInterface
    public interface Maker<C> {
        C make(int tool, Object[] values);
    }

    /** Calls a tool's method with a {@code Call}: its result, written as the tool's result kind says. */
    @FunctionalInterface
    public interface Runner {
        Object run(int tool, Object call) throws Exception;
    }

    private final List<String> names;
    private final Map<String, Integer> indexes;
    private final ToolTexts texts;
    private final char[] results;
    private final Tool[] tools;

    /**
     * @param specs the tools, in order, as {@link DispatchSupport#toolSpecs} builds them
     * @param codes each tool's type code (see the class comment)
     * @param readers the readers of the records and sealed interfaces the codes name
     * @param enums the constants of the enums the codes name
     * @param arrays the makers of the object arrays the codes name
     */
    public ToolTable(List<ToolSpec> specs, ToolTexts texts, String[] codes, ValueReader[] readers,
                     Enum<?>[][] enums, IntFunction<?>[] arrays) {
        this.names = texts.names();
        this.texts = texts;
        this.indexes = new HashMap<>(specs.size() * 2);
        this.results = new char[specs.size()];
        this.tools = new Tool[specs.size()];
        for (int i = 0; i < specs.size(); i++) {
            indexes.put(specs.get(i).name(), i);
            String code = codes[i];
            results[i] = code.charAt(0);
            tools[i] = new Tool(specs.get(i), new TypeCode.Cursor(code, 1), readers, enums, arrays);
        }
    }

    // ------------------------------------------------------------------ what generated toolkits call

    /** The flags of a toolkit kept in parts, joined in order. */
    public static boolean[] join(boolean[]... parts) {
        int length = 0;
        for (boolean[] p : parts) {
            length += p.length;
        }
        boolean[] out = new boolean[length];
        int at = 0;
        for (boolean[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** Runs one call: never throws for anything a model can send. */
    public <C> ToolResult dispatch(ToolCall call, Maker<C> maker, Runner runner) {
        int tool = index(call.name());
        if (tool < 0) {
            return DispatchSupport.unknownTool(call, names);
        }
        List<String> problems = new ArrayList<>(0);
        return run(tool, call.id(), read(tool, call.arguments(), maker, problems), problems, runner);
    }

    /**
     * Runs one native call from its argument text: the result {@link #dispatch} gives for the call
     * {@code extractor.readNativeCall(name, arguments, id)} reads, or the failure with the correction it reads
     * instead. A call of a tool by its exact name whose text is one plain JSON object of the tool's parameters is
     * read straight into their values ({@link PlainArguments}), without the call in between; every other text is
     * read by the extractor. Never throws for anything a model can send.
     *
     * @param arguments the argument text as sent; {@code null} means none
     * @param extractor the toolkit's extractor (its limits and tools)
     */
    public <C> ToolResult dispatchNative(String name, CharSequence arguments, String id, ToolCallExtractor extractor,
                                         Maker<C> maker, Runner runner) {
        if (arguments == null) {
            arguments = "";
        }
        Integer tool = name == null ? null : indexes.get(name);
        if (tool != null && tools[tool].plainNames) {
            JsonNode[] members = PlainArguments.read(arguments, tools[tool].names, extractor.limits());
            if (members != null) {
                List<String> problems = new ArrayList<>(0);
                return run(tool, id, read(tool, members, maker, problems), problems, runner);
            }
        }
        return Dispatching.readNative(extractor, name, arguments, id, call -> dispatch(call, maker, runner));
    }

    /** A read call run: its failure when it was not read, else its result or the failure of its throw. */
    private <C> ToolResult run(int tool, String id, C parsed, List<String> problems, Runner runner) {
        String name = names.get(tool);
        if (parsed == null) {
            return DispatchSupport.invalid(id, name, texts.signature(tool), problems);
        }
        Object result;
        try {
            result = runner.run(tool, parsed);
        } catch (Exception e) {
            return DispatchSupport.thrown(id, name, e);
        }
        switch (results[tool]) {
            case 'v':
                return DispatchSupport.done(id, name);
            case 's':
                return DispatchSupport.text(id, name, (String) result);
            case 'j':
                return result instanceof ResultWriter text ? text.result(name, id)
                        : DispatchSupport.json(id, name, (JsonNode) result);
            default:
                return DispatchSupport.bound(id, name, result);
        }
    }

    /** A call's typed {@code Call}, or {@code null} after adding every problem (an unknown tool among them). */
    public <C> C read(ToolCall call, Maker<C> maker, List<String> problems) {
        int tool = index(call.name());
        if (tool < 0) {
            problems.add(DispatchSupport.unknownToolProblem(call.name(), names));
            return null;
        }
        return read(tool, call.arguments(), maker, problems);
    }

    /**
     * A call's typed {@code Call}.
     *
     * @throws dev.calltype.runtime.ToolArgumentException listing every problem
     */
    public <C> C parse(ToolCall call, Maker<C> maker) {
        List<String> problems = new ArrayList<>();
        C parsed = read(call, maker, problems);
        if (parsed == null) {
            throw DispatchSupport.invalidCall(call, problems);
        }
        return parsed;
    }

    /** Every call of an extraction as a typed {@code Call}, as {@link DispatchSupport#parseAll} converts them. */
    public <C> List<C> parseAll(Extraction extraction, Maker<C> maker) {
        return DispatchSupport.parseAll(extraction, texts, (call, problems) -> read(call, maker, problems));
    }

    private int index(String name) {
        Integer exact = indexes.get(name);
        if (exact != null) {
            return exact;
        }
        String resolved = DispatchSupport.resolve(name, names);
        return resolved == null ? -1 : indexes.get(resolved);
    }

    private <C> C read(int index, ObjectNode arguments, Maker<C> maker, List<String> problems) {
        Tool tool = tools[index];
        int before = problems.size();
        ObjectNode args = tool.nestings.isEmpty()
                ? rejectUnknown(arguments, tool.names, problems)
                : Nesting.nestAndRejectUnknown(arguments, tool.names, tool.nestings, problems);
        Parameter[] parameters = tool.parameters;
        Object[] values = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            values[i] = parameters[i].read(args.get(parameters[i].name), problems);
        }
        return make(index, values, before, maker, problems);
    }

    /** As {@link #read(int, ObjectNode, Maker, List)}, from the parameters' members in order (each once, all known). */
    private <C> C read(int index, JsonNode[] members, Maker<C> maker, List<String> problems) {
        Parameter[] parameters = tools[index].parameters;
        Object[] values = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            values[i] = parameters[i].read(members[i], problems);
        }
        return make(index, values, 0, maker, problems);
    }

    private static <C> C make(int index, Object[] values, int before, Maker<C> maker, List<String> problems) {
        if (problems.size() > before) {
            return null;
        }
        try {
            return maker.make(index, values);
        } catch (RuntimeException e) {
            DispatchSupport.rejected("", e, problems);
            return null;
        }
    }

    private static ObjectNode rejectUnknown(ObjectNode arguments, List<String> names, List<String> problems) {
        DispatchSupport.rejectUnknown(arguments, "", names, problems);
        return arguments;
    }

    // ------------------------------------------------------------------ the tables

    /** One tool's parameters, read from its schema and its type code. */
    private static final class Tool {
        final List<String> names;
        final Parameter[] parameters;
        final List<Nesting> nestings = new ArrayList<>(0);
        /** Whether every parameter name is written in JSON as it is, so that {@link PlainArguments} can match it. */
        final boolean plainNames;

        Tool(ToolSpec spec, TypeCode.Cursor code, ValueReader[] readers, Enum<?>[][] enums, IntFunction<?>[] arrays) {
            ObjectNode schema = spec.parameters();
            JsonNode properties = schema.path("properties");
            JsonNode required = schema.path("required");
            this.names = spec.parameterOrder();
            this.parameters = new Parameter[names.size()];
            this.plainNames = names.stream().allMatch(ResultWriter::plain);
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                code.expect(' ');
                TypeCode type = TypeCode.read(code, readers, enums, arrays);
                boolean notBlank = code.skip('!');
                JsonNode property = properties.path(name);
                parameters[i] = new Parameter(name, type, contains(required, name), property, notBlank);
                Nesting nesting = type.nesting(name, TypeCode.resolve(property, schema), schema);
                if (nesting != null) {
                    nestings.add(nesting);
                }
            }
            code.end();
        }
    }

    /** One parameter: how to read it, what to do when it is missing, and what to check. */
    private static final class Parameter {
        final String name;
        final TypeCode type;
        final boolean required;
        final JsonNode fallback;
        final String minimum;
        final String maximum;
        final Integer minLength;
        final Integer maxLength;
        final Pattern pattern;
        final boolean notBlank;
        final boolean email;
        final Integer minItems;
        final Integer maxItems;
        final boolean checked;

        Parameter(String name, TypeCode type, boolean required, JsonNode schema, boolean notBlank) {
            this.name = name;
            this.type = type;
            this.required = required;
            this.fallback = schema.get("default");
            this.minimum = bound(schema.get("minimum"));
            this.maximum = bound(schema.get("maximum"));
            boolean character = type.letter == 'c' || type.letter == 'C';
            Integer min = character ? null : integer(schema.get("minLength"));
            this.minLength = notBlank && min != null && min == 1 ? null : min;
            this.maxLength = character ? null : integer(schema.get("maxLength"));
            JsonNode p = schema.get("pattern");
            this.pattern = p == null ? null : Pattern.compile(unanchored(p.asText()));
            this.notBlank = notBlank;
            this.email = "email".equals(schema.path("format").asText(null));
            this.minItems = integer(schema.get("minItems"));
            this.maxItems = integer(schema.get("maxItems"));
            this.checked = minimum != null || maximum != null || minLength != null || maxLength != null
                    || pattern != null || notBlank || email || minItems != null || maxItems != null;
        }

        /** The value of the parameter's member {@code node} ({@code null} when the arguments do not have it). */
        Object read(JsonNode node, List<String> problems) {
            if (DispatchSupport.absent(node)) {
                if (required) {
                    DispatchSupport.missing(name, node, problems);
                    return null;
                }
                if (fallback != null) {
                    return type.read(fallback, name, problems, 1);
                }
                return type.absent();
            }
            Object value = type.read(node, name, problems, 1);
            if (checked && value != null) {
                check(value instanceof Optional<?> o ? o.orElse(null) : value, problems);
            }
            return value;
        }

        private void check(Object value, List<String> problems) {
            if (value == null) {
                return;
            }
            if (value instanceof Number n) {
                if (minimum != null) {
                    Constraints.minimum(n, minimum, name, problems);
                }
                if (maximum != null) {
                    Constraints.maximum(n, maximum, name, problems);
                }
            }
            if (value instanceof String s) {
                if (notBlank) {
                    Constraints.notBlank(s, name, problems);
                }
                if (minLength != null || maxLength != null) {
                    Constraints.length(s, minLength, maxLength, name, problems);
                }
                if (pattern != null) {
                    Constraints.pattern(s, pattern, name, problems);
                }
                if (email) {
                    Constraints.email(s, name, problems);
                }
            }
            if (minItems != null || maxItems != null) {
                int size = size(value);
                if (size >= 0) {
                    Constraints.size(size, minItems, maxItems, name, problems);
                }
            }
        }

        private static int size(Object value) {
            if (value instanceof Collection<?> c) {
                return c.size();
            }
            if (value instanceof Map<?, ?> m) {
                return m.size();
            }
            if (value instanceof Object[] a) {
                return a.length;
            }
            if (value instanceof int[] a) {
                return a.length;
            }
            if (value instanceof long[] a) {
                return a.length;
            }
            if (value instanceof double[] a) {
                return a.length;
            }
            if (value instanceof float[] a) {
                return a.length;
            }
            if (value instanceof short[] a) {
                return a.length;
            }
            if (value instanceof byte[] a) {
                return a.length;
            }
            if (value instanceof char[] a) {
                return a.length;
            }
            if (value instanceof boolean[] a) {
                return a.length;
            }
            return -1;
        }

        /** A bound as the annotation wrote it (the schema states it as a JSON number). */
        private static String bound(JsonNode n) {
            if (n == null) {
                return null;
            }
            return n.isIntegralNumber() ? n.asText() : n.decimalValue().toPlainString();
        }

        private static Integer integer(JsonNode n) {
            return n == null ? null : n.intValue();
        }

        /** The annotation's pattern: the schema anchors it as {@code ^(?:…)$}; it is matched whole either way. */
        private static String unanchored(String schemaPattern) {
            if (schemaPattern.startsWith("^(?:") && schemaPattern.endsWith(")$")) {
                return schemaPattern.substring(4, schemaPattern.length() - 2);
            }
            return schemaPattern;
        }
    }

    private static boolean contains(JsonNode array, String value) {
        for (JsonNode n : array) {
            if (value.equals(n.asText())) {
                return true;
            }
        }
        return false;
    }

}
