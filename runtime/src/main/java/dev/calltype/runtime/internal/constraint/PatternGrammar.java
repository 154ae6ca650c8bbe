package dev.calltype.runtime.internal.constraint;

import java.util.ArrayList;
import java.util.List;

/**
 * A string schema's {@code pattern} as a GBNF expression over the characters a value may hold unescaped, or
 * {@code null} when the pattern uses what a grammar cannot say (the grammar then leaves the string free, and the
 * dispatcher checks the pattern).
 *
 * <p>The grammar admits a subset of what the dispatcher accepts, never more. The dispatcher searches for the pattern
 * ({@code Matcher.find()}, as JSON Schema's unanchored patterns mean); the grammar writes the pattern's language, with
 * any text before it when it does not start with {@code ^} and after it when it does not end with {@code $}. Every
 * character set is cut down to the characters the value's dialect writes as themselves ({@code plain}: no quote, no
 * backslash, no control character, nothing above U+D7FF), so a pattern that needs an escaped
 * character admits fewer strings, never an escape the dispatcher would read differently.
 *
 * <p>Read: literals and escaped metacharacters, {@code .}, classes ({@code [a-z]}, {@code [^,]}, with {@code \d \w
 * \s} and their negations inside and outside), groups ({@code (…)}, {@code (?:…)}, {@code (?<name>…)}),
 * alternation, greedy and lazy quantifiers ({@code ? * + {n} {n,} {n,m}}, bounds up to {@link #MAX_COUNT}), and
 * {@code ^}/{@code $} at the very start and end. Refused (the pattern is left to the dispatcher): lookaround,
 * backreferences, possessive quantifiers (they change the language), inline flags, {@code \b}, anchors elsewhere,
 * a pattern longer than {@link #MAX_PATTERN} characters or nested deeper than {@link #MAX_DEPTH}, and one whose
 * counted repetitions multiply past {@link #MAX_SIZE} (an engine expands them). Linear in the pattern's length.
 */
final class PatternGrammar {

    static final int MAX_PATTERN = 1000;
    static final int MAX_DEPTH = 32;
    static final int MAX_COUNT = 1000;
    static final int MAX_SIZE = 10_000;

    private static final int BMP_END = 0xFFFF;
    /** A class no character is in: what a set the dialect cannot write leaves (as {@code GrammarWriter.NOTHING}). */
    private static final String NOTHING = "[^\\x00-\\U0010FFFF]";

    private final String p;
    private final int[] plain;
    private int pos;
    private int depth;

    private PatternGrammar(String pattern, int[] plain) {
        this.p = pattern;
        this.plain = plain;
    }

    /**
     * The pattern as a grammar expression.
     *
     * @param pattern the schema's {@code pattern}
     * @param plainAscii the ASCII characters the dialect writes as themselves, as {@code "a-z,."}-style ranges of
     *     single characters and {@code x-y} pairs (the class body the grammar writer uses)
     * @return the expression, or {@code null} when the pattern cannot be written
     */
    static String of(String pattern, String plainAscii) {
        if (pattern == null || pattern.length() > MAX_PATTERN) {
            return null;
        }
        PatternGrammar g = new PatternGrammar(pattern, plainSet(plainAscii));
        try {
            return g.whole();
        } catch (Unsupported e) {
            return null;
        }
    }

    /** Thrown inside the reader for what a grammar cannot say; never leaves this class. */
    private static final class Unsupported extends Exception {
        Unsupported() {
            super(null, null, false, false);
        }
    }

    /** An expression and how many characters an engine expands it to at most (for {@link #MAX_SIZE}). */
    private record Expr(String text, long size) {
    }

    private String whole() throws Unsupported {
        boolean start = p.startsWith("^");
        pos = start ? 1 : 0;
        int end = p.length();
        boolean stop = end > pos && p.charAt(end - 1) == '$' && !escaped(end - 1);
        String body = p.substring(0, stop ? end - 1 : end);
        PatternGrammar inner = new PatternGrammar(body, plain);
        inner.pos = pos;
        Expr e = inner.alternation();
        if (inner.pos != body.length()) {
            throw new Unsupported();    // a ')' with no '(' before it
        }
        String any = cls(plain) + "*";
        return "(" + (start ? "" : any + " ") + group(e.text) + (stop ? "" : " " + any) + ")";
    }

