package dev.calltype.example;

/**
 * Ctrl-C (SIGINT) for the interactive chat, through the JDK's {@code sun.misc.Signal} (module jdk.unsupported), the
 * one way a Java program can handle it. Where the signal cannot be handled (no such signal, the JVM started with
 * {@code -Xrs}), nothing is installed and Ctrl-C ends the program as usual; where it was ignored when the program
 * started (a background job, {@code nohup}), it stays ignored.
 */
final class Interrupts {

    /** An installed handler; {@link #restore} puts back the one before it. */
    interface Handle {
        void restore();
    }

    private Interrupts() {
    }

    /** Runs {@code action} on the JVM's signal thread at each Ctrl-C; {@code null} when it cannot be handled. */
    @SuppressWarnings("removal")
    static Handle onCtrlC(Runnable action) {
        try {
            sun.misc.Signal sigint = new sun.misc.Signal("INT");
            sun.misc.SignalHandler before = sun.misc.Signal.handle(sigint, s -> action.run());
            if (before == sun.misc.SignalHandler.SIG_IGN) {
                // ignored when the JVM started (nohup, a background job): the JVM keeps ignoring it, and so do we
                sun.misc.Signal.handle(sigint, before);
                return null;
            }
            return () -> sun.misc.Signal.handle(sigint, before);
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return null;
        }
    }
}
