package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.json.Escapes;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.json.LimitProblems;
import dev.calltype.runtime.internal.json.Numbers;
import dev.calltype.runtime.internal.chars.Chars;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads pythonic tool calls, {@code search(query="AI", limit=5)}, {@code client.search(...)} (name {@code search})
 * or a list {@code [a(x=1), b("y")]}, without evaluating anything: one left-to-right scan with an explicit stack,
 * no regular expressions, no recursion.
 *
 * <p>Argument values are literals only: strings (single, double and triple quoted, with the prefixes {@code r} and
 * {@code u}; Python escapes), integers (also {@code 1_000}, {@code 0x1F}, {@code 0o17}, {@code 0b101}), floats, a sign
 * directly before a number, {@code True False None} and {@code true false null}, lists and tuples (arrays), and dicts
 * (objects; a number key becomes its text, {@code True}/{@code None} keys their word). A parenthesized value
 * {@code (1)} is the value. Anything else is an error, not evaluated: names, attribute access, calls, operators,
 * {@code *args}, {@code **kwargs}, lambdas, comprehensions, f-strings, bytes, sets, complex numbers.
 *
 * <p>String literals written next to each other are joined, as Python does: {@code ("abc" 'def')} is
 * {@code "abcdef"}.
 *
 * <p>Leniencies, recorded on the call: a raw line break inside a single-line string is kept
 * ({@link Repair#RAW_CONTROL_CHARACTERS}); a key given twice in a dict keeps the last value
 * ({@link Repair#DUPLICATE_KEYS}). A keyword given twice in a call is an error. An unknown escape keeps its backslash,
 * as Python does.
 *
 * <p>The call name is a Python identifier that may also contain {@code -} after its first character (tool names do),
 * followed directly by {@code (}; dotted prefixes are allowed. Blanks (also line breaks) are allowed between
 * arguments and list elements.
 *
 * <p>Streaming: like {@link LenientJson}, with {@code atEnd == false} nothing is decided from the absence of text at
 * or past {@code limit} ({@link PyRead.Status#NEED_MORE} instead), so reading any prefix gives either
 * {@code NEED_MORE} or exactly what reading the whole text gives.
 *
 * <p>Depth counts the call's argument list as one level and each list, tuple or dict inside as one more.
 */
public final class Pythonic {

    private Pythonic() {
    }

    /**
     * Reads a call {@code name(args)}, {@code a.b.name(args)} (name = last segment), or a list
     * {@code [c1(...), c2(...)]} starting at the first non-blank char at/after start.
     */
    public static PyRead read(CharSequence text, int start, int limit, boolean atEnd, ExtractionLimits limits) {
        return read(text, start, limit, limit, atEnd, limits);
    }

    /**
     * {@link #read(CharSequence, int, int, boolean, ExtractionLimits)} within markup that may end before
     * {@code limit}: a call of a list that cannot be read is looked past (its siblings read on) only when its closing
     * parenthesis comes before {@code reach}, where the markup ends (another block's opener), so that no text is
     * searched for it twice. {@code reach == limit} when the end of the markup is not in the text yet.
     */
    public static PyRead read(CharSequence text, int start, int reach, int limit, boolean atEnd,
                              ExtractionLimits limits) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(limits, "limits");
        Objects.checkFromToIndex(start, limit, text.length());
        Objects.checkFromToIndex(start, reach, limit);
        return new Scan(text, reach, limit, atEnd, limits).run(start);
    }

    // ------------------------------------------------------------------ the scanner

    /** One read: the state of the scan. Not shared between threads. */
    private static final class Scan {
        private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

        private static final int ARGS = 0;
        private static final int LIST = 1;
        private static final int PAREN = 2; // a tuple, or a parenthesized value
        private static final int DICT = 3;
        private static final int SET = 4; // {a, b}: read as a list

        private static final int OPEN = 0;
        private static final int AFTER_VALUE = 1;
        private static final int AFTER_COMMA = 2;
        private static final int AFTER_KEY = 3;
        private static final int AFTER_COLON = 4;

        private final CharSequence text;
        /** Where a failed call's closing parenthesis is looked for at most (see {@link Pythonic#read}). */
        private final int reach;
        private final int limit;
        private final boolean atEnd;
        private final ExtractionLimits limits;
        private final StringBuilder sb = new StringBuilder();
        private final List<Frame> stack = new ArrayList<>();
        private List<Repair> repairs;
        private boolean[] applied;

        private int end;
        private int pos;
        private PyRead stop;
        /** The call being read, for messages. */
        private String callName;
        /** The source word of the last literal word read (True, None, …), for dict keys. */
        private String lastWord;
        /** The value of the last dict key read (the first element, should the dict turn out to be a set). */
        private JsonNode lastKey;

        public Scan(CharSequence text, int reach, int limit, boolean atEnd, ExtractionLimits limits) {
            this.text = text;
            this.reach = reach;
            this.limit = limit;
            this.atEnd = atEnd;
            this.limits = limits;
            this.end = limit;
        }

        private static final class Frame {
            public final int kind;
            public final int open;
            public final JsonNode node; // ArrayNode for LIST and PAREN, ObjectNode for DICT, null for ARGS
            public int state = OPEN;
            public int count;
            public boolean comma;
            public String key; // DICT: the pending key; ARGS: the pending keyword
            public List<JsonNode> positional;
            public List<Map.Entry<String, JsonNode>> keywords;
            public Set<String> names;

            public Frame(int kind, int open, JsonNode node) {
                this.kind = kind;
                this.open = open;
                this.node = node;
            }
        }

        public PyRead run(int start) {
            pos = Chars.skipBlanks(text, start, limit);
            int first = pos;
            long payloadEnd = (long) first + limits.maxPayloadChars();
            if (payloadEnd < limit) {
                end = (int) payloadEnd;
            }
            List<PyCall> calls = new ArrayList<>();
            if (pos < end && text.charAt(pos) == '[') {
                int p = Chars.skipBlanks(text, pos + 1, end);
                int paren = PyHead.head(text, p, end);
                if (paren == PyHead.HEAD_NOT) {
                    return notACall(first);
                }
                if (paren == PyHead.HEAD_MORE) {
                    return ranOutBeforeHead(first, p);
                }
                pos = p;
                while (true) {
                    int headStart = pos;
                    PyCall call = readCall(pos, paren);
                    if (call == null) {
                        call = skipFailed(headStart, paren);
                        if (call == null) {
                            return afterFailure(calls, headStart);
                        }
                    }
                    calls.add(call);
                    callName = null;
                    pos = Chars.skipBlanks(text, pos, end);
                    if (pos >= end) {
                        return stopAtEnd("the text ends inside the list of calls", first);
                    }
                    char c = text.charAt(pos);
                    if (c == ',') {
                        pos = Chars.skipBlanks(text, pos + 1, end);
                        if (pos >= end) {
                            return stopAtEnd("the text ends inside the list of calls", first);
                        }
                        if (text.charAt(pos) == ']') {
                            pos++;
                            return complete(calls);
                        }
                        paren = PyHead.head(text, pos, end);
                        if (paren == PyHead.HEAD_MORE) {
                            return stopAtEnd("the text ends inside the list of calls", first);
                        }
                        if (paren == PyHead.HEAD_NOT) {
                            return error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                                    "expected a call like name(key=value) in the list of calls", pos);
                        }
                    } else if (c == ']') {
                        pos++;
                        return complete(calls);
                    } else {
                        return error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                                "expected ',' or ']' after a call in the list of calls", pos);
                    }
                }
            }
            int paren = PyHead.head(text, pos, end);
            if (paren == PyHead.HEAD_NOT) {
                return notACall(first);
            }
            if (paren == PyHead.HEAD_MORE) {
                return ranOutBeforeHead(first, pos);
            }
            PyCall call = readCall(pos, paren);
            if (call == null) {
                return stop;
            }
            calls.add(call);
            return complete(calls);
        }

        /**
         * A call of a list that could not be read (a bytes literal, a number JSON cannot hold, …): when its closing
         * parenthesis can be found (quotes and brackets respected), it is a failed call and its siblings are read on;
         * otherwise {@code null} and the read stops as it did. One more pass over the call's own text, up to
         * {@code reach} at most.
         */
        private PyCall skipFailed(int headStart, int paren) {
            PyRead failure = stop;
            if (failure == null || failure.status() != PyRead.Status.ERROR
                    || failure.errorKind() != ExtractionError.Kind.INVALID_CALL_SYNTAX) {
                return null;
            }
            int depth = 0;
            char quote = 0;
            int stopAt = Math.min(end, reach);
            for (int i = paren; i < stopAt; i++) {
                char c = text.charAt(i);
                if (quote != 0) {
                    if (c == '\\') {
                        i++;
                    } else if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '(' || c == '[' || c == '{') {
                    depth++;
                } else if (c == ')' || c == ']' || c == '}') {
                    depth--;
                    if (depth == 0) {
                        if (c != ')') {
                            return null;
                        }
                        String name = callName;
                        stop = null;
                        pos = i + 1;
                        return PyCall.failed(name, headStart, pos, failure.problem());
                    }
                }
            }
            if (stopAt == limit && !atEnd) {
                stop = needMore(); // the call's end decides whether the read goes on
            }
            return null;
        }

        /**
         * The read stopped at a call of a list whose end cannot be found (a quote without its partner leaves where
         * its string ends a guess): an error that still holds the calls read whole before it, followed by the failing
         * call (its name, start and problem), so that a reader that can tell where the list ends runs those and reports
         * this one by its own name. Any other stop is returned as it is.
         */
        private PyRead afterFailure(List<PyCall> calls, int headStart) {
            PyRead failure = stop;
            if (calls.isEmpty() || failure == null || failure.status() != PyRead.Status.ERROR
                    || failure.errorKind() != ExtractionError.Kind.INVALID_CALL_SYNTAX) {
                return failure;
            }
            calls.add(PyCall.failed(callName, headStart, failure.end(), failure.problem()));
            return new PyRead(PyRead.Status.ERROR, calls, failure.end(), failure.problem(), failure.problemOffset(),
                    failure.errorKind());
        }

        /**
         * The text ended before it could be told whether a call starts here. When the payload limit cut it, the head
         * is read on to the real limit: a name that turns out not to be a call head is prose, not a call over the
         * limit (and {@link #callHead} says the same).
         */
        private PyRead ranOutBeforeHead(int first, int headStart) {
            if (end < limit) {
                int real = PyHead.head(text, headStart, limit);
                if (real >= 0) {
                    return payloadExceeded();
                }
                if (real == PyHead.HEAD_NOT || atEnd) {
                    return notACall(first);
                }
                return needMore();
            }
            if (!atEnd) {
                return needMore();
            }
            return notACall(first);
        }

        /** Reads one call whose name starts at {@code headStart} and whose '(' is at {@code paren}. */
        private PyCall readCall(int headStart, int paren) {
            int nameStart = paren;
            while (nameStart > headStart && text.charAt(nameStart - 1) != '.') {
                nameStart--;
            }
            callName = text.subSequence(nameStart, paren).toString();
            repairs = new ArrayList<>(2);
            applied = new boolean[Repair.values().length];
            Frame args = new Frame(ARGS, paren, null);
            args.positional = new ArrayList<>();
            args.keywords = new ArrayList<>();
            args.names = new HashSet<>();
            stack.clear();
            stack.add(args);
            pos = paren + 1;
            boolean needValue = false;
            while (true) {
                if (needValue) {
                    needValue = false;
                    JsonNode scalar = readValue();
                    if (stop != null) {
                        return null;
                    }
                    if (scalar != null) {
                        attach(scalar);
                    }
                    continue;
                }
                Frame f = stack.get(stack.size() - 1);
                pos = Chars.skipBlanks(text, pos, end);
                if (pos >= end) {
                    stopAtEnd("the text ends before the call is closed", headStart);
                    return null;
                }
                char c = text.charAt(pos);
                switch (f.kind) {
                    case ARGS -> {
                        if (f.state == AFTER_VALUE) {
                            if (c == ',') {
                                pos++;
                                f.state = AFTER_COMMA;
                            } else if (c == ')') {
                                pos++;
                                return new PyCall(callName, f.positional, f.keywords, headStart, pos, repairs);
                            } else {
                                fail(afterValueProblem(c, "')'"), pos);
                                return null;
                            }
                        } else if (c == ')') {
                            pos++;
                            return new PyCall(callName, f.positional, f.keywords, headStart, pos, repairs);
                        } else if (c == '*') {
                            fail("*args and **kwargs are not allowed: write each argument as name=value", pos);
                            return null;
                        } else {
                            if (Chars.isIdentStart(c)) {
                                int w = pos;
                                int i = pos + 1;
                                while (i < end && Chars.isIdentPart(text.charAt(i))) {
                                    i++;
                                }
                                int j = Chars.skipBlanks(text, i, end);
                                if (j >= end || (text.charAt(j) == '=' && j + 1 >= end)) {
                                    stopAtEnd("the text ends before the call is closed", headStart);
                                    return null;
                                }
                                if (text.charAt(j) == '=' && text.charAt(j + 1) != '=') {
                                    String kw = text.subSequence(w, i).toString();
                                    if (!f.names.add(kw)) {
                                        fail("the keyword argument " + Chars.quoted(kw) + " is given twice", w);
                                        return null;
                                    }
                                    f.key = kw;
                                    pos = j + 1;
                                    needValue = true;
                                    continue;
                                }
                            }
                            if (!f.keywords.isEmpty()) {
                                fail("a positional argument follows a keyword argument", pos);
                                return null;
                            }
                            needValue = true;
                        }
                    }
                    case LIST, PAREN, SET -> {
                        char closer = f.kind == LIST ? ']' : f.kind == SET ? '}' : ')';
                        if (f.state == AFTER_VALUE) {
                            if (c == ',') {
                                pos++;
                                f.comma = true;
                                f.state = AFTER_COMMA;
                            } else if (c == closer) {
                                close();
                            } else {
                                fail(afterValueProblem(c, "'" + closer + "'"), pos);
                                return null;
                            }
                        } else if (c == closer) {
                            close();
                        } else {
                            needValue = true;
                        }
                    }
                    default -> { // DICT
                        switch (f.state) {
                            case OPEN, AFTER_COMMA -> {
                                if (c == '}') {
                                    close();
                                } else {
                                    String key = readKey();
                                    if (stop != null) {
                                        return null;
                                    }
                                    f.key = key;
                                    f.state = AFTER_KEY;
                                }
                            }
                            case AFTER_KEY -> {
                                if (c == ':') {
                                    pos++;
                                    f.state = AFTER_COLON;
                                    needValue = true;
                                } else if ((c == ',' || c == '}') && f.count == 0) {
                                    // {a, b} is a set: its elements as a list (the first was read as a key)
                                    stack.set(stack.size() - 1, new Frame(SET, f.open, NODES.arrayNode()));
                                    attach(lastKey);
                                } else if (c == ',' || c == '}') {
                                    fail("expected ':' after a dict key", pos);
                                    return null;
                                } else {
                                    fail("expected ':' after a dict key", pos);
                                    return null;
                                }
                            }
                            default -> { // AFTER_VALUE
                                if (c == ',') {
                                    pos++;
                                    f.state = AFTER_COMMA;
                                } else if (c == '}') {
                                    close();
                                } else {
                                    fail(afterValueProblem(c, "'}'"), pos);
                                    return null;
                                }
                            }
                        }
                    }
                }
            }
        }

        private static String afterValueProblem(char c, String closer) {
            if ("+-*/%@<>=!&|^~".indexOf(c) >= 0) {
                return "operators are not allowed: only literal values are (strings, numbers, True, False, None,"
                        + " lists, tuples, dicts)";
            }
            if (c == '.' || c == '[' || c == '(') {
                return "expressions are not allowed: only literal values are (strings, numbers, True, False, None,"
                        + " lists, tuples, dicts)";
            }
            return "expected ',' or " + closer + " after a value";
        }

        private void close() {
            pos++;
            Frame f = stack.remove(stack.size() - 1);
            JsonNode value = f.node;
            if (f.kind == PAREN && f.count == 1 && !f.comma) {
                value = f.node.get(0); // (x) is x, not a tuple
            }
            attach(value);
        }

        private void attach(JsonNode value) {
            Frame f = stack.get(stack.size() - 1);
            switch (f.kind) {
                case ARGS -> {
                    if (f.key != null) {
                        f.keywords.add(Map.entry(f.key, value));
                        f.key = null;
                    } else {
                        f.positional.add(value);
                    }
                }
                case DICT -> {
                    if (((ObjectNode) f.node).replace(f.key, value) != null) {
                        repair(Repair.DUPLICATE_KEYS);
                    }
                    f.key = null;
                }
                default -> ((ArrayNode) f.node).add(value);
            }
            f.count++;
            f.state = AFTER_VALUE;
        }

        /** Reads a value at {@code pos}: a scalar, or {@code null} after opening a container or with stop set. */
        private JsonNode readValue() {
            pos = Chars.skipBlanks(text, pos, end);
            if (pos >= end) {
                stopAtEnd("the text ends before the call is closed", pos);
                return null;
            }
            char c = text.charAt(pos);
            int kind = c == '[' ? LIST : c == '(' ? PAREN : c == '{' ? DICT : -1;
            if (kind >= 0) {
                if (stack.size() >= limits.maxDepth()) {
                    stop = error(ExtractionError.Kind.LIMIT_EXCEEDED,
                            LimitProblems.depth(limits), pos);
                    return null;
                }
                stack.add(new Frame(kind, pos, kind == DICT ? NODES.objectNode() : NODES.arrayNode()));
                pos++;
                return null;
            }
            return readScalar();
        }

        /** Reads a dict key: a string, a number (its text), or a literal word (as written). */
        private String readKey() {
            char c = text.charAt(pos);
            if (c == '[' || c == '(' || c == '{') {
                fail("dict keys must be strings, numbers, True, False or None", pos);
                return null;
            }
            lastWord = null;
            JsonNode key = readScalar();
            if (key == null) {
                return null;
            }
            lastKey = key;
            if (key.isTextual()) {
                return key.textValue();
            }
            return lastWord != null ? lastWord : key.asText();
        }

        /** Reads a string, number or literal word at {@code pos} (not blank, not at the end). */
        private JsonNode readScalar() {
            char c = text.charAt(pos);
            if (c == '"' || c == '\'') {
                String s = readString(pos, pos, false);
                return s == null ? null : adjacentStrings(s);
            }
            if (Numbers.isDigit(c) || c == '.' || c == '-' || c == '+') {
                return readNumber();
            }
            if (Chars.isIdentStart(c)) {
                int w = pos;
                int i = pos + 1;
                while (i < end && Chars.isIdentPart(text.charAt(i))) {
                    if (i - w >= limits.maxStringChars()) {
                        stop = error(ExtractionError.Kind.LIMIT_EXCEEDED,
                                LimitProblems.name(limits), w);
                        return null;
                    }
                    i++;
                }
                if (i >= end) {
                    stopAtEnd("the text ends before the call is closed", w);
                    return null;
                }
                String word = text.subSequence(w, i).toString();
                char next = text.charAt(i);
                if ((next == '"' || next == '\'') && word.length() <= 2) {
                    String prefix = word.toLowerCase(java.util.Locale.ROOT);
                    switch (prefix) {
                        case "r", "u" -> {
                            String s = readString(w, i, prefix.equals("r"));
                            return s == null ? null : adjacentStrings(s);
                        }
                        case "f", "fr", "rf" -> {
                            fail("f-strings are not allowed: nothing is evaluated, write the text itself", w);
                            return null;
                        }
                        case "b", "br", "rb" -> {
                            fail("bytes literals are not supported: use a string", w);
                            return null;
                        }
                        default -> {
                            // a name before a quote: reported below
                        }
                    }
                }
                switch (word) {
                    case "True", "true" -> {
                        pos = i;
                        lastWord = word;
                        return BooleanNode.TRUE;
                    }
                    case "False", "false" -> {
                        pos = i;
                        lastWord = word;
                        return BooleanNode.FALSE;
                    }
                    case "None", "null" -> {
                        pos = i;
                        lastWord = word;
                        return NullNode.instance;
                    }
                    default -> {
                        if (next == '(') {
                            fail("calls are not allowed inside arguments (found " + Chars.quoted(word)
                                    + "(…)): only literal values are, and nothing is evaluated", w);
                        } else {
                            fail("only literal values are allowed (strings, numbers, True, False, None, lists, tuples,"
                                    + " dicts), not the name " + Chars.quoted(word), w);
                        }
                        return null;
                    }
                }
            }
            fail(expectedValueProblem(), pos);
            return null;
        }

        /**
         * Python joins string literals written next to each other ({@code ("abc" 'def')}): reads those that follow
         * the string just read, and returns the whole text.
         */
        private JsonNode adjacentStrings(String first) {
            StringBuilder joined = null;
            while (true) {
                int j = Chars.skipBlanks(text, pos, end);
                if (j >= end) {
                    break; // the caller sees the end at pos
                }
                char c = text.charAt(j);
                int quote;
                boolean raw = false;
                if (c == '"' || c == '\'') {
                    quote = j;
                } else if (c == 'r' || c == 'R' || c == 'u' || c == 'U') {
                    if (j + 1 >= end) {
                        if (end < limit) {
                            stop = payloadExceeded();
                            return null;
                        }
                        if (!atEnd) {
                            stop = needMore();
                            return null;
                        }
                        break;
                    }
                    char q = text.charAt(j + 1);
                    if (q != '"' && q != '\'') {
                        break;
                    }
                    quote = j + 1;
                    raw = c == 'r' || c == 'R';
                } else {
                    break;
                }
                if (joined == null) {
                    joined = new StringBuilder(first);
                }
                String next = readString(j, quote, raw);
                if (next == null) {
                    return null;
                }
                joined.append(next);
                if (joined.length() > limits.maxStringChars()) {
                    stop = error(ExtractionError.Kind.LIMIT_EXCEEDED,
                            LimitProblems.string(limits), j);
                    return null;
                }
            }
            return TextNode.valueOf(joined == null ? first : joined.toString());
        }

        private String expectedValueProblem() {
            Frame f = stack.get(stack.size() - 1);
            if (f.kind == ARGS && f.key != null) {
                return "expected a value after " + f.key + "=";
            }
            return "expected a literal value (a string, number, True, False, None, list, tuple or dict)";
        }

        private JsonNode readNumber() {
            int from = pos;
            int i = pos;
            char c = text.charAt(i);
            boolean negative = false;
            if (c == '-' || c == '+') {
                negative = c == '-';
                i++;
                if (i >= end) {
                    stopAtEnd("the text ends before the call is closed", from);
                    return null;
                }
                char d = text.charAt(i);
                if (!Numbers.isDigit(d) && d != '.') {
                    fail("operators are not allowed: only literal values are (a sign directly before a number is)",
                            from);
                    return null;
                }
            }
            int numStart = i;
            int max = limits.maxNumberDigits();
            while (i < end) {
                char d = text.charAt(i);
                boolean part = Chars.isIdentPart(d) || d == '.'
                        || ((d == '+' || d == '-') && i > numStart && (text.charAt(i - 1) == 'e'
                        || text.charAt(i - 1) == 'E'));
                if (!part) {
                    break;
                }
                if (i - from >= max) {
                    stop = error(ExtractionError.Kind.LIMIT_EXCEEDED,
                            LimitProblems.number(limits), from);
                    return null;
                }
                i++;
            }
            if (i >= end) {
                stopAtEnd("the text ends before the call is closed", from);
                return null;
            }
            int digits = numStart;
            while (digits < i && Numbers.isDigit(text.charAt(digits))) {
                digits++;
            }
            if (digits == i && i - numStart > 1 && text.charAt(numStart) == '0') {
                while (numStart < i - 1 && text.charAt(numStart) == '0') {
                    numStart++; // 007: Python 3 refuses it, models mean 7
                }
                repair(Repair.LEADING_ZEROS);
            }
            String normalized = Numbers.normalizeNumber(text, numStart, i);
            if (normalized == null) {
                fail("invalid number " + Chars.quoted(text.subSequence(from, i)), from);
                return null;
            }
            JsonNode node = Numbers.numberNode(negative ? "-" + normalized : normalized);
            if (node == null) {
                fail("number out of range " + Chars.quoted(text.subSequence(from, i)), from);
                return null;
            }
            if (node.isBigDecimal() && Double.isInfinite(node.doubleValue())) {
                fail("the number " + Chars.quoted(text.subSequence(from, i)) + " is infinity in Python, which "
                        + "JSON cannot hold: write a finite number", from);
                return null;
            }
            pos = i;
            return node;
        }

        /**
         * Reads a Python string whose prefix (if any) starts at {@code open} and whose quote is at {@code quote}.
         */
        private String readString(int open, int quote, boolean raw) {
            char q = text.charAt(quote);
            if (quote + 1 >= end) {
                stopAtEnd("the text ends inside a string", open);
                return null;
            }
            boolean triple = false;
            int i = quote + 1;
            if (text.charAt(i) == q) {
                if (quote + 2 >= end) {
                    stopAtEnd("the text ends inside a string", open);
                    return null;
                }
                if (text.charAt(quote + 2) != q) {
                    pos = quote + 2;
                    return "";
                }
                triple = true;
                i = quote + 3;
            }
            int max = limits.maxStringChars();
            sb.setLength(0);
            int stray = 0; // quotes kept as text that are not apostrophes inside a word
            // the first quote kept as text, the string's length before it, whether the call had kept one before,
            // and the depth of the brackets in the string after it
            int guessAt = -1;
            int guessLen = 0;
            boolean keptBefore = applied[Repair.UNESCAPED_QUOTES.ordinal()];
            int depth = 0;
            while (true) {
                if (i >= end) {
                    stopAtEnd("the text ends inside a string", open);
                    return null;
                }
                char c = text.charAt(i);
                if (c == q) {
                    if (!triple) {
                        int next = Chars.skipBlanks(text, i + 1, end);
                        if (next >= end && !atEnd) {
                            stopAtEnd("the text ends inside a string", open);
                            return null;
                        }
                        int word = next < end && Chars.isIdentPart(text.charAt(next)) ? prefixEnd(next) : -1;
                        if (word >= end && !atEnd) {
                            stopAtEnd("the text ends inside a string", open);
                            return null;
                        }
                        if (word >= 0 && !stringPrefixAt(next, word)) {
                            // a word follows: this quote cannot end the string, the model did not escape it
                            if (guessAt < 0) {
                                guessAt = i;
                                guessLen = sb.length();
                            }
                            repair(Repair.UNESCAPED_QUOTES);
                            boolean apostrophe = q == '\'' && next == i + 1 && i > quote + 1
                                    && Character.isLetterOrDigit(text.charAt(i - 1));
                            stray += apostrophe ? 0 : 1;
                            sb.append(c);
                            i++;
                            continue;
                        }
                        if (stray % 2 != 0 && word < 0 && next < end && ",)]}:'\"".indexOf(text.charAt(next)) < 0) {
                            // the partner of the quote kept before it: what follows it could not follow a string
                            // (`'sed -n '1,5p' file.py'`), so it does not end this one either
                            stray++;
                            sb.append(c);
                            i++;
                            continue;
                        }
                        if (stray % 2 != 0) {
                            // an unescaped quote without its partner: where the string ends is a guess
                            fail("a quote inside the string is not escaped and has no partner, so where the string "
                                    + "ends cannot be told", open);
                            return null;
                        }
                        pos = i + 1;
                        return sb.toString();
                    }
                    if (i + 1 >= end) {
                        stopAtEnd("the text ends inside a string", open);
                        return null;
                    }
                    if (text.charAt(i + 1) != q) {
                        sb.append(c);
                        i++;
                    } else {
                        if (i + 2 >= end) {
                            stopAtEnd("the text ends inside a string", open);
                            return null;
                        }
                        if (text.charAt(i + 2) == q) {
                            pos = i + 3;
                            return sb.toString();
                        }
                        sb.append(c).append(c);
                        i += 2;
                    }
                } else if (c == '\\') {
                    i = escape(i, raw, triple, open);
                    if (i < 0) {
                        return null;
                    }
                } else {
                    if (guessAt >= 0) {
                        depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' || c == '}' ? -1 : 0;
                        if (depth < 0) {
                            // a bracket opened before the quote closes in the string: the quote ended the string,
                            // a quote the model forgot to escape does not close the call around it
                            if (!keptBefore) {
                                repairs.remove(Repair.UNESCAPED_QUOTES);
                                applied[Repair.UNESCAPED_QUOTES.ordinal()] = false;
                            }
                            pos = guessAt + 1;
                            return sb.substring(0, guessLen);
                        }
                    }
                    if ((c == '\n' || c == '\r') && !triple) {
                        repair(Repair.RAW_CONTROL_CHARACTERS);
                    }
                    sb.append(c);
                    i++;
                }
                if (sb.length() > max) {
                    stop = error(ExtractionError.Kind.LIMIT_EXCEEDED,
                            LimitProblems.string(limits), open);
                    return null;
                }
            }
        }

        /** The end of the (at most two-letter) word at {@code i} that may be a string prefix. */
        private int prefixEnd(int i) {
            int j = i;
            while (j < end && j - i < 2 && Chars.isIdentPart(text.charAt(j))) {
                j++;
            }
            return j;
        }

        /**
         * Whether {@code text[i, j)} is a string prefix followed by its quote ({@code r'…'}, {@code f"…"}): after a
         * quote that makes the quote the end of a string (adjacent literals), not a quote the model forgot to escape.
         */
        private boolean stringPrefixAt(int i, int j) {
            return j < end && (text.charAt(j) == '\'' || text.charAt(j) == '"')
                    && "rubfRUBF".indexOf(text.charAt(i)) >= 0 && (j - i == 1 || "rbfRBF".indexOf(text.charAt(i + 1)) >= 0);
        }

        /** Handles the backslash at {@code i}; the index to go on from, or -1 with stop set. */
        private int escape(int i, boolean raw, boolean triple, int open) {
            if (i + 1 >= end) {
                stopAtEnd("the text ends inside a string", open);
                return -1;
            }
            char e = text.charAt(i + 1);
            if (raw) {
                // raw strings keep the backslash and the next character, which then ends nothing
                sb.append('\\').append(e);
                if ((e == '\n' || e == '\r') && !triple) {
                    repair(Repair.RAW_CONTROL_CHARACTERS);
                }
                return i + 2;
            }
            int took = Escapes.python(text, i, end, sb);
            if (took == Escapes.CUT) {
                stopAtEnd("the text ends inside a string", open);
                return -1;
            }
            return i + took;
        }

        // ------------------------------------------------------------------ results

        private void repair(Repair r) {
            if (!applied[r.ordinal()]) {
                applied[r.ordinal()] = true;
                repairs.add(r);
            }
        }

        private void fail(String problem, int offset) {
            stop = error(ExtractionError.Kind.INVALID_CALL_SYNTAX, problem, offset);
        }

        /** The text ran out at the scan's end: limit exceeded, need more, or truncated. */
        private PyRead stopAtEnd(String problem, int offset) {
            if (end < limit) {
                stop = payloadExceeded();
            } else if (!atEnd) {
                stop = needMore();
            } else {
                String where = callName == null ? problem
                        : problem + " (the call to " + Chars.quoted(callName) + " is cut off)";
                stop = new PyRead(PyRead.Status.ERROR, List.of(), limit, where, offset, ExtractionError.Kind.TRUNCATED);
            }
            return stop;
        }

        private PyRead payloadExceeded() {
            return error(ExtractionError.Kind.LIMIT_EXCEEDED,
                    LimitProblems.payload("the call", limits), end);
        }

        private PyRead error(ExtractionError.Kind kind, String problem, int offset) {
            return new PyRead(PyRead.Status.ERROR, List.of(), offset, problem, offset, kind);
        }

        private PyRead needMore() {
            return new PyRead(PyRead.Status.NEED_MORE, List.of(), limit, null, -1, null);
        }

        private PyRead notACall(int at) {
            return new PyRead(PyRead.Status.NOT_A_CALL, List.of(), at, null, -1, null);
        }

        private PyRead complete(List<PyCall> calls) {
            return new PyRead(PyRead.Status.COMPLETE, calls, pos, null, -1, null);
        }
    }
}
