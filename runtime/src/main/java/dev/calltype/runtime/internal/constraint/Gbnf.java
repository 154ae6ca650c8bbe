package dev.calltype.runtime.internal.constraint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A GBNF grammar being written: named rules, each defined once, identical bodies shared under one name, written in
 * the syntax llama.cpp's grammar parser documents ({@code grammars/README.md}) and xgrammar's EBNF reader also
 * takes: rule names of letters, digits and {@code -}; literals in double quotes; character classes; {@code ? * +}
 * and {@code {m,n}}.
 */
final class Gbnf {

    /** A rule that matches nothing: a value no schema member allows, a set no character of a dialect is in. */
    static final String NOTHING = "[^\\x00-\\U0010FFFF]";

    private final Map<String, String> rules = new LinkedHashMap<>();
    private final Map<String, String> byBody = new HashMap<>();
    private final Map<String, Integer> used = new HashMap<>();

    /**
     * A rule with this body: the name of an existing rule with the same body, or a new rule named after {@code hint}.
     */
    String define(String hint, String body) {
        String known = byBody.get(body);
        if (known != null) {
            return known;
        }
        String name = reserve(hint);
        set(name, body);
        return name;
    }

    /** A fresh rule name after {@code hint}, to be {@link #set} later (recursive rules). */
    String reserve(String hint) {
        String base = name(hint);
        int n = used.merge(base, 1, Integer::sum);
        String name = n == 1 ? base : base + "-" + n;
        while (rules.containsKey(name)) {
            n = used.merge(base, 1, Integer::sum);
            name = base + "-" + n;
        }
        rules.put(name, null);
        return name;
    }

    /** Gives a reserved rule its body. */
    void set(String name, String body) {
        rules.put(name, body);
        byBody.putIfAbsent(body, name);
    }

    /** How many rules are defined. */
    int size() {
        return rules.size();
    }

    /** The grammar text: {@code root ::= rootBody} then every rule, one per line. */
    String text(String rootBody) {
        StringBuilder out = new StringBuilder(64 * (rules.size() + 1));
        out.append("root ::= ").append(rootBody).append('\n');
        List<Map.Entry<String, String>> entries = new ArrayList<>(rules.entrySet());
        for (Map.Entry<String, String> e : entries) {
            out.append(e.getKey()).append(" ::= ").append(e.getValue()).append('\n');
        }
        return out.toString();
    }

    private static String name(String hint) {
        StringBuilder b = new StringBuilder(Math.min(hint.length(), 40));
        for (int i = 0; i < hint.length() && b.length() < 40; i++) {
            char c = hint.charAt(i);
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
                b.append(c);
            } else if (c >= 'A' && c <= 'Z') {
                b.append((char) (c + 32));
            } else if (b.length() > 0 && b.charAt(b.length() - 1) != '-') {
                b.append('-');
            }
        }
        while (b.length() > 0 && b.charAt(b.length() - 1) == '-') {
            b.setLength(b.length() - 1);
        }
        if (b.length() == 0 || b.charAt(0) >= '0' && b.charAt(0) <= '9' || b.toString().equals("root")) {
            b.insert(0, "r-");
        }
        return b.toString();
    }

    /** {@code s} as a GBNF literal: double quotes, with {@code \\ " \n \r \t} and other control characters escaped. */
    static String literal(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /**
     * {@code c} escaped for use inside a character class, with only the escapes llama.cpp's grammar parser knows
     * ({@code \\ \" \[ \] \n \r \t \xHH}): {@code ^} and {@code -}, which it reads as negation and range, as
     * {@code \x5E} and {@code \x2D}.
     */
    static String classChar(int c) {
        return switch (c) {
            case '\\' -> "\\\\";
            case ']' -> "\\]";
            case '[' -> "\\[";
            case '^' -> "\\x5E";
            case '-' -> "\\x2D";
            case '"' -> "\\\"";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> c < 0x20 || c == 0x7f ? String.format("\\x%02X", c) : new String(Character.toChars(c));
        };
    }
}