    /** Whether the character at {@code i} is escaped (an odd run of backslashes before it). */
    private boolean escaped(int i) {
        int n = 0;
        while (i - n - 1 >= 0 && p.charAt(i - n - 1) == '\\') {
            n++;
        }
        return n % 2 == 1;
    }

    private Expr alternation() throws Unsupported {
        if (++depth > MAX_DEPTH) {
            throw new Unsupported();
        }
        List<Expr> alts = new ArrayList<>();
        alts.add(sequence());
        while (pos < p.length() && p.charAt(pos) == '|') {
            pos++;
            alts.add(sequence());
        }
        depth--;
        if (alts.size() == 1) {
            return alts.get(0);
        }
        StringBuilder out = new StringBuilder("(");
        long size = 0;
        for (int i = 0; i < alts.size(); i++) {
            out.append(i == 0 ? "" : " | ").append(alts.get(i).text);
            size = Math.max(size, alts.get(i).size);
        }
        return new Expr(out.append(')').toString(), size);
    }

    private Expr sequence() throws Unsupported {
        List<String> parts = new ArrayList<>();
        long size = 0;
        while (pos < p.length() && p.charAt(pos) != '|' && p.charAt(pos) != ')') {
            Expr atom = quantified(atom());
            parts.add(atom.text);
            size += atom.size;
            if (size > MAX_SIZE) {
                throw new Unsupported();
            }
        }
        return parts.isEmpty() ? new Expr("\"\"", 0) : new Expr(String.join(" ", parts), size);
    }

    private Expr atom() throws Unsupported {
        char c = p.charAt(pos);
        switch (c) {
            case '(' -> {
                pos++;
                if (p.startsWith("?:", pos)) {
                    pos += 2;
                } else if (p.startsWith("?<", pos) && pos + 2 < p.length() && Character.isLetter(p.charAt(pos + 2))) {
                    int close = p.indexOf('>', pos);
                    if (close < 0) {
                        throw new Unsupported();
                    }
                    pos = close + 1;
                } else if (pos < p.length() && p.charAt(pos) == '?') {
                    throw new Unsupported();    // lookaround, inline flags, atomic groups
                }
                Expr inner = alternation();
                if (pos >= p.length() || p.charAt(pos) != ')') {
                    throw new Unsupported();
                }
                pos++;
                return new Expr(group(inner.text), inner.size);
            }
            case '[' -> {
                return set(bracket());
            }
            case '.' -> {
                pos++;
                // Java's '.' leaves out line terminators
                return set(minus(full(), new int[]{'\n', '\n', '\r', '\r', 0x85, 0x85, 0x2028, 0x2029}));
            }
            case '\\' -> {
                return set(escape(false));
            }
            case '^', '$', '*', '+', '?', '{' -> throw new Unsupported();
            default -> {
                int cp = p.codePointAt(pos);
                pos += Character.charCount(cp);
                return set(new int[]{cp, cp});
            }
        }
    }

    private Expr set(int[] ranges) {
        int[] allowed = intersect(ranges, plain);
        return new Expr(allowed.length == 0 ? NOTHING : cls(allowed), 1);
    }

