package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.json.Escapes;
import dev.calltype.runtime.internal.json.LenientJson;

/**
 * A quick look at the top-level keys of JSON-ish text that may be incomplete or malformed: whether it names a tool
 * beside an arguments key (so a failure to read it is a failed call, not data) and, while a call streams in, its
 * name and where its arguments start. One pass, strings skipped, never builds values.
 */
public final class ShapeProbe {

    /** What the probe saw at depth 1 of the object opening at the start. */
    /** {@code nameCut}: the name was longer than the probe keeps, so {@code name} is only its start. */
    public record Probe(String name, boolean nameCut, boolean nameKey, boolean argsKey, int argsFrom) {
        /** Both a tool name and an arguments key: clearly a call attempt. */
        public boolean callAttempt() {
            return name != null && argsKey;
        }
    }

    public static final Probe NOTHING = new Probe(null, false, false, false, -1);

    private ShapeProbe() {
    }

    /** Probes {@code b[from, to)}; {@code from} should be at (or blanks before) an opening brace. */
    public static Probe scan(CharSequence b, int from, int to) {
        int i = Chars.skipBlanks(b, from, to);
        if (i >= to || b.charAt(i) != '{') {
            return NOTHING;
        }
        String name = null;
        boolean nameCut = false;
        boolean nameKey = false;
        boolean argsKey = false;
        int argsFrom = -1;
        String action = null;   // the value of "action", a name only beside "action_input"
        boolean actionCut = false;
        boolean paired = false;
        int depth = 0;
        String key = null;      // depth 1: the key whose value comes next
        boolean expectKey = false;
        while (i < to) {
            char c = b.charAt(i);
            if (Chars.isBlank(c)) {
                i++;
                continue;
            }
            if (depth == 1 && expectKey && (isQuote(c) || LenientJson.isUnquotedKeyChar(c))) {
                int[] end = new int[2];
                String token = isQuote(c) ? string(b, i, to, end) : word(b, i, to, end);
                if (token == null) {
                    break;
                }
                int j = Chars.skipBlanks(b, end[0], to);
                if (j < to && b.charAt(j) == ':') {
                    key = token;
                    expectKey = false;
                    if (isArgsKey(key)) {
                        argsKey = true;
                        argsFrom = Chars.skipBlanks(b, j + 1, to);
                    }
                    if (isNameKey(key)) {
                        nameKey = true;
                    }
                    paired |= key.equals(CallNormalizer.PAIRED_ARGS_KEY);
                    i = j + 1;
                    continue;
                }
                i = end[0];
                expectKey = false;
                continue;
            }
            if (depth == 1 && key != null && isQuote(c)) {
                int[] end = new int[2];
                String value = string(b, i, to, end);
                if (value == null) {
                    break;
                }
                if (name == null && isNameKey(key)) {
                    name = value;
                    nameCut = end[1] == 1;
                } else if (action == null && key.equals(CallNormalizer.PAIRED_NAME_KEY)) {
                    action = value;
                    actionCut = end[1] == 1;
                }
                key = null;
                i = end[0];
                continue;
            }
            key = null;
            switch (c) {
                case '{', '[' -> {
                    depth++;
                    if (depth == 1) {
                        expectKey = true;
                    }
                }
                case '}', ']' -> {
                    depth--;
                    if (depth <= 0) {
                        return probe(name, nameCut, nameKey, argsKey, argsFrom, action, actionCut, paired);
                    }
                }
                case ',' -> {
                    if (depth == 1) {
                        expectKey = true;
                    }
                }
                default -> {
                    if (isQuote(c)) {
                        int[] end = new int[2];
                        if (string(b, i, to, end) == null) {
                            return probe(name, nameCut, nameKey, argsKey, argsFrom, action, actionCut, paired);
                        }
                        i = end[0];
                        continue;
                    }
                }
            }
            i++;
        }
        return probe(name, nameCut, nameKey, argsKey, argsFrom, action, actionCut, paired);
    }

    /** The probe, {@code action} naming the tool when no name key did and {@code action_input} was seen. */
    private static Probe probe(String name, boolean nameCut, boolean nameKey, boolean argsKey, int argsFrom,
                               String action, boolean actionCut, boolean paired) {
        if (name == null && !nameKey && paired && action != null) {
            return new Probe(action, actionCut, true, argsKey, argsFrom);
        }
        return new Probe(name, nameCut, nameKey, argsKey, argsFrom);
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '\'' || c == '\u201C' || c == '\u2018';
    }

    public static boolean isNameKey(String k) {
        for (String n : CallNormalizer.NAME_KEYS) {
            if (n.equals(k)) {
                return true;
            }
        }
        return false;
    }

    public static boolean isArgsKey(String k) {
        for (String n : CallNormalizer.ARG_KEYS) {
            if (n.equals(k)) {
                return true;
            }
        }
        return false;
    }

    /** The longest string value the probe keeps; a longer one is cut (and a name cut is never announced). */
    private static final int MAX_STRING = 256;

    /**
     * The quoted string at {@code i}, its escapes decoded as {@link LenientJson} decodes them ({@link Escapes#json},
     * so that the name a stream announces is the name the call completes with), cut to {@link #MAX_STRING}
     * characters (then {@code end[1] == 1}), or {@code null} if it does not end before {@code to}.
     */
    private static String string(CharSequence b, int i, int to, int[] end) {
        char open = b.charAt(i);
        char close = open == '\u201C' ? '\u201D' : open == '\u2018' ? '\u2019' : open;
        StringBuilder s = new StringBuilder();
        int k = i + 1;
        while (k < to) {
            char c = b.charAt(k);
            if (c == close) {
                end[0] = k + 1;
                if (s.length() > MAX_STRING) {
                    end[1] = 1;
                    s.setLength(MAX_STRING);
                }
                return s.toString();
            }
            int consumed = 1;
            if (c == '\\') {
                consumed = Escapes.json(b, k, to, close, s);
                if (consumed == Escapes.CUT) {
                    return null;
                }
            } else {
                s.append(c);
            }
            if (s.length() > MAX_STRING + 1) {
                s.setLength(MAX_STRING + 1); // enough to tell that it was cut
            }
            k += consumed;
        }
        return null;
    }

    private static String word(CharSequence b, int i, int to, int[] end) {
        int k = i;
        while (k < to && LenientJson.isUnquotedKeyChar(b.charAt(k))) {
            k++;
        }
        end[0] = k;
        return b.subSequence(i, Math.min(k, i + 256)).toString();
    }
}
