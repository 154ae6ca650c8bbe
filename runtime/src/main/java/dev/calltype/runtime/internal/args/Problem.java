package dev.calltype.runtime.internal.args;

import java.util.Objects;

/**
 * One thing wrong with a value a model wrote, as data: where it is, what kind of thing is wrong, and the detail. A
 * tool's error and a typed answer's error show the same problem in their own words ({@link #worded}: "parameter
 * 'qty' must be an integer, got "many"" for a tool, "member 'qty' …" for an answer); nothing rewrites a message
 * after it was written. Readers add problems with {@link Problems#report}.
 *
 * @param path where: the value's path below the top ({@code lines[2].qty}), {@code ""} for the whole value
 * @param kind what kind of problem it is; it decides how the problem is worded
 * @param detail what is wrong, written after the value's name ({@code must be an integer, got "many"}); for
 *     {@link Kind#UNKNOWN}, what follows the name (a suggestion, the names expected); for {@link Kind#OTHER}, the
 *     whole message
 */
public record Problem(String path, Kind kind, String detail) {

    /** What kind of problem: how it is worded, and what an answer's error calls it. */
    public enum Kind {
        /** A required value is missing or null. */
        REQUIRED,
        /** The value is not of the kind or form expected, or outside what its type allows. */
        INVALID,
        /** A member the type does not have. */
        UNKNOWN,
        /** A member's name that could mean several members. */
        AMBIGUOUS,
        /** The value's own type refused it: a record whose constructor threw. */
        REJECTED,
        /** A limit of the reader was passed (nesting depth, length). */
        LIMIT,
        /** A problem that names no value: the detail is the whole message. */
        OTHER
    }

    /** Whose value it is: a tool's parameters or a typed answer's members. */
    public enum Subject {
        /** A tool's arguments. */
        PARAMETER("parameter", "the arguments were"),
        /** A typed answer. */
        MEMBER("member", "the answer was");

        private final String noun;
        private final String whole;

        Subject(String noun, String whole) {
            this.noun = noun;
            this.whole = whole;
        }
    }

    /**
     * Checks the components.
     *
     * @param path where, {@code ""} for the whole value
     * @param kind what kind of problem
     * @param detail what is wrong
     */
    public Problem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    /**
     * The problem as a message about {@code subject}'s value.
     *
     * @param subject a tool's parameter or an answer's member
     * @return the message
     */
    public String worded(Subject subject) {
        switch (kind) {
            case OTHER:
                return detail;
            case UNKNOWN:
                return "unknown " + subject.noun + " '" + path + "'" + detail;
            case REJECTED:
                return path.isEmpty() ? subject.whole + " " + detail
                        : subject.noun + " '" + path + "' was " + detail;
            default:
                return subject.noun + " '" + path + "' " + detail;
        }
    }
}
