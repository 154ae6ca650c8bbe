package dev.calltype.runtime;

import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * One tool a call's name was resolved to, held together with the toolkit that owns it, so that what was decided on
 * (approved, run alone or concurrently) is exactly what runs. {@link Toolkit#bind} makes one; {@link #dispatch}
 * runs the call on that tool and on no other: when the owner no longer has the tool as it was bound (an MCP server
 * dropped it, or listed a different tool under its name), the call is not run and the result is a failure saying
 * so, never a call of whatever the name means by then.
 *
 * <pre>{@code
 * BoundTool bound = toolkit.bind(call.name()).orElseThrow();
 * if (!bound.tool().confirm() || askTheUser(call, bound.tool())) {
 *     ToolResult result = bound.dispatch(call, toolkit);  // the tool the user was asked about, or a failure
 * }
 * }</pre>
 *
 * <p>A binding is one of two kinds. One its owner made with {@link #of} checks and runs the call itself, in one
 * step (an MCP toolkit's). One {@link Toolkit#bind}'s default made is a binding by name: it checks that the owner
 * still has the tool, then dispatches the call by the tool's name through the toolkit a door holds
 * ({@link #dispatch(ToolCall, Binder)}), so that a toolkit that wraps another and hands {@code bind} on to it (a
 * timing or logging decorator) still sees, in its own {@code dispatch}, every call it is asked to run. Either kind
 * runs through a door only while that door still binds the tool's name to this owner's tool: a binding cannot be
 * run through a toolkit that does not hold it.
 *
 * <p>A binding sees its owner and its door as a {@link Binder}, the two things it asks of them; every
 * {@link Toolkit} is one.
 */
public final class BoundTool {

    /**
     * What a binding asks of the toolkit that owns it and of the toolkit a door runs it through: to bind a name,
     * and to dispatch a call. Every {@link Toolkit} is one ({@code Toolkit} extends it); implement {@code Toolkit},
     * not this.
     */
    public interface Binder {
        /**
         * Binds a name to the tool it means now.
         *
         * @param name the tool name as the model wrote it
         * @return the bound tool; empty when the name matches no tool or is ambiguous
         * @see Toolkit#bind
         */
        Optional<BoundTool> bind(String name);

        /**
         * Runs one call, never throwing for anything a model can send.
         *
         * @param call the call
         * @return the tool's value, or a failure
         * @see Toolkit#dispatch
         */
        ToolResult dispatch(ToolCall call);
    }

    /**
     * Runs a call on the bound tool, if its owner still has it as it was bound.
     */
    @FunctionalInterface
    public interface Runner {
        /**
         * Runs {@code call} on the bound tool.
         *
         * @param call the call, under the tool's own name
         * @return the tool's result; {@code null} when the owner no longer has the tool as it was bound, and the
         *     call was not run
         */
        ToolResult runIfBound(ToolCall call);
    }

    private final Binder owner;
    private final ToolSpec tool;
    /** Checks and runs a call as one step; {@code null} for a binding by name. */
    private final Runner runner;
    /** For a binding by name: whether the owner still has the tool as it was bound. */
    private final BooleanSupplier stillBound;

    private BoundTool(Binder owner, ToolSpec tool, Runner runner, BooleanSupplier stillBound) {
        this.owner = owner;
        this.tool = tool;
        this.runner = runner;
        this.stillBound = stillBound;
    }

    /**
     * A binding, for a toolkit's own {@link Toolkit#bind}.
     *
     * @param owner the toolkit that owns and runs the tool (its {@code this})
     * @param tool the tool as it was resolved
     * @param runner runs a call on exactly that tool, or returns {@code null} when the owner no longer has it as it
     *     was (checked and run as one step, so that no change of the owner's tools falls between)
     * @return the binding
     * @throws NullPointerException when an argument is {@code null}
     */
    public static BoundTool of(Binder owner, ToolSpec tool, Runner runner) {
        return new BoundTool(Objects.requireNonNull(owner, "owner"), Objects.requireNonNull(tool, "tool"),
                Objects.requireNonNull(runner, "runner"), null);
    }

    /**
     * A binding by name, for {@link Toolkit#bind}'s default: the call runs when {@code stillBound} says the owner
     * still has the tool as it was bound, dispatched by its name through the toolkit a door holds.
     */
    static BoundTool byName(Binder owner, ToolSpec tool, BooleanSupplier stillBound) {
        return new BoundTool(owner, tool, null, stillBound);
    }

    /**
     * This binding, run only while {@code also} holds as well: for a combined toolkit, that it still routes the
     * name to the part that bound it. A binding the owner runs itself is returned as it is (it checks for itself).
     */
    BoundTool alsoIf(BooleanSupplier also) {
        if (runner != null) {
            return this;
        }
        BooleanSupplier own = stillBound;
        return new BoundTool(owner, tool, null, () -> also.getAsBoolean() && own.getAsBoolean());
    }

    /**
     * The tool, as it was when the name was bound: what an approver is shown and what {@link #dispatch} runs.
     *
     * @return the bound tool's spec
     */
    public ToolSpec tool() {
        return tool;
    }

    /**
     * The toolkit that owns the tool: for a combined toolkit, the part the tool comes from (an {@code McpToolkit},
     * a generated toolkit). It is the {@link Toolkit} that made the binding, seen as the {@link Binder} a binding
     * asks it to be.
     *
     * @return the owner
     */
    public Binder owner() {
        return owner;
    }

    /**
     * Runs a call on the bound tool, under the tool's own name whatever spelling the call has. Never throws for
     * anything a model can send, and never runs another tool.
     *
     * @param call the call the name was bound for
     * @return the tool's result; a failure when the owner no longer has the tool as it was bound (the call was
     *     not run), or when the tool failed
     * @throws NullPointerException when {@code call} is {@code null}
     */
    public ToolResult dispatch(ToolCall call) {
        return dispatch(call, owner);
    }

    /**
     * Runs a call on the bound tool as a door that holds {@code door} runs it. The call runs only while
     * {@code door} still binds the tool's name to this binding's tool of this owner (its owner itself, or a toolkit
     * that hands the name on to it: a decorator, a combined toolkit that still routes the name to that part);
     * otherwise it is not run and the result is a failure. Then a binding by name (see the class comment) is
     * checked against its owner and dispatched through {@code door}'s {@link Binder#dispatch}, so that a decorator
     * that hands {@code bind} on to the toolkit it wraps still sees the call; a binding its owner runs itself runs
     * on its owner. {@code ToolLoop}, {@link Toolkit#handle(String, Approver)} and the framework adapters' approval
     * rule run every call this way, through the toolkit they were given.
     *
     * @param call the call the name was bound for
     * @param door the toolkit the name was bound through ({@code door.bind(...)} gave this binding)
     * @return the tool's result; a failure when the owner no longer has the tool as it was bound or the door no
     *     longer holds it (the call was not run), or when the tool failed
     * @throws NullPointerException when {@code call} or {@code door} is {@code null}
     */
    public ToolResult dispatch(ToolCall call, Binder door) {
        Objects.requireNonNull(door, "door");
        ToolCall named = call.name().equals(tool.name()) ? call : call.withName(tool.name());
        ToolResult result;
        try {
            result = !heldBy(door) ? null
                    : runner != null ? runner.runIfBound(named)
                    : stillBound.getAsBoolean() ? door.dispatch(named) : null;
        } catch (RuntimeException | StackOverflowError | AssertionError | LinkageError e) {
            return ToolResult.thrown(tool.name(), call.id(), e);
        }
        return result != null ? result : ToolResult.failure(tool.name(), call.id(), changed(tool.name()));
    }

    /**
     * Whether {@code door} binds this tool's name to this tool of this owner now: it is the owner, or its own
     * {@code bind} of the name (handed on to the owner) gives an equal binding.
     */
    private boolean heldBy(Binder door) {
        if (door == owner) {
            return true;
        }
        BoundTool now = door.bind(tool.name()).orElse(null);
        return now != null && now.owner == owner && now.tool.equals(tool);
    }

    /** The failure message for a bound tool its owner no longer has as it was bound. */
    static String changed(String name) {
        return "the tool " + name + " changed or was removed after this call was read and approved (its server's"
                + " tools changed), so the call was not run; call it again if it is still wanted";
    }

    @Override
    public String toString() {
        return "BoundTool[" + tool.name() + " of " + owner + "]";
    }
}
