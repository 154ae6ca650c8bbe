package dev.calltype.runtime.internal.chars;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The regular expressions a model's {@code response_template} may hold (its open and close patterns, its tag
 * patterns), run in time linear in the text: the pattern is compiled to a small automaton and every thread of it
 * is advanced over each character once (a Pike machine), so no text makes it backtrack. Matches are the ones
 * Python's {@code re} finds, leftmost and, among the ways to match there, the one a backtracking engine would try
 * first (greedy and lazy quantifiers keep their meaning); {@code .} matches any character (templates are compiled
 * with {@code DOTALL}).
 *
 * <p>Held: literal characters and escapes ({@code \|}, {@code \n}, {@code \t}, …), {@code .}, classes
 * ({@code [^<]}, {@code [a-z_]}, {@code \s \S \w \W \d \D}), groups ({@code (…)}, {@code (?:…)}, named
 * {@code (?P<name>…)} and {@code (?<name>…)}), alternation, {@code * + ?} and {@code {m,n}} (greedy or lazy), and
 * {@code ^}, {@code $}, {@code \A}, {@code \Z}. Refused, with the reason: back-references, lookaround, inline flags,
 * atomic groups and possessive quantifiers, word boundaries, and patterns over 2,000 characters or 20,000
 * instructions.
 *
 * <p>Streaming: with {@code atEnd == false} an answer is given only when no continuation of the text could change
 * it; otherwise {@link Status#NEED_MORE}.
 */
public final class LinearPattern {

    /** How a match attempt ended. */
    public enum Status { MATCH, NO_MATCH, NEED_MORE }

    /** A match attempt's answer: with {@link Status#MATCH}, its span and its groups' spans. */
    public record Match(Status status, int start, int end, int[] groups, Map<String, Integer> names) {

        /** The text of the named group, or {@code null} when it took no part in the match. */
        public String group(CharSequence text, String name) {
            Integer g = names.get(name);
            if (g == null || groups[2 * g] < 0 || groups[2 * g + 1] < 0) {
                return null;
            }
            return text.subSequence(groups[2 * g], groups[2 * g + 1]).toString();
        }

        public boolean matched() {
            return status == Status.MATCH;
        }
    }

    private static final int MAX_SOURCE = 2_000;
    private static final int MAX_PROGRAM = 20_000;
    private static final int MAX_NESTING = 32;
    private static final int MAX_REPEAT = 1_000;

    private static final int CHAR = 0;
    private static final int SET = 1;
    private static final int ANY = 2;
    private static final int SPLIT = 3;
    private static final int JMP = 4;
    private static final int SAVE = 5;
    private static final int MATCH = 6;
    private static final int BEGIN = 7;
    private static final int END = 8;

    private final String source;
    private final int[] op;
    private final int[] x;
    private final int[] y;
    private final List<CharSet> sets;
    private final int groupCount;
    private final Map<String, Integer> names;
    private final String literalPrefix;
    private final List<String> entries;

    private LinearPattern(String source, Program p, Map<String, Integer> names, int groupCount, String prefix,
            List<String> entries) {
        this.source = source;
        this.op = Arrays.copyOf(p.op, p.size);
        this.x = Arrays.copyOf(p.x, p.size);
        this.y = Arrays.copyOf(p.y, p.size);
        this.sets = List.copyOf(p.sets);
        this.names = Map.copyOf(names);
        this.groupCount = groupCount;
        this.literalPrefix = prefix;
        this.entries = List.copyOf(entries);
    }

    /**
     * The pattern of {@code regex}.
     *
     * @throws IllegalArgumentException naming what is refused or malformed, and where
     */
    public static LinearPattern compile(String regex) {
        if (regex.length() > MAX_SOURCE) {
            throw new IllegalArgumentException("the pattern is longer than " + MAX_SOURCE + " characters");
        }
        Parser parser = new Parser(regex);
        Node root = parser.parse();
        Program p = new Program();
        p.emit(SAVE, 0, 0);
        root.emit(p);
        p.emit(SAVE, 1, 0);
        p.emit(MATCH, 0, 0);
        StringBuilder prefix = new StringBuilder();
        root.prefix(prefix);
        return new LinearPattern(regex, p, parser.names, parser.groups, prefix.toString(), entries(root));
    }

    /** A pattern matching exactly one of {@code literals}, the longest where several match. */
    public static LinearPattern anyOf(List<String> literals) {
        List<String> longestFirst = new ArrayList<>(literals);
        longestFirst.sort((a, b) -> Integer.compare(b.length(), a.length()));
        StringBuilder re = new StringBuilder();
        for (String s : longestFirst) {
            if (re.length() > 0) {
                re.append('|');
            }
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (!Character.isLetterOrDigit(c) && c != '_' && c < 128) {
                    re.append('\\');
                }
                re.append(c);
            }
        }
        return compile(re.toString());
    }

    public String source() {
        return source;
    }

    /** The names of the pattern's named groups. */
    public java.util.Set<String> groupNames() {
        return names.keySet();
    }

    /** The text every match starts with (empty when a match may start with more than one text). */
    public String literalPrefix() {
        return literalPrefix;
    }

    /**
     * The fixed texts a match may begin with, the optional and repeated parts before them present or empty:
     * {@code (?:<a>)?[^<]*<b>} begins with {@code <a>} or, those parts empty, with {@code <b>}; {@code (?:<a>|<b>)x}
     * with either. Empty when a match may begin with text that is not fixed (a class, a required repetition of one).
     */
    public List<String> entryLiterals() {
        return entries;
    }

    /** {@link #entryLiterals()} of a node: walks its sequence while parts may be skipped. */
    private static List<String> entries(Node root) {
        List<Node> items = root instanceof Seq seq ? seq.items() : List.of(root);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Node n = items.get(i) instanceof Group g ? g.inner() : items.get(i);
            if (n instanceof Simple sim) {
                if (sim.o() == BEGIN) {
                    continue; // adds no text
                }
                return List.of();
            }
            if (n instanceof Repeat r && r.min() == 0) {
                List<String> starts = starts(r.inner() instanceof Group g ? g.inner() : r.inner());
                if (starts != null) {
                    starts.stream().filter(st -> !out.contains(st)).forEach(out::add);
                }
                continue; // may be skipped: what follows may begin a match too
            }
            List<String> starts = n instanceof Alt ? starts(n) : null;
            if (starts == null && !(n instanceof Alt)) {
                StringBuilder b = new StringBuilder();
                new Seq(items.subList(i, items.size())).prefix(b);
                starts = b.length() == 0 ? null : List.of(b.toString());
            }
            if (starts == null) {
                return List.of();
            }
            starts.stream().filter(st -> !out.contains(st)).forEach(out::add);
            return out;
        }
        return List.of(); // every part may be empty: a match may begin anywhere
    }

    /** The fixed text each alternative of {@code n} begins with; {@code null} when one begins with none. */
    private static List<String> starts(Node n) {
        List<String> out = new ArrayList<>();
        for (Node option : n instanceof Alt alt ? alt.options() : List.of(n)) {
            StringBuilder b = new StringBuilder();
            option.prefix(b);
            if (b.length() == 0) {
                return null;
            }
            out.add(b.toString());
        }
        return out;
    }

    /** A match starting exactly at {@code from}, reading {@code text[from, limit)}. */
    public Match matchAt(CharSequence text, int from, int limit, boolean atEnd) {
        return run(text, from, limit, atEnd, true);
    }

    /** The leftmost match starting at or after {@code from}. */
    public Match search(CharSequence text, int from, int limit, boolean atEnd) {
        return run(text, from, limit, atEnd, false);
    }

    // ------------------------------------------------------------------ the machine

    /** Threads in priority order, each at most once per instruction. */
    private final class Threads {
        final int[] pc = new int[op.length];
        final int[][] caps = new int[op.length][];
        final int[] seen = new int[op.length];
        int n;
        int stamp;

        void clear(int newStamp) {
            n = 0;
            stamp = newStamp;
        }
    }

    private Match run(CharSequence text, int from, int limit, boolean atEnd, boolean anchored) {
        int slots = 2 * groupCount;
        Threads cur = new Threads();
        Threads next = new Threads();
        int[] best = null;
        int step = 1;
        cur.clear(step);
        int[] stack = new int[op.length * 2 + 4];
        int[][] capStack = new int[op.length * 2 + 4][];
        for (int pos = from; ; pos++) {
            if (best == null && (pos == from || !anchored)) {
                int[] start = new int[slots];
                Arrays.fill(start, -1);
                add(cur, 0, start, pos, from, limit, atEnd, stack, capStack);
            }
            if (cur.n == 0) {
                if (best != null) {
                    return found(best);
                }
                if (anchored) {
                    return none(); // no thread left: no continuation of the text can match
                }
                if (pos >= limit) {
                    return atEnd ? none() : needMore();
                }
                cur.clear(++step);
                continue;
            }
            step++;
            next.clear(step);
            boolean live = false;
            for (int i = 0; i < cur.n; i++) {
                int pc = cur.pc[i];
                int[] caps = cur.caps[i];
                int o = op[pc];
                if (o == MATCH) {
                    best = caps;
                    break; // lower-priority threads are cut
                }
                if (pos >= limit) {
                    // a thread that needs a character (or the end) the text has not given yet
                    live = true;
                    continue;
                }
                char c = text.charAt(pos);
                boolean ok = switch (o) {
                    case CHAR -> c == x[pc];
                    case SET -> sets.get(x[pc]).test(c);
                    case ANY -> true;
                    default -> false;
                };
                if (ok) {
                    add(next, pc + 1, caps, pos + 1, from, limit, atEnd, stack, capStack);
                }
            }
            if (pos >= limit) {
                if (live && !atEnd) {
                    return needMore();
                }
                if (best != null) {
                    return found(best);
                }
                return atEnd || anchored ? none() : needMore();
            }
            Threads t = cur;
            cur = next;
            next = t;
        }
    }

    private Match found(int[] caps) {
        return new Match(Status.MATCH, caps[0], caps[1], caps.clone(), names);
    }

    private Match none() {
        return new Match(Status.NO_MATCH, -1, -1, null, names);
    }

    private Match needMore() {
        return new Match(Status.NEED_MORE, -1, -1, null, names);
    }

    /**
     * Adds the thread at {@code pc0} and every thread it reaches without reading a character, in priority order.
     * An end assertion at the limit of a text that may go on stays as a thread that needs more.
     */
    private void add(Threads list, int pc0, int[] caps0, int pos, int from, int limit, boolean atEnd, int[] stack,
            int[][] capStack) {
        int sp = 0;
        stack[sp] = pc0;
        capStack[sp++] = caps0;
        while (sp > 0) {
            sp--;
            int pc = stack[sp];
            int[] caps = capStack[sp];
            if (list.seen[pc] == list.stamp) {
                continue;
            }
            list.seen[pc] = list.stamp;
            switch (op[pc]) {
                case JMP -> {
                    stack[sp] = x[pc];
                    capStack[sp++] = caps;
                }
                case SPLIT -> {
                    // the preferred branch is taken first: pushed last
                    stack[sp] = y[pc];
                    capStack[sp++] = caps;
                    stack[sp] = x[pc];
                    capStack[sp++] = caps;
                }
                case SAVE -> {
                    int[] c = caps.clone();
                    c[x[pc]] = pos;
                    stack[sp] = pc + 1;
                    capStack[sp++] = c;
                }
                case BEGIN -> {
                    if (pos == 0) {
                        stack[sp] = pc + 1;
                        capStack[sp++] = caps;
                    }
                }
                case END -> {
                    if (pos >= limit) {
                        if (atEnd) {
                            stack[sp] = pc + 1;
                            capStack[sp++] = caps;
                        } else {
                            // undecided until the text goes on or ends: kept as a thread that needs more
                            list.pc[list.n] = pc;
                            list.caps[list.n++] = caps;
                        }
                    }
                }
                default -> {
                    list.pc[list.n] = pc;
                    list.caps[list.n++] = caps;
                }
            }
        }
    }

    // ------------------------------------------------------------------ program and syntax

    private static final class Program {
        int[] op = new int[64];
        int[] x = new int[64];
        int[] y = new int[64];
        int size;
        final List<CharSet> sets = new ArrayList<>();

        int emit(int o, int a, int b) {
            if (size == MAX_PROGRAM) {
                throw new IllegalArgumentException("the pattern compiles to more than " + MAX_PROGRAM
                        + " instructions (lower its repetition counts)");
            }
            if (size == op.length) {
                op = Arrays.copyOf(op, size * 2);
                x = Arrays.copyOf(x, size * 2);
                y = Arrays.copyOf(y, size * 2);
            }
            op[size] = o;
            x[size] = a;
            y[size] = b;
            return size++;
        }
    }

    private interface Node {
        void emit(Program p);

        /** Appends the text every match of this node starts with; whether the whole node is that text. */
        default boolean prefix(StringBuilder out) {
            return false;
        }
    }

    private record Lit(char c) implements Node {
        public void emit(Program p) {
            p.emit(CHAR, c, 0);
        }

        public boolean prefix(StringBuilder out) {
            out.append(c);
            return true;
        }
    }

    private record Set1(CharSet set) implements Node {
        public void emit(Program p) {
            p.sets.add(set);
            p.emit(SET, p.sets.size() - 1, 0);
        }
    }

    private record Simple(int o) implements Node {
        public void emit(Program p) {
            p.emit(o, 0, 0);
        }

        public boolean prefix(StringBuilder out) {
            return o == BEGIN; // a start anchor adds no text
        }
    }

    private record Seq(List<Node> items) implements Node {
        public void emit(Program p) {
            for (Node n : items) {
                n.emit(p);
            }
        }

        public boolean prefix(StringBuilder out) {
            for (Node n : items) {
                if (!n.prefix(out)) {
                    return false;
                }
            }
            return true;
        }
    }

    private record Alt(List<Node> options) implements Node {
        public void emit(Program p) {
            List<Integer> jumps = new ArrayList<>();
            for (int i = 0; i < options.size() - 1; i++) {
                int split = p.emit(SPLIT, 0, 0);
                p.x[split] = p.size;
                options.get(i).emit(p);
                jumps.add(p.emit(JMP, 0, 0));
                p.y[split] = p.size;
            }
            options.get(options.size() - 1).emit(p);
            for (int j : jumps) {
                p.x[j] = p.size;
            }
        }
    }

    private record Group(Node inner, int index) implements Node {
        public void emit(Program p) {
            if (index >= 0) {
                p.emit(SAVE, 2 * index, 0);
            }
            inner.emit(p);
            if (index >= 0) {
                p.emit(SAVE, 2 * index + 1, 0);
            }
        }

        public boolean prefix(StringBuilder out) {
            return inner.prefix(out);
        }
    }

    private record Repeat(Node inner, int min, int max, boolean greedy) implements Node {
        public void emit(Program p) {
            for (int i = 0; i < min; i++) {
                inner.emit(p);
            }
            if (max < 0) {
                int split = p.emit(SPLIT, 0, 0);
                int body = p.size;
                inner.emit(p);
                p.emit(JMP, split, 0);
                branch(p, split, body, p.size);
                return;
            }
            List<Integer> splits = new ArrayList<>();
            for (int i = min; i < max; i++) {
                int split = p.emit(SPLIT, 0, 0);
                splits.add(split);
                p.x[split] = p.size;
                inner.emit(p);
            }
            for (int s : splits) {
                branch(p, s, s + 1, p.size);
            }
        }

        private void branch(Program p, int split, int body, int out) {
            p.x[split] = greedy ? body : out;
            p.y[split] = greedy ? out : body;
        }

        public boolean prefix(StringBuilder out) {
            if (min > 0) {
                inner.prefix(out);
            }
            return false;
        }
    }

    /** A set of characters: ranges and classes, perhaps negated. */
    private static final class CharSet {
        final List<int[]> ranges = new ArrayList<>();
        final List<Character> classes = new ArrayList<>();
        boolean negated;

        boolean test(char c) {
            boolean in = false;
            for (int[] r : ranges) {
                if (c >= r[0] && c <= r[1]) {
                    in = true;
                    break;
                }
            }
            if (!in) {
                for (char k : classes) {
                    if (inClass(k, c)) {
                        in = true;
                        break;
                    }
                }
            }
            return in != negated;
        }

        static boolean inClass(char k, char c) {
            return switch (k) {
                case 'd' -> Character.isDigit(c);
                case 'D' -> !Character.isDigit(c);
                case 'w' -> Character.isLetterOrDigit(c) || c == '_';
                case 'W' -> !(Character.isLetterOrDigit(c) || c == '_');
                case 's' -> Character.isWhitespace(c) || Character.isSpaceChar(c);
                case 'S' -> !(Character.isWhitespace(c) || Character.isSpaceChar(c));
                default -> false;
            };
        }
    }

    /** Recursive descent over the pattern; its depth is bounded by {@link #MAX_NESTING}. */
    private static final class Parser {
        private final String s;
        private int i;
        private int depth;
        int groups = 1;
        final Map<String, Integer> names = new LinkedHashMap<>();

        Parser(String s) {
            this.s = s;
        }

        Node parse() {
            Node n = alternation();
            if (i < s.length()) {
                throw error("unbalanced ')'");
            }
            return n;
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException(what + " at offset " + i + " of the pattern");
        }

        private Node alternation() {
            List<Node> options = new ArrayList<>();
            options.add(sequence());
            while (i < s.length() && s.charAt(i) == '|') {
                i++;
                options.add(sequence());
            }
            return options.size() == 1 ? options.get(0) : new Alt(options);
        }

        private Node sequence() {
            List<Node> items = new ArrayList<>();
            while (i < s.length() && s.charAt(i) != '|' && s.charAt(i) != ')') {
                items.add(quantified(atom()));
            }
            return items.size() == 1 ? items.get(0) : new Seq(items);
        }

        private Node quantified(Node atom) {
            if (i >= s.length()) {
                return atom;
            }
            char c = s.charAt(i);
            int min;
            int max;
            if (c == '*') {
                min = 0;
                max = -1;
                i++;
            } else if (c == '+') {
                min = 1;
                max = -1;
                i++;
            } else if (c == '?') {
                min = 0;
                max = 1;
                i++;
            } else if (c == '{' && counted()) {
                int[] mm = counts();
                min = mm[0];
                max = mm[1];
            } else {
                return atom;
            }
            if (atom instanceof Simple sim && sim.o() != ANY) {
                throw error("a quantifier after an anchor");
            }
            boolean greedy = true;
            if (i < s.length() && s.charAt(i) == '?') {
                greedy = false;
                i++;
            } else if (i < s.length() && s.charAt(i) == '+') {
                throw error("possessive quantifiers are not supported");
            }
            if (i < s.length() && (s.charAt(i) == '*' || s.charAt(i) == '+' || s.charAt(i) == '?'
                    || s.charAt(i) == '{' && counted())) {
                throw error("multiple repeat");
            }
            return new Repeat(atom, min, max, greedy);
        }

        /** Whether a {@code {} here starts a count ({@code {2}}, {@code {1,3}}, {@code {2,}}); else it is text. */
        private boolean counted() {
            int j = i + 1;
            int digits = 0;
            while (j < s.length() && Character.isDigit(s.charAt(j))) {
                j++;
                digits++;
            }
            if (j < s.length() && s.charAt(j) == ',') {
                j++;
                while (j < s.length() && Character.isDigit(s.charAt(j))) {
                    j++;
                }
            }
            return digits > 0 && j < s.length() && s.charAt(j) == '}';
        }

        private int[] counts() {
            i++;
            int min = number();
            int max = min;
            if (s.charAt(i) == ',') {
                i++;
                max = i < s.length() && Character.isDigit(s.charAt(i)) ? number() : -1;
            }
            i++; // '}'
            if (min > MAX_REPEAT || max > MAX_REPEAT) {
                throw error("a repetition count over " + MAX_REPEAT);
            }
            if (max >= 0 && max < min) {
                throw error("a repetition's maximum is below its minimum");
            }
            return new int[]{min, max};
        }

        private int number() {
            int n = 0;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                n = Math.min(n * 10 + (s.charAt(i) - '0'), MAX_REPEAT + 1);
                i++;
            }
            return n;
        }

        private Node atom() {
            char c = s.charAt(i);
            switch (c) {
                case '(':
                    return group();
                case '[':
                    return new Set1(set());
                case '.':
                    i++;
                    return new Simple(ANY);
                case '^':
                    i++;
                    return new Simple(BEGIN);
                case '$':
                    i++;
                    return new Simple(END);
                case '\\':
                    return escape();
                case '*':
                case '+':
                case '?':
                    throw error("nothing to repeat");
                default:
                    if (c == '{' && counted()) {
                        throw error("nothing to repeat");
                    }
                    i++;
                    return new Lit(c);
            }
        }

        private Node group() {
            if (++depth > MAX_NESTING) {
                throw error("groups nested more than " + MAX_NESTING + " deep");
            }
            i++; // '('
            int index = -1;
            if (s.startsWith("?:", i)) {
                i += 2;
            } else if (s.startsWith("?P<", i) || s.startsWith("?<", i) && i + 2 < s.length()
                    && s.charAt(i + 2) != '=' && s.charAt(i + 2) != '!') {
                i += s.charAt(i + 1) == 'P' ? 3 : 2;
                int close = s.indexOf('>', i);
                if (close < 0) {
                    throw error("an unterminated group name");
                }
                String name = s.substring(i, close);
                if (name.isEmpty() || !name.chars().allMatch(ch -> Character.isLetterOrDigit(ch) || ch == '_')
                        || Character.isDigit(name.charAt(0))) {
                    throw error("a bad group name " + name);
                }
                if (names.containsKey(name)) {
                    throw error("the group name " + name + " is used twice");
                }
                i = close + 1;
                index = groups++;
                names.put(name, index);
            } else if (i < s.length() && s.charAt(i) == '?') {
                String what = s.startsWith("?=", i) || s.startsWith("?!", i) || s.startsWith("?<=", i)
                        || s.startsWith("?<!", i) ? "lookaround"
                        : s.startsWith("?>", i) ? "atomic groups"
                        : s.startsWith("?P=", i) ? "back-references" : "inline flags and other group extensions";
                throw error(what + " are not supported (a template's patterns run in linear time)");
            } else {
                index = groups++;
            }
            Node inner = alternation();
            if (i >= s.length() || s.charAt(i) != ')') {
                throw error("missing ')'");
            }
            i++;
            depth--;
            return new Group(inner, index);
        }

        private Node escape() {
            i++;
            if (i >= s.length()) {
                throw error("a trailing backslash");
            }
            char c = s.charAt(i++);
            switch (c) {
                case 'd', 'D', 'w', 'W', 's', 'S' -> {
                    CharSet set = new CharSet();
                    set.classes.add(c);
                    return new Set1(set);
                }
                case 'A' -> {
                    return new Simple(BEGIN);
                }
                case 'Z' -> {
                    return new Simple(END);
                }
                case 'b', 'B' -> throw error("word boundaries are not supported");
                default -> {
                    return new Lit(escaped(c));
                }
            }
        }

        private char escaped(char c) {
            switch (c) {
                case 'n':
                    return '\n';
                case 't':
                    return '\t';
                case 'r':
                    return '\r';
                case 'f':
                    return '\f';
                case 'v':
                    return '\u000b';
                case 'x':
                    return hex(2);
                case 'u':
                    return hex(4);
                default:
                    if (Character.isDigit(c)) {
                        throw error("back-references are not supported (a template's patterns run in linear time)");
                    }
                    if (Character.isLetter(c)) {
                        throw error("the escape \\" + c + " is not supported");
                    }
                    return c;
            }
        }

        private char hex(int digits) {
            if (i + digits > s.length()) {
                throw error("a short hexadecimal escape");
            }
            try {
                char c = (char) Integer.parseInt(s.substring(i, i + digits), 16);
                i += digits;
                return c;
            } catch (NumberFormatException e) {
                throw error("a bad hexadecimal escape");
            }
        }

        private CharSet set() {
            i++; // '['
            CharSet set = new CharSet();
            if (i < s.length() && s.charAt(i) == '^') {
                set.negated = true;
                i++;
            }
            boolean first = true;
            while (true) {
                if (i >= s.length()) {
                    throw error("an unterminated character set");
                }
                char c = s.charAt(i);
                if (c == ']' && !first) {
                    i++;
                    return set;
                }
                first = false;
                int lo;
                if (c == '\\') {
                    i++;
                    if (i >= s.length()) {
                        throw error("an unterminated character set");
                    }
                    char e = s.charAt(i++);
                    if ("dDwWsS".indexOf(e) >= 0) {
                        set.classes.add(e);
                        continue;
                    }
                    lo = escaped(e);
                } else {
                    i++;
                    lo = c;
                }
                int hi = lo;
                if (i + 1 < s.length() && s.charAt(i) == '-' && s.charAt(i + 1) != ']') {
                    i++;
                    char h = s.charAt(i++);
                    if (h == '\\') {
                        if (i >= s.length()) {
                            throw error("an unterminated character set");
                        }
                        h = escaped(s.charAt(i++));
                    }
                    hi = h;
                    if (hi < lo) {
                        throw error("a bad character range");
                    }
                }
                set.ranges.add(new int[]{lo, hi});
            }
        }
    }
}
