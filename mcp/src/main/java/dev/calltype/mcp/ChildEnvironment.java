package dev.calltype.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The environment a server started as a command gets: a short allowlist of this process's variables (what a
 * program needs to run: where its home and tools are, who the user is), as the official MCP SDKs pass, plus what the
 * caller names. Secrets in this process's environment (API keys, tokens) reach the server only when named.
 */
final class ChildEnvironment {

    /** Inherited on Unix-like systems. */
    static final List<String> UNIX = List.of("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER");
    /** Inherited on Windows. */
    static final List<String> WINDOWS = List.of("APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH",
            "PROCESSOR_ARCHITECTURE", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "USERNAME", "USERPROFILE", "PROGRAMFILES");

    private ChildEnvironment() {
    }

    /** The variables inherited by default on this system. */
    static List<String> inherited() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows") ? WINDOWS : UNIX;
    }

    /**
     * The child's environment.
     *
     * @param parent this process's environment
     * @param named names of further variables to pass from {@code parent} (absent ones are skipped)
     * @param set variables set explicitly, replacing inherited ones
     */
    static Map<String, String> of(Map<String, String> parent, List<String> named, Map<String, String> set) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String name : inherited()) {
            String value = parent.get(name);
            // a value starting "()" is an exported shell function, a way in for code (as the SDKs skip them)
            if (value != null && !value.startsWith("()")) {
                env.put(name, value);
            }
        }
        for (String name : named) {
            String value = parent.get(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        env.putAll(set);
        return env;
    }
}
