package dev.calltype.example;

import java.time.Clock;
import java.util.Map;

/**
 * What the commands read from the world besides their arguments, so that tests can set it: the
 * environment variables ({@code NO_COLOR}, {@code OPENAI_API_KEY}), whether stdout is a terminal, and
 * the clock the time tools read.
 */
record Environment(Map<String, String> variables, boolean terminal, Clock clock) {

    Environment {
        variables = Map.copyOf(variables);
    }

    static Environment system() {
        return new Environment(System.getenv(), System.console() != null, Clock.systemDefaultZone());
    }

    String variable(String name) {
        return variables.get(name);
    }
}