    private Expr quantified(Expr atom) throws Unsupported {
        if (pos >= p.length()) {
            return atom;
        }
        char c = p.charAt(pos);
        long lo;
        long hi;
        String suffix;
        switch (c) {
            case '?' -> { lo = 0; hi = 1; suffix = "?"; pos++; }
            case '*' -> { lo = 0; hi = -1; suffix = "*"; pos++; }
            case '+' -> { lo = 1; hi = -1; suffix = "+"; pos++; }
            case '{' -> {
                int close = p.indexOf('}', pos);
                if (close < 0) {
                    throw new Unsupported();
                }
                String[] bounds = p.substring(pos + 1, close).split(",", -1);
                if (bounds.length > 2 || !digits(bounds[0]) || bounds.length == 2 && !bounds[1].isEmpty()
                        && !digits(bounds[1])) {
                    throw new Unsupported();
                }
                lo = Long.parseLong(bounds[0]);
                hi = bounds.length == 1 ? lo : bounds[1].isEmpty() ? -1 : Long.parseLong(bounds[1]);
                if (lo > MAX_COUNT || hi > MAX_COUNT || hi >= 0 && hi < lo) {
                    throw new Unsupported();
                }
                suffix = "{" + lo + (bounds.length == 1 ? "" : "," + (hi < 0 ? "" : String.valueOf(hi))) + "}";
                pos = close + 1;
            }
            default -> {
                return atom;
            }
        }
        if (pos < p.length() && p.charAt(pos) == '+') {
            throw new Unsupported();    // possessive: it changes which strings match
        }
        if (pos < p.length() && p.charAt(pos) == '?') {
            pos++;                      // lazy: the same strings match
        }
        if (pos < p.length() && "?*+{".indexOf(p.charAt(pos)) >= 0) {
            throw new Unsupported();
        }
        long size = atom.size * Math.max(1, hi < 0 ? Math.max(lo, 1) : hi);
        if (size > MAX_SIZE) {
            throw new Unsupported();
        }
        return new Expr(group(atom.text) + suffix, size);
    }

