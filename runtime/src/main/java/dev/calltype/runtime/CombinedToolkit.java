package dev.calltype.runtime;

import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.args.SchemaNodes;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.dispatch.Dispatching;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One toolkit over several: calls are routed by tool name. The view follows parts whose tools change (an MCP
 * server that announced new tools): when a part's {@link Toolkit#tools()} is no longer the list the view was made
 * from, the view is made anew, so {@link #tools()} is a new list exactly when some part's tools changed.
 *
 * <p>A native call of a tool by its exact name goes to the part that owns the name through the part's own native
 * dispatch when it has one (a generated toolkit reads a plain argument object straight into the parameters); see
 * {@link #dispatchNative}.
 */
final class CombinedToolkit implements Toolkit {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final System.Logger LOG = System.getLogger(ToolFailures.LOGGER);

    private final List<Toolkit> parts;
    private volatile View view;

    CombinedToolkit(List<Toolkit> parts) {
        this.parts = List.copyOf(parts);
        this.view = new View(this.parts, true);
    }

    /** What the parts held when it was made: their tool lists, the combined tools, the routes and the texts. */
    private static final class View {
        final List<List<ToolSpec>> seen = new ArrayList<>();
        /** Each part's tools in the view: all of its tools, unless a later clash left some out. */
        final List<List<ToolSpec>> kept = new ArrayList<>();
        final List<ToolSpec> tools;
        final Map<String, Toolkit> route = new LinkedHashMap<>();
        final Map<SchemaDialect, String> schemas = new EnumMap<>(SchemaDialect.class);
        final Map<PromptFormat, String> instructions = new EnumMap<>(PromptFormat.class);
        /**
         * The tools whose owner dispatches native calls itself, by name: owners that say so ({@link Toolkit#ownsNativeDispatch})
         * and read argument text within the limits this view's extractor reads it in, so that they read every
         * text as it does.
         */
        final Map<String, Toolkit> natives = new HashMap<>();
        /** The extractor over {@link #tools}, made at its first use. */
        private volatile ToolCallExtractor extractor;
        /** Names of different parts that clash or fold onto one another, worded for a person. */
        final List<String> warnings = new ArrayList<>();

        /**
         * @param strict whether a name two parts share is an error (when combining) or, after a part's tools
         *     changed, a warning that leaves the later part's tool out (a running loop must not fail)
         */
        View(List<Toolkit> parts, boolean strict) {
            List<ToolSpec> all = new ArrayList<>();
            Map<String, Integer> owner = new LinkedHashMap<>();
            for (int i = 0; i < parts.size(); i++) {
                Toolkit part = parts.get(i);
                List<ToolSpec> listed = part.tools();
                List<ToolSpec> mine = new ArrayList<>(listed.size());
                Toolkit own = part.ownsNativeDispatch()
                        && part.extractor().limits().equals(ExtractionLimits.DEFAULTS) ? part : null;
                seen.add(listed);
                for (ToolSpec tool : listed) {
                    Integer previous = owner.putIfAbsent(tool.name(), i);
                    if (previous != null) {
                        String clash = "tool name \"" + TerminalText.line(tool.name()) + "\" is provided by both "
                                + describe(parts.get(previous), previous) + " and " + describe(part, i);
                        if (strict) {
                            throw new IllegalArgumentException(clash + "; rename one of the tools");
                        }
                        warnings.add(clash + " after its tools changed; only the tool of "
                                + describe(parts.get(previous), previous) + " is offered and runs");
                        continue;
                    }
                    route.put(tool.name(), part);
                    if (own != null) {
                        natives.put(tool.name(), own);
                    }
                    mine.add(tool);
                }
                kept.add(mine.size() == listed.size() ? listed : List.copyOf(mine));
                all.addAll(mine);
            }
            this.tools = List.copyOf(all);
            lookAlikes(parts);
            for (String warning : warnings) {
                LOG.log(Level.WARNING, warning);
            }
        }

        /**
         * Warns about names of different parts that differ only in case and separators ({@code delete.note} beside
         * {@code delete_note}): a call runs the tool it names exactly, and any other spelling is refused as ambiguous.
         */
        private void lookAlikes(List<Toolkit> parts) {
            Map<String, Integer> firstByFold = new HashMap<>();
            Map<String, ToolSpec> toolByFold = new HashMap<>();
            for (int i = 0; i < kept.size(); i++) {
                for (ToolSpec tool : kept.get(i)) {
                    String folded = Names.fold(tool.name());
                    Integer earlier = firstByFold.putIfAbsent(folded, i);
                    if (earlier != null && earlier != i) {
                        ToolSpec other = toolByFold.get(folded);
                        warnings.add("tool name \"" + TerminalText.line(tool.name()) + "\" of " + describe(parts.get(i), i)
                                + " looks like \"" + TerminalText.line(other.name()) + "\" of "
                                + describe(parts.get(earlier), earlier) + ": a call runs the tool whose name it"
                                + " writes exactly, and a call that spells it any other way is refused as ambiguous");
                    } else {
                        toolByFold.putIfAbsent(folded, tool);
                    }
                }
            }
        }

        /** The extractor over the view's tools, with the default limits ({@link Toolkit#extractor()}'s). */
        ToolCallExtractor extractor() {
            ToolCallExtractor x = extractor;
            if (x == null) {
                x = ToolCallExtractor.builder().tools(tools).build();
                extractor = x;
            }
            return x;
        }

        boolean current(List<Toolkit> parts) {
            for (int i = 0; i < parts.size(); i++) {
                if (parts.get(i).tools() != seen.get(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    private View view() {
        View v = view;
        if (v.current(parts)) {
            return v;
        }
        synchronized (this) {
            v = view;
            if (!v.current(parts)) {
                v = new View(parts, false);
                view = v;
            }
            return v;
        }
    }

    /**
     * A part as messages name it: its number and class ({@code toolkit #1 (NotesTools)}), or what its own
     * {@code toString} says when it has one that is not the runtime's own ({@code toolkit #2 (MCP server npx …)}).
     */
    private static String describe(Toolkit toolkit, int index) {
        Class<?> type = toolkit.getClass();
        String name = type.getSimpleName().isEmpty() ? type.getName() : type.getSimpleName();
        try {
            String own = String.valueOf(toolkit);
            // Object's toString says nothing the class name does not; the runtime's own toolkits are named by class
            if (!own.equals(type.getName() + "@" + Integer.toHexString(toolkit.hashCode()))
                    && type.getPackage() != Toolkit.class.getPackage()) {
                name = TerminalText.line(own.length() > 120 ? own.substring(0, 120) + "…" : own);
            }
        } catch (RuntimeException e) {
            // the class name, then
        }
        return "toolkit #" + (index + 1) + " (" + name + ")";
    }

    /**
     * What a person should know about the combination as it is now: tool names of different parts that clash (the
     * earlier part's tool is the one offered and run) or differ only in case and separators (each runs only when
     * named exactly), and the parts' own warnings.
     */
    @Override
    public List<String> warnings() {
        View v = view();
        List<String> all = new ArrayList<>(v.warnings);
        for (Toolkit part : parts) {
            all.addAll(part.warnings());
        }
        return List.copyOf(all);
    }

    @Override
    public List<ToolSpec> tools() {
        return view().tools;
    }

    /** Each toolkit's own schema text, merged: arrays concatenated, objects joined. */
    @Override
    public String schemaJson(SchemaDialect dialect) {
        View v = view();
        synchronized (v) {
            return v.schemas.computeIfAbsent(dialect, d -> merge(v, d));
        }
    }

    private String merge(View v, SchemaDialect dialect) {
        JsonNode merged = SchemaDialects.tree(List.of(), dialect);
        for (int i = 0; i < parts.size(); i++) {
            List<ToolSpec> kept = v.kept.get(i);
            JsonNode tree = kept == v.seen.get(i) ? read(parts.get(i), dialect) : SchemaDialects.tree(kept, dialect);
            if (merged.isArray()) {
                ((ArrayNode) merged).addAll((ArrayNode) tree);
            } else if (dialect == SchemaDialect.MCP) {
                ((ArrayNode) merged.get("tools")).addAll((ArrayNode) tree.get("tools"));
            } else {
                ((ObjectNode) merged).setAll((ObjectNode) tree);
            }
        }
        return SchemaNodes.write(merged);
    }

    /** A part's schema tree; rendered from its tools when its own text is not of the dialect's shape. */
    private static JsonNode read(Toolkit part, SchemaDialect dialect) {
        JsonNode tree;
        try {
            tree = JSON.readTree(part.schemaJson(dialect));
        } catch (Exception e) {
            tree = null;
        }
        boolean fits;
        if (tree == null) {
            fits = false;
        } else if (dialect == SchemaDialect.JSON_SCHEMA) {
            fits = tree.isObject();
        } else if (dialect == SchemaDialect.MCP) {
            fits = tree.isObject() && tree.path("tools").isArray();
        } else {
            fits = tree.isArray();
        }
        return fits ? tree : SchemaDialects.tree(part.tools(), dialect);
    }

    @Override
    public String formatInstructions(PromptFormat format) {
        View v = view();
        synchronized (v) {
            return v.instructions.computeIfAbsent(format, f -> FormatInstructions.render(v.tools, f));
        }
    }

    @Override
    public ToolResult dispatch(ToolCall call) {
        Objects.requireNonNull(call, "call");
        View v = view();
        Toolkit part = v.route.get(call.name());
        if (part == null) {
            ToolSpec tool = Names.resolve(call.name(), v.tools, ToolSpec::name);
            if (tool == null) {
                return ToolFailures.notRouted(call, v.tools);
            }
            part = v.route.get(tool.name());
            call = call.withName(tool.name());
        }
        Toolkit runs = part;
        ToolCall routed = call;
        return Dispatching.guarded(routed.name(), routed.id(), () -> runs.dispatch(routed));
    }

    /**
     * Binds a name to the tool of the part that owns it, through the part's own {@link Toolkit#bind}: the binding
     * runs the call on that part's tool or not at all, whatever the name comes to mean in this toolkit later (a
     * part's tool removed, so that the name now folds onto another part's tool). A binding by name (a part that
     * keeps {@code Toolkit}'s {@code bind}) also checks that this toolkit still routes the name to that part, and
     * then runs through the door's toolkit as every binding by name does.
     */
    @Override
    public Optional<BoundTool> bind(String name) {
        if (name == null) {
            return Optional.empty();
        }
        View v = view();
        String exact = name;
        Toolkit part = v.route.get(name);
        if (part == null) {
            ToolSpec tool = Names.resolve(name, v.tools, ToolSpec::name);
            if (tool == null) {
                return Optional.empty();
            }
            exact = tool.name();
            part = v.route.get(exact);
        }
        String owned = exact;
        Toolkit owner = part;
        return part.bind(owned).filter(bound -> bound.tool().name().equals(owned))
                .map(bound -> bound.alsoIf(() -> view().route.get(owned) == owner));
    }

    /** An extractor over {@link #tools()} as they are now, made once per change of the tools. */
    @Override
    public ToolCallExtractor extractor() {
        return view().extractor();
    }

    /**
     * Runs a native call. A call of one of the tools by its exact name goes to the part that owns the name (the
     * part {@link #dispatch} routes it to) through the part's own native dispatch, when the part has one and reads
     * argument text within the same limits. Every other call — a tool of a part without its own native dispatch,
     * a name that is not exact, no name — is read by {@link #extractor()} and dispatched.
     *
     * <p>The part's answer is this toolkit's answer except when the part could not read the text: its correction
     * prompt lists only its own tools. So when the part answers with a failure, the text is read here as well;
     * when it cannot be read, the answer is the failure with this toolkit's correction prompt, and otherwise the
     * part's failure stands (an argument that does not fit, a tool that threw — never run twice).
     */
    @Override
    public ToolResult dispatchNative(String name, CharSequence arguments, String id) {
        arguments = arguments == null ? "" : arguments;
        View v = view();
        Toolkit owner = name == null ? null : v.natives.get(name);
        CharSequence text = arguments;
        ToolResult answered = owner == null ? null
                : Dispatching.guarded(name, id, () -> owner.dispatchNative(name, text, id));
        if (answered != null && !answered.isError()) {
            return answered;
        }
        return Dispatching.readNative(v.extractor(), name, arguments, id,
                call -> answered != null ? answered : dispatch(call));
    }

    /** Its parts run native calls through {@link #dispatchNative}, the part's own where it has one. */
    @Override
    public boolean ownsNativeDispatch() {
        return true;
    }

    @Override
    public String toString() {
        return "CombinedToolkit" + view().route.keySet();
    }
}
