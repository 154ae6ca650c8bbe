package dev.calltype.processor.model;

import java.util.Locale;
import java.util.Set;

/** Name conventions shared by the model and the generators. */
public final class Names {

    private static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte",
            "case", "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum",
            "extends", "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof",
            "int", "interface", "long", "native", "new", "package", "private", "protected", "public", "return",
            "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
            "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "record", "yield",
            "sealed", "permits", "_");

    private Names() {
    }

    /** {@code getWeather} → {@code get_weather}, {@code getHTTPStatus} → {@code get_http_status}. */
    public static String snakeCase(String name) {
        StringBuilder out = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                boolean prevLowerOrDigit = i > 0
                        && (Character.isLowerCase(name.charAt(i - 1)) || Character.isDigit(name.charAt(i - 1)));
                boolean acronymEnd = i > 0 && Character.isUpperCase(name.charAt(i - 1))
                        && i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
                if ((prevLowerOrDigit || acronymEnd) && out.length() > 0 && out.charAt(out.length() - 1) != '_') {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code get_weather} → {@code GetWeather}: the name of a tool's {@code Call} record. */
    public static String upperCamel(String name) {
        StringBuilder out = new StringBuilder(name.length());
        boolean upper = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '_' || c == '-' || c == '.' || c == ' ') {
                upper = true;
            } else if (Character.isJavaIdentifierPart(c)) {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        if (out.length() == 0 || !Character.isJavaIdentifierStart(out.charAt(0))) {
            out.insert(0, "Tool");
        }
        return out.toString();
    }

    /** {@code get_weather} → {@code GET_WEATHER}: a constant-name part. */
    public static String constantCase(String name) {
        String snake = snakeCase(name);
        StringBuilder out = new StringBuilder(snake.length());
        for (int i = 0; i < snake.length(); i++) {
            char c = snake.charAt(i);
            out.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
        }
        return out.toString().toUpperCase(Locale.ROOT);
    }

    public static boolean isJavaKeyword(String s) {
        return JAVA_KEYWORDS.contains(s);
    }

    /** Whether a tool name is accepted by every provider: {@code ^[a-zA-Z0-9_-]{1,64}$}. */
    public static boolean isValidToolName(String name) {
        if (name.isEmpty() || name.length() > 64) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A valid tool name close to an invalid one, or {@code null}. */
    public static String suggestToolName(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length() && out.length() < 64; i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '-';
            out.append(ok ? c : '_');
        }
        String s = out.toString();
        return isValidToolName(s) ? s : null;
    }
}
