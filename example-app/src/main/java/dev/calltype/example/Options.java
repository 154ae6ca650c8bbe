package dev.calltype.example;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A command's options: {@code --name value}, {@code --name=value} and {@code --flag}; a repeatable option may be
 * given any number of times. Anything else is a usage error that names the option and the command.
 */
final class Options {

    private final String command;
    private final Map<String, String> values;
    private final Map<String, List<String>> repeated;

    private Options(String command, Map<String, String> values, Map<String, List<String>> repeated) {
        this.command = command;
        this.values = values;
        this.repeated = repeated;
    }

    /**
     * @param valued options that take a value, without the leading dashes
     * @param flags options that take none
     */
    static Options parse(String command, List<String> args, Set<String> valued, Set<String> flags) throws UsageException {
        return parse(command, args, valued, flags, Set.of());
    }

    /**
     * @param valued options that take a value, given at most once, without the leading dashes
     * @param flags options that take none
     * @param repeatable options that take a value and may be given any number of times (read with {@link #values})
     */
    static Options parse(String command, List<String> args, Set<String> valued, Set<String> flags,
            Set<String> repeatable) throws UsageException {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, List<String>> repeated = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException(command + ": unexpected argument '" + arg + "' (see " + command + " --help)");
            }
            String name = arg.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (flags.contains(name)) {
                if (value != null) {
                    throw new UsageException(command + ": option --" + name + " takes no value");
                }
                value = "";
            } else if (valued.contains(name) || repeatable.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException(command + ": option --" + name + " needs a value");
                    }
                    value = args.get(++i);
                }
            } else {
                List<String> known = new ArrayList<>();
                Stream.concat(valued.stream(), repeatable.stream()).sorted().forEach(o -> known.add("--" + o));
                flags.stream().sorted().forEach(o -> known.add("--" + o));
                throw new UsageException(command + ": unknown option --" + name
                        + (known.isEmpty() ? "; it takes no options" : "; options: " + String.join(", ", known)));
            }
            if (repeatable.contains(name)) {
                repeated.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else if (values.put(name, value) != null) {
                throw new UsageException(command + ": option --" + name + " is given twice");
            }
        }
        return new Options(command, values, repeated);
    }

    /** Whether {@code --help} or {@code -h} is among {@code args}. */
    static boolean wantsHelp(List<String> args) {
        return args.contains("--help") || args.contains("-h");
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** Every value of a repeatable option, in the order given; empty when it was not given. */
    List<String> values(String name) {
        return List.copyOf(repeated.getOrDefault(name, List.of()));
    }

    boolean has(String flag) {
        return values.containsKey(flag);
    }

    String required(String name) throws UsageException {
        String v = values.get(name);
        if (v == null || v.isBlank()) {
            throw new UsageException(command + ": --" + name + " is required (see " + command + " --help)");
        }
        return v;
    }

    int intValue(String name, int fallback, int min, int max) throws UsageException {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(command + ": --" + name + " must be a whole number from " + min + " to " + max + ", got '" + v + "'");
    }

    /**
     * An enum constant named by an option, in any case, with '-' for '_'; {@code aliases} maps
     * other accepted spellings (lower case) to constants.
     */
    <E extends Enum<E>> E choice(String name, Class<E> type, E fallback, Map<String, E> aliases) throws UsageException {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        String key = v.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(key)) {
                return e;
            }
        }
        E alias = aliases.get(key);
        if (alias != null) {
            return alias;
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw new UsageException(command + ": unknown --" + name + " '" + v + "'; use one of " + String.join(", ", names));
    }
}
