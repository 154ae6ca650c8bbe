package dev.calltype.example;

/**
 * ANSI colours for a terminal, or none at all: when stdout is not a terminal, or {@code NO_COLOR}
 * is set (https://no-color.org), every method returns its text unchanged.
 */
final class Style {

    private final boolean colour;

    private Style(boolean colour) {
        this.colour = colour;
    }

    static Style of(boolean colour) {
        return new Style(colour);
    }

    /** Colour when stdout is a terminal, {@code NO_COLOR} is unset or empty, and {@code TERM} is not dumb. */
    static Style forEnvironment(Environment env) {
        String noColor = env.variable("NO_COLOR");
        boolean colour = env.terminal() && (noColor == null || noColor.isEmpty()) && !"dumb".equals(env.variable("TERM"));
        return new Style(colour);
    }

    boolean colour() {
        return colour;
    }

    String bold(String s) {
        return wrap("1", s);
    }

    String dim(String s) {
        return wrap("2", s);
    }

    String red(String s) {
        return wrap("31", s);
    }

    String green(String s) {
        return wrap("32", s);
    }

    String yellow(String s) {
        return wrap("33", s);
    }

    String cyan(String s) {
        return wrap("36", s);
    }

    private String wrap(String code, String s) {
        return colour && !s.isEmpty() ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
    }
}