    private static boolean digits(String s) {
        if (s.isEmpty() || s.length() > 4) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A bracketed class, from its '['. */
    private int[] bracket() throws Unsupported {
        pos++;
        boolean negated = pos < p.length() && p.charAt(pos) == '^';
        if (negated) {
            pos++;
        }
        int[] acc = new int[0];
        boolean first = true;
        while (true) {
            if (pos >= p.length()) {
                throw new Unsupported();
            }
            char c = p.charAt(pos);
            if (c == ']' && !first) {
                pos++;
                break;
            }
            if (c == '[' || c == '&' && p.startsWith("&&", pos)) {
                throw new Unsupported();    // Java's nested classes and intersections
            }
            first = false;
            int[] item;
            int lo;
            if (c == '\\') {
                item = escape(true);
                lo = item.length == 2 && item[0] == item[1] ? item[0] : -1;
            } else {
                lo = p.codePointAt(pos);
                pos += Character.charCount(lo);
                item = new int[]{lo, lo};
            }
            if (lo >= 0 && pos + 1 < p.length() && p.charAt(pos) == '-' && p.charAt(pos + 1) != ']') {
                pos++;
                int hi;
                if (p.charAt(pos) == '\\') {
                    int[] end = escape(true);
                    if (end.length != 2 || end[0] != end[1]) {
                        throw new Unsupported();
                    }
                    hi = end[0];
                } else {
                    hi = p.codePointAt(pos);
                    pos += Character.charCount(hi);
                }
                if (hi < lo) {
                    throw new Unsupported();
                }
                item = new int[]{lo, hi};
            }
            acc = union(acc, item);
        }
        return negated ? minus(full(), acc) : acc;
    }

    /** An escape, from its backslash: the characters it stands for. */
    private int[] escape(boolean inClass) throws Unsupported {
        pos++;
        if (pos >= p.length()) {
            throw new Unsupported();
        }
        char c = p.charAt(pos++);
        int[] digit = {'0', '9'};
        int[] word = {'0', '9', 'A', 'Z', '_', '_', 'a', 'z'};
        int[] space = {'\t', '\r', ' ', ' '};
        switch (c) {
            case 'd': return digit;
            case 'D': return minus(full(), digit);
            case 'w': return word;
            case 'W': return minus(full(), word);
            case 's': return space;
            case 'S': return minus(full(), space);
            case 't': return new int[]{'\t', '\t'};
            case 'n': return new int[]{'\n', '\n'};
            case 'r': return new int[]{'\r', '\r'};
            case 'f': return new int[]{'\f', '\f'};
            case 'x': return one(hex(2));
            case 'u': return one(hex(4));
            default:
                break;
        }
        if (Character.isLetterOrDigit(c)) {
            throw new Unsupported();    // \b, \B, \1, \p{…}, \Q…\E and the like
        }
        return new int[]{c, c};
    }

    private static int[] one(int cp) {
        return new int[]{cp, cp};
    }

    private int hex(int n) throws Unsupported {
        if (pos + n > p.length()) {
            throw new Unsupported();
        }
        int v = 0;
        for (int i = 0; i < n; i++) {
            int d = Character.digit(p.charAt(pos++), 16);
            if (d < 0) {
                throw new Unsupported();
            }
            v = v * 16 + d;
        }
        return v;
    }

    // ------------------------------------------------------------------ character sets: sorted [lo, hi] pairs

    private static int[] full() {
        return new int[]{0, BMP_END};
    }

    private static int[] plainSet(String ascii) {
        // not U+E000-U+FFFD: xgrammar's reader admits ASCII characters left out of a class that holds that range
        int[] acc = {0xA0, 0xD7FF};
        for (int i = 0; i < ascii.length(); i++) {
            char lo = ascii.charAt(i);
            if (lo == '\\' && i + 1 < ascii.length()) {
                lo = ascii.charAt(++i);
            }
            char hi = lo;
            if (i + 2 < ascii.length() && ascii.charAt(i + 1) == '-') {
                i += 2;
                hi = ascii.charAt(i);
                if (hi == '\\' && i + 1 < ascii.length()) {
                    hi = ascii.charAt(++i);
                }
            }
            acc = union(acc, new int[]{lo, hi});
        }
        return acc;
    }

    private static int[] union(int[] a, int[] b) {
        List<int[]> all = new ArrayList<>();
        for (int i = 0; i < a.length; i += 2) {
            all.add(new int[]{a[i], a[i + 1]});
        }
        for (int i = 0; i < b.length; i += 2) {
            all.add(new int[]{b[i], b[i + 1]});
        }
        all.sort((x, y) -> Integer.compare(x[0], y[0]));
        List<Integer> out = new ArrayList<>();
        for (int[] r : all) {
            int n = out.size();
            if (n > 0 && r[0] <= out.get(n - 1) + 1) {
                out.set(n - 1, Math.max(out.get(n - 1), r[1]));
            } else {
                out.add(r[0]);
                out.add(r[1]);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] minus(int[] a, int[] b) {
        return intersect(a, complement(b));
    }

    private static int[] complement(int[] a) {
        List<Integer> out = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < a.length; i += 2) {
            if (a[i] > next) {
                out.add(next);
                out.add(a[i] - 1);
            }
            next = Math.max(next, a[i + 1] + 1);
        }
        if (next <= BMP_END) {
            out.add(next);
            out.add(BMP_END);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] intersect(int[] a, int[] b) {
        List<Integer> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            int lo = Math.max(a[i], b[j]);
            int hi = Math.min(a[i + 1], b[j + 1]);
            if (lo <= hi) {
                out.add(lo);
                out.add(hi);
            }
            if (a[i + 1] < b[j + 1]) {
                i += 2;
            } else {
                j += 2;
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A GBNF class of the ranges. */
    private static String cls(int[] ranges) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < ranges.length; i += 2) {
            out.append(esc(ranges[i]));
            if (ranges[i + 1] != ranges[i]) {
                out.append('-').append(esc(ranges[i + 1]));
            }
        }
        return out.append(']').toString();
    }

    /**
     * One character as an escape, every one of them: xgrammar's reader takes as many hex digits as follow {@code \x},
     * so a plain letter or digit after an escape would change it.
     */
    private static String esc(int cp) {
        return cp < 0x100 ? String.format("\\x%02X", cp) : String.format("\\u%04X", cp);
    }

    private static String group(String e) {
        return e.startsWith("(") && e.endsWith(")") && balanced(e) || !e.contains(" ") && !e.contains("|") ? e
                : "(" + e + ")";
    }

    /** Whether the parentheses that open {@code e} close at its end (so it is one group). */
    private static boolean balanced(String e) {
        int level = 0;
        boolean inClass = false;
        for (int i = 0; i < e.length(); i++) {
            char c = e.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            } else if (!inClass && c == '(') {
                level++;
            } else if (!inClass && c == ')' && --level == 0 && i != e.length() - 1) {
                return false;
            }
        }
        return true;
    }
}
