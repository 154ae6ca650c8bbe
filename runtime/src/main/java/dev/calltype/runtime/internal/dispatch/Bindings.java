package dev.calltype.runtime.internal.dispatch;

import dev.calltype.runtime.Toolkit;

/**
 * A toolkit as the approval rule asks it ({@link Approval.Tools}), for the doors outside the toolkit (the loop, the
 * framework adapters, generated code's support). {@code Toolkit.handle} builds the same from itself: the engine
 * that it uses does not name it.
 */
public final class Bindings {

    private Bindings() {
    }

    /** What the approval rule asks of {@code toolkit}: its {@code bind}, {@code tools} and {@code extractor}. */
    public static Approval.Tools of(Toolkit toolkit) {
        return new Approval.Tools(name -> toolkit.bind(name).map(b -> new Approval.Bound(b.tool(), b::dispatch))
                .orElse(null), toolkit::tools, toolkit::extractor);
    }
}
