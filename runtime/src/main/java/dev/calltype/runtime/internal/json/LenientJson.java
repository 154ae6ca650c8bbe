package dev.calltype.runtime.internal.json;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.chars.IndexedText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A tolerant JSON reader that produces Jackson nodes: one left-to-right scan with an explicit stack, no regular
 * expressions, no recursion, linear in the characters it examines.
 *
 * <p>Beyond strict JSON it accepts, recording each as a {@link Repair}: single-quoted strings, typographic quotes
 * {@code “…”} and {@code ‘…’}, unquoted keys (letters, digits, {@code _ $ -}), trailing commas, {@code //} and
 * {@code /* *}{@code /} comments, raw control characters inside strings (kept as they are), {@code True False None},
 * duplicate keys (the last value wins, in the first one's place), and closing brackets missing at the very end of the
 * text once every value inside is complete.
 *
 * <p>Choices made where JSON gives no answer: the escape {@code \'} is accepted; an unknown escape such as
 * {@code \d}, or a backslash-u without four hex digits, keeps the backslash and the character (no repair recorded);
 * lone surrogates and NUL are kept as characters. A leading {@code +}, leading zeros, {@code .5}, {@code NaN} and
 * {@code Infinity} are malformed. Integers become Int, Long or BigInteger nodes by size (as Jackson reads them);
 * decimals become Double nodes, or Decimal nodes when a double would not hold the written value exactly as written.
 *
 * <p>Streaming: with {@code atEnd == false} the reader never decides anything from the absence of characters at or
 * past {@code limit}; it answers {@link JsonRead.Status#NEED_MORE} instead. So for any text and any cut, reading the
 * prefix gives either {@code NEED_MORE} or exactly what reading the whole text gives.
 *
 * <p>At the end of the text ({@code atEnd}): a number or literal that ends exactly there is complete, also at the
 * top level ({@code 12}); a string, a number that cannot end there ({@code 1.}, {@code -}), a partial literal
 * ({@code tru}), a key or ':' or ',' still waiting for its value, or an unterminated block comment is
 * {@link JsonRead.Status#TRUNCATED}; containers still open when every value inside is complete are closed
 * ({@link Repair#MISSING_CLOSING_BRACKETS}, see {@link JsonRead#autoClosed()}).
 *
 * <p>A value that spans more than {@link ExtractionLimits#maxPayloadChars()} characters is
 * {@link JsonRead.Status#LIMIT_EXCEEDED}, and so is a top-level number or literal whose end can only be seen past
 * that span.
 */
public final class LenientJson {

    private LenientJson() {
    }

    /**
     * Reads ONE JSON value whose first non-blank char is at or after {@code start} in {@code text[start, limit)}.
     * Blanks and comments before it are skipped; what follows it is not read.
     *
     * @param atEnd whether the text ends at {@code limit}; when false, a value that reaches the limit is
     *     {@link JsonRead.Status#NEED_MORE}
     * @throws IndexOutOfBoundsException if {@code [start, limit)} is not within the text (a programming error; no
     *     text content makes this method throw)
     */
    public static JsonRead read(CharSequence text, int start, int limit, boolean atEnd, ExtractionLimits limits) {
        return read(text, start, limit, atEnd, limits, null);
    }

    /**
     * Same, but {@code rawQuote} (e.g. {@code <|"|>} for Gemma 4, {@code <escape>} for FunctionGemma) also delimits
     * strings (values and keys): the raw text between two occurrences, without escapes. {@code null} or empty for
     * none.
     */
    public static JsonRead read(CharSequence text, int start, int limit, boolean atEnd, ExtractionLimits limits,
                         String rawQuote) {
        return read(text, start, limit, atEnd, limits, rawQuote, null);
    }

    /**
     * Same, and the call's end marker {@code callEnd} bounds the value: where it stands after a complete value, in
     * place of a {@code ,} or a closing bracket, the containers still open close there
     * ({@link Repair#MISSING_CLOSING_BRACKETS}: Kimi K2's {@code {"city": "Oslo"<|tool_call_end|>}); and a raw-quoted
     * string left open where the object ends the call ({@code }} then {@code callEnd}, blanks between) ends there
     * ({@link Repair#MISSING_TAGS}): Gemma 4's {@code {city:<|"|>Oslo}<tool_call|>}. {@code null} for neither.
     */
    public static JsonRead read(CharSequence text, int start, int limit, boolean atEnd, ExtractionLimits limits,
                         String rawQuote, String callEnd) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(limits, "limits");
        Objects.checkFromToIndex(start, limit, text.length());
        Scan scan = new Scan(text, limit, atEnd, limits, rawQuote == null || rawQuote.isEmpty() ? null : rawQuote);
        scan.callEnd = rawQuote == null || callEnd == null || callEnd.isEmpty() ? null : callEnd;
        scan.valueEnd = callEnd == null || callEnd.isEmpty() ? null : callEnd;
        return scan.run(start);
    }

    /**
     * The index just past the last of a run of stray {@code }} and {@code ]} starting at {@code from} (blanks before
     * and between them allowed); {@code from} itself when there is none.
     */
    public static int skipExtraClosers(CharSequence text, int from, int limit) {
        int result = from;
        for (int i = from; i < limit; i++) {
            char c = text.charAt(i);
            if (c == '}' || c == ']') {
                result = i + 1;
            } else if (!Chars.isBlank(c)) {
                break;
            }
        }
        return result;
    }

    public static boolean isUnquotedKeyChar(char c) {
        return c < 128
                ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
                        || c == '-'
                : Character.isLetterOrDigit(c);
    }

    private static boolean isWordStart(char c) {
        return c < 128 ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'
                : Character.isLetter(c);
    }

    private static boolean isWordChar(char c) {
        return Chars.isIdentPart(c) || c == '$';
    }

    /**
     * The reader's tokens, one at a time, for a caller that binds values as it reads them instead of building a
     * tree ({@code internal.answer.DirectReader}): the same blanks, comments, strings, keys, numbers and literals, with
     * the same repairs and limits, as {@link #read} reads. The caller checks the punctuation. A token that cannot be
     * read gives {@code null} (or -1 from {@link #next()}); the caller then gives up and reads the value with
     * {@link #read}, which says why.
     */
    public static final class Tokens {
        private final Scan scan;
        /** The plain number {@link #number()} found: its digits, where it ends, how many digits follow the point. */
        private long unscaled;
        private int numberEnd;
        private int scale;

        /** Tokens of the text from {@code start} (where a value starts) to its end; the payload limit applies. */
        public Tokens(CharSequence text, int start, ExtractionLimits limits) {
            Objects.requireNonNull(limits, "limits");
            Objects.checkFromToIndex(start, text.length(), text.length());
            scan = new Scan(text, text.length(), true, limits, null);
            scan.pos = start;
            long payloadEnd = (long) start + limits.maxPayloadChars();
            if (payloadEnd < scan.limit) {
                scan.end = (int) payloadEnd;
            }
        }

        /** Skips blanks and comments: the next character, not consumed; -1 at the end or where reading stops. */
        public int next() {
            if (scan.pos < scan.end) {
                char c = scan.text.charAt(scan.pos);
                if (c > ' ' && c < '\u0085' && c != '/') {
                    return c; // neither a blank nor a comment: the common case, told at once
                }
            }
            if (!scan.skipBlank() || scan.pos >= scan.end) {
                return -1;
            }
            return scan.text.charAt(scan.pos);
        }

        /** Consumes the character {@link #next()} gave. */
        public void consume() {
            scan.pos++;
        }

        /**
         * Reads an object's key at the next character and finds it among {@code names}, looking first at
         * {@code expected}: its index, -1 when it is none of them, -2 when it cannot be read. A plain quoted key is
         * matched where it stands, without making a string.
         */
        public int key(String[] names, int expected) {
            if (scan.stop != null) {
                return -2;
            }
            int from = scan.pos + 1;
            if (scan.raw.charAt(scan.pos) == '"') {
                if (expected < names.length && plainKeyIs(names[expected], from)) {
                    scan.pos = from + names[expected].length() + 1;
                    return expected;
                }
                int to = scan.plainRun(from, (int) Math.min(scan.end, (long) from + 64), '"');
                if (to < scan.end && scan.raw.charAt(to) == '"') {
                    scan.pos = to + 1;
                    if (expected < names.length && matches(names[expected], from, to)) {
                        return expected;
                    }
                    for (int k = 0; k < names.length; k++) {
                        if (matches(names[k], from, to)) {
                            return k;
                        }
                    }
                    return -1;
                }
            }
            String key = scan.readKey();
            if (key == null) {
                return -2;
            }
            for (int k = 0; k < names.length; k++) {
                if (names[k].equals(key)) {
                    return k;
                }
            }
            return -1;
        }

        /**
         * Whether the quoted key whose characters start at {@code from} is {@code name} written plainly (no escape or
         * control character) and closed by its quote, told in one pass over the name.
         */
        private boolean plainKeyIs(String name, int from) {
            int n = name.length();
            if ((long) from + n >= scan.end) {
                return false;
            }
            CharSequence raw = scan.raw;
            for (int k = 0; k < n; k++) {
                char c = raw.charAt(from + k);
                if (c != name.charAt(k) || c == '"' || c == '\\' || c < 0x20) {
                    return false;
                }
            }
            return raw.charAt(from + n) == '"';
        }

        private boolean matches(String name, int from, int to) {
            if (name.length() != to - from) {
                return false;
            }
            if (scan.raw instanceof String whole) {
                return whole.startsWith(name, from);
            }
            for (int k = 0; k < name.length(); k++) {
                if (name.charAt(k) != scan.raw.charAt(from + k)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Reads a string, number or literal at the next character, as the node {@link #read} makes of it;
         * {@code null} for anything else (a container, a malformed or cut-off token).
         */
        public JsonNode scalar() {
            if (scan.stop != null) {
                return null;
            }
            char c = scan.text.charAt(scan.pos);
            JsonNode node;
            if (c == '"' || c == '\'' || c == '\u201C' || c == '\u2018') {
                String s = scan.readString();
                node = s == null ? null : TextNode.valueOf(s);
            } else if (Numbers.isDigit(c) || c == '-') {
                node = scan.readNumber();
            } else if (isWordStart(c)) {
                node = scan.readWord();
            } else {
                return null;
            }
            return scan.stop == null ? node : null;
        }

        /**
         * Looks for a number written plainly at the next character, {@code -?(0|[1-9][0-9]*)(.[0-9]+)?} with at
         * most 18 digits and something that cannot continue a number after it: the node {@link #scalar()} makes of it
         * then holds exactly {@link #unscaled()} over ten to the {@link #scale()}. Nothing is consumed
         * ({@link #consumeNumber()} does); false for any other token (an exponent, more digits, a malformed or cut-off
         * number), which the caller reads with {@link #scalar()}.
         */
        public boolean number() {
            if (scan.stop != null) {
                return false;
            }
            CharSequence text = scan.text;
            int from = scan.pos;
            int to = scan.end;
            int i = from;
            boolean negative = text.charAt(i) == '-';
            if (negative) {
                i++;
            }
            if (i >= to || !Numbers.isDigit(text.charAt(i))) {
                return false;
            }
            long v = 0;
            int digits = 0;
            int point = -1;
            while (true) {
                if (i >= to) {
                    return false; // what follows decides: the reader's
                }
                char c = text.charAt(i);
                if (Numbers.isDigit(c)) {
                    if (++digits > 18) {
                        return false;
                    }
                    v = v * 10 + (c - '0');
                } else if (c == '.' && point < 0) {
                    point = i;
                } else {
                    break;
                }
                i++;
            }
            int firstDigit = negative ? from + 1 : from;
            if (Numbers.isNumberChar(text.charAt(i)) || point == i - 1 || i - from > scan.limits.maxNumberDigits()
                    || text.charAt(firstDigit) == '0' && firstDigit + 1 < i && firstDigit + 1 != point) {
                return false; // more of a number, a point without a digit after it, too long, or a leading zero
            }
            unscaled = negative ? -v : v;
            scale = point < 0 ? 0 : i - point - 1;
            numberEnd = i;
            return true;
        }

        /** The digits of the number {@link #number()} found, signed, as one integer. */
        public long unscaled() {
            return unscaled;
        }

        /** How many of those digits follow the point. */
        public int scale() {
            return scale;
        }

        /** Consumes the number {@link #number()} found. */
        public void consumeNumber() {
            scan.pos = numberEnd;
        }

        /** Reads a quoted string at the next character; {@code null} for anything else, or when it cannot. */
        public String string() {
            if (scan.stop != null) {
                return null;
            }
            char c = scan.text.charAt(scan.pos);
            if (c != '"' && c != '\'' && c != '\u201C' && c != '\u2018') {
                return null;
            }
            String s = scan.readString(); // a plain string in one copy, else with its escapes
            return scan.stop == null ? s : null;
        }

        /** Records a repair the caller made (a trailing comma), as {@link #read} would. */
        public void repaired(Repair repair) {
            scan.repair(repair);
        }

        /** Where the next token starts (after {@link #next()}), or just past the last one read. */
        public int position() {
            return scan.pos;
        }

        /** The repairs so far, in the order first made. */
        public List<Repair> repairs() {
            return scan.repairs;
        }

        /** How deep containers may nest. */
        public int maxDepth() {
            return scan.limits.maxDepth();
        }
    }

    // ------------------------------------------------------------------ the scanner

    /** One read: the state of the scan. Not shared between threads. */
    private static final class Scan {
        private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
        private static final int REPAIRS = Repair.values().length;

        // frame states
        private static final int OPEN = 0;        // just after '{' or '['
        private static final int AFTER_KEY = 1;   // object: key read, ':' expected
        private static final int AFTER_COLON = 2; // object: value expected
        private static final int AFTER_VALUE = 3; // ',' or closer expected
        private static final int AFTER_COMMA = 4; // value/key or closer (trailing comma) expected

        private final CharSequence text;
        /** The text under a {@link IndexedText}, read directly in string runs (the reads are counted on it). */
        private final CharSequence raw;
        private final IndexedText counted;
        private final int limit;
        private final boolean atEnd;
        private final ExtractionLimits limits;
        private final String rawQuote;
        /** A raw string left open ends before {@code }} followed by this (see {@link LenientJson#read}); or null. */
        private String callEnd;
        /** The call's end marker, which closes the open containers where it follows a complete value; or null. */
        private String valueEnd;
        /** Where the first run of plain characters of a string {@link #plainString} did not take ends. */
        private int plainEnd;
        /** Where a string with escapes is put together; made on first use ({@link #builder()}). */
        private StringBuilder stringBuilder;
        private final List<Repair> repairs = new ArrayList<>(4);
        /** Created on the first overwritten string (rare): see {@link JsonRead#overwritten()}. */
        private Map<JsonNode, Map<String, String>> overwritten;
        private final boolean[] applied = new boolean[REPAIRS];
        private final List<Frame> stack = new ArrayList<>();

        /** The scan stops here: the limit, or earlier where the payload limit cuts the value. */
        private int end;
        private int pos;
        /** Set when the scan stops early. */
        private JsonRead stop;

        public Scan(CharSequence text, int limit, boolean atEnd, ExtractionLimits limits, String rawQuote) {
            this.text = text;
            this.raw = IndexedText.unwrap(text);
            this.counted = text instanceof IndexedText r ? r : null;
            this.limit = limit;
            this.atEnd = atEnd;
            this.limits = limits;
            this.rawQuote = rawQuote;
            this.end = limit;
        }

        private static final class Frame {
            public final JsonNode node; // ObjectNode or ArrayNode
            public final boolean object;
            public int state = OPEN;
            public String key;

            public Frame(JsonNode node, boolean object) {
                this.node = node;
                this.object = object;
            }
        }

        public JsonRead run(int start) {
            pos = start;
            if (!skipBlank()) {
                return stop;
            }
            long payloadEnd = (long) pos + limits.maxPayloadChars();
            if (payloadEnd < limit) {
                end = (int) payloadEnd;
            }
            boolean needValue = true;
            int missing;
            while (true) {
                if (needValue) {
                    JsonNode scalar = readValueStart();
                    if (stop != null) {
                        return stop;
                    }
                    if (scalar == null) {
                        needValue = false; // a container was opened
                        continue;
                    }
                    if (stack.isEmpty()) {
                        return complete(scalar, pos);
                    }
                    attach(scalar);
                    needValue = false;
                    continue;
                }
                Frame f = stack.get(stack.size() - 1);
                if (!skipBlank()) {
                    return stop;
                }
                if (pos >= end) {
                    return endInsideContainer(f);
                }
                char c = text.charAt(pos);
                char closer = f.object ? '}' : ']';
                switch (f.state) {
                    case OPEN, AFTER_COMMA -> {
                        if (c == closer) {
                            if (f.state == AFTER_COMMA) {
                                repair(Repair.TRAILING_COMMA);
                            }
                            JsonRead done = close();
                            if (done != null) {
                                return done;
                            }
                        } else if (f.object) {
                            String key = readKey();
                            if (stop != null) {
                                return stop;
                            }
                            f.key = key;
                            f.state = AFTER_KEY;
                        } else {
                            needValue = true;
                        }
                    }
                    case AFTER_KEY -> { // objects only
                        if (c != ':') {
                            return malformed("expected ':' after the key " + Chars.quoted(f.key), pos);
                        }
                        pos++;
                        f.state = AFTER_COLON;
                        needValue = true;
                    }
                    default -> { // AFTER_VALUE
                        if (c == ',') {
                            pos++;
                            f.state = AFTER_COMMA;
                        } else if (c == closer) {
                            JsonRead done = close();
                            if (done != null) {
                                return done;
                            }
                        } else if (f.object && (missing = keyAfterRawString()) != 0) {
                            if (missing < 0) {
                                JsonRead cut = cutShort();
                                if (cut != null) {
                                    return cut;
                                }
                                return malformed("expected ',' or '" + closer + "' after a value in an object", pos);
                            }
                            // {city:<escape>NYC<escape>unit:…}: the comma left out between delimited properties
                            repair(Repair.MISSING_COMMAS);
                            f.state = AFTER_COMMA;
                        } else {
                            int m = valueEnd == null ? Chars.NO : Chars.startsWith(text, pos, end, valueEnd);
                            if (m == Chars.FULL) {
                                return closedAtMarker();
                            }
                            if (m == Chars.PARTIAL) {
                                JsonRead cut = cutShort();
                                if (cut != null) {
                                    return cut;
                                }
                            }
                            return malformed("expected ',' or '" + closer + "' after a value in "
                                    + (f.object ? "an object" : "an array"), pos);
                        }
                    }
                }
            }
        }

        /** Pops the top container (at its closing bracket); returns the result when it was the outermost. */
        private JsonRead close() {
            pos++;
            Frame f = stack.remove(stack.size() - 1);
            if (stack.isEmpty()) {
                return complete(f.node, pos);
            }
            stack.get(stack.size() - 1).state = AFTER_VALUE;
            return null;
        }

        private void attach(JsonNode value) {
            Frame parent = stack.get(stack.size() - 1);
            if (parent.object) {
                putField((ObjectNode) parent.node, parent.key, value);
            } else {
                ((ArrayNode) parent.node).add(value);
            }
            parent.state = AFTER_VALUE;
        }

        /**
         * Reads a value at {@code pos}: returns a scalar, or {@code null} after pushing a container (or with
         * {@link #stop} set).
         */
        private JsonNode readValueStart() {
            if (!skipBlank()) {
                return null;
            }
            if (pos >= end) {
                if (stack.isEmpty()) {
                    stopAtEnd("the text ends where a value was expected", pos);
                } else {
                    Frame f = stack.get(stack.size() - 1);
                    stopAtEnd("the text ends after " + Chars.quoted(f.key) + ": before its value", pos);
                }
                return null;
            }
            String raw = rawQuoted();
            if (raw != NOT_RAW) {
                return raw == null ? null : TextNode.valueOf(raw);
            }
            char c = text.charAt(pos);
            switch (c) {
                case '{', '[' -> {
                    if (stack.size() >= limits.maxDepth()) {
                        stop = result(JsonRead.Status.LIMIT_EXCEEDED, null, pos, Set.of(),
                                LimitProblems.depth(limits), pos);
                        return null;
                    }
                    boolean object = c == '{';
                    JsonNode node = object ? NODES.objectNode() : NODES.arrayNode();
                    if (!stack.isEmpty()) {
                        attach(node);
                    }
                    stack.add(new Frame(node, object));
                    pos++;
                    return null;
                }
                case '"', '\'', '\u201C', '\u2018' -> {
                    String s = readString();
                    return s == null ? null : TextNode.valueOf(s);
                }
                default -> {
                    if (Numbers.isDigit(c) || c == '-') {
                        return readNumber();
                    }
                    if (isWordStart(c)) {
                        return readWord();
                    }
                    stop = malformed(expectedValueMessage(), pos);
                    return null;
                }
            }
        }

        private void putField(ObjectNode o, String key, JsonNode value) {
            JsonNode old = o.replace(key, value);
            if (old != null) {
                repair(Repair.DUPLICATE_KEYS);
                if (old.isTextual() && !old.equals(value)) {
                    if (overwritten == null) {
                        overwritten = new IdentityHashMap<>();
                    }
                    overwritten.computeIfAbsent(o, k -> new HashMap<>()).putIfAbsent(key, old.textValue());
                }
            }
        }

        private String expectedValueMessage() {
            if (stack.isEmpty()) {
                return "expected a JSON value (object, array, string, number, true, false or null)";
            }
            Frame f = stack.get(stack.size() - 1);
            if (f.object) {
                return "expected a value after " + Chars.quoted(f.key) + ":";
            }
            return "expected a value or ']' in an array";
        }

        /**
         * Whether the value just read was a raw-quoted string ending right before {@code pos} and an unquoted key and
         * its {@code :} follow at {@code pos}: a property whose comma was left out (1); not (0); the text ends before
         * that can be told (-1). Looks at most at one key ahead.
         */
        private int keyAfterRawString() {
            int n = rawQuote == null ? 0 : rawQuote.length();
            if (n == 0 || pos < n || !isWordStart(text.charAt(pos))
                    || Chars.startsWith(text, pos - n, end, rawQuote) != Chars.FULL) {
                return 0;
            }
            int j = pos;
            while (j < end && j - pos <= limits.maxStringChars() && isUnquotedKeyChar(text.charAt(j))) {
                j++;
            }
            j = Chars.skipBlanks(text, j, end);
            if (j >= end) {
                return -1;
            }
            return text.charAt(j) == ':' ? 1 : 0;
        }

        /**
         * The call's end marker at {@code pos} after a complete value: every open container closes there. They are not
         * {@link JsonRead#autoClosed()}: the marker shows the model ended the call, so nothing was cut off.
         */
        private JsonRead closedAtMarker() {
            repair(Repair.MISSING_CLOSING_BRACKETS);
            return result(JsonRead.Status.COMPLETE, stack.get(0).node, pos, Set.of(), null, -1);
        }

        /** The text ended (at the scan's end) inside a container. */
        private JsonRead endInsideContainer(Frame top) {
            JsonRead cut = cutShort();
            if (cut != null) {
                return cut;
            }
            if (top.state == OPEN || top.state == AFTER_VALUE) {
                Set<JsonNode> closed = JsonRead.newIdentitySet();
                for (Frame f : stack) {
                    closed.add(f.node);
                }
                repair(Repair.MISSING_CLOSING_BRACKETS);
                return result(JsonRead.Status.COMPLETE, stack.get(0).node, limit, closed, null, -1);
            }
            String what;
            if (top.state == AFTER_KEY) {
                what = "the text ends after the key " + Chars.quoted(top.key) + " before its value";
            } else if (top.object) {
                what = "the text ends after a ',' where a key was expected";
            } else {
                what = "the text ends after a ',' where a value was expected";
            }
            return truncated(what, pos);
        }

        // ------------------------------------------------------------------ tokens

        /** {@link #rawQuoted}: no raw quote at {@code pos} (compared by identity). */
        private static final String NOT_RAW = new String();

        /**
         * The raw-quoted string (value or key) at {@code pos} when the raw quote opens there, {@link #NOT_RAW} when
         * it does not, {@code null} (with {@link #stop} set) when the text ends before that can be told or the string
         * cannot be read.
         */
        private String rawQuoted() {
            if (rawQuote == null || text.charAt(pos) != rawQuote.charAt(0)) {
                return NOT_RAW;
            }
            int m = matchRawQuote(pos);
            return m < 0 ? null : m > 0 ? readRaw() : NOT_RAW;
        }

        /**
         * Checks for the raw quote at {@code at}: 1 when it is there, 0 when it is not, -1 (with {@link #stop} set)
         * when the text ends before that can be told.
         */
        private int matchRawQuote(int at) {
            for (int k = 0; k < rawQuote.length(); k++) {
                if (at + k >= end) {
                    stopAtEnd("the text ends inside a string delimiter", at);
                    return -1;
                }
                if (text.charAt(at + k) != rawQuote.charAt(k)) {
                    return 0;
                }
            }
            return 1;
        }

        /** Reads a raw-quoted string at {@code pos} (the delimiter is known to be there). */
        private String readRaw() {
            int open = pos;
            int n = rawQuote.length();
            char first = rawQuote.charAt(0);
            int max = limits.maxStringChars();
            StringBuilder sb = builder();
            int i = pos + n;
            while (true) {
                if (i >= end) {
                    stopAtEnd("the text ends inside a string", open);
                    return null;
                }
                char c = text.charAt(i);
                if (c == first) {
                    int m = matchRawQuote(i);
                    if (m < 0) {
                        // stop already set, but report the string's start
                        if (stop.status() == JsonRead.Status.TRUNCATED) {
                            stop = truncated("the text ends inside a string", open);
                        }
                        return null;
                    }
                    if (m > 0) {
                        pos = i + n;
                        return sb.toString();
                    }
                }
                if (c == '}' && callEnd != null
                        && Chars.startsWith(text, Chars.skipBlanks(text, i + 1, end), end, callEnd) == Chars.FULL) {
                    // left open where the call ends: the string ends before the object's close
                    repair(Repair.MISSING_TAGS);
                    pos = i;
                    return sb.toString();
                }
                sb.append(c);
                if (sb.length() > max) {
                    stopString(open);
                    return null;
                }
                i++;
            }
        }

        /** The string builder, empty. */
        private StringBuilder builder() {
            if (stringBuilder == null) {
                stringBuilder = new StringBuilder();
            }
            stringBuilder.setLength(0);
            return stringBuilder;
        }

        private void stopString(int open) {
            stop = result(JsonRead.Status.LIMIT_EXCEEDED, null, open, Set.of(),
                    LimitProblems.string(limits), open);
        }

        /** The end of the run of characters from {@code i} that need no attention: no quote, escape or control. */
        private int plainRun(int i, int runLimit, char close) {
            while (i < runLimit) {
                char d = raw.charAt(i);
                if (d == close || d == '\\' || d < 0x20) {
                    break;
                }
                i++;
            }
            return i;
        }

        /**
         * The common case of a string opened at {@code pos} and closed by {@code close}: nothing to unescape, taken
         * from the text in one copy (its opening quote's repair is the caller's); {@code null} for any other, with
         * {@link #plainEnd} set to where its first run of plain characters ends.
         */
        private String plainString(char close) {
            int max = limits.maxStringChars();
            int i = pos + 1;
            int first = plainRun(i, (int) Math.min(end, (long) i + max + 1), close);
            if (counted != null) {
                counted.reads += first - i;
            }
            if (first < end && first - i <= max && raw.charAt(first) == close) {
                pos = first + 1;
                return raw.subSequence(i, first).toString();
            }
            plainEnd = first;
            return null;
        }

        /** Reads a quoted string at {@code pos}; {@code null} with {@link #stop} set when it cannot. */
        private String readString() {
            char q = text.charAt(pos);
            char close;
            switch (q) {
                case '\'' -> {
                    close = '\'';
                    repair(Repair.SINGLE_QUOTES);
                }
                case '\u201C' -> {
                    close = '\u201D';
                    repair(Repair.SMART_QUOTES);
                }
                case '\u2018' -> {
                    close = '\u2019';
                    repair(Repair.SMART_QUOTES);
                }
                default -> close = '"';
            }
            String plain = plainString(close);
            return plain != null ? plain : escapedString(close);
        }

        /** Reads the string at {@code pos} that {@link #plainString} did not take, closed by {@code close}. */
        private String escapedString(char close) {
            int open = pos;
            int max = limits.maxStringChars();
            int i = pos + 1;
            int first = plainEnd;
            StringBuilder sb = builder();
            sb.append(raw, i, first);
            if (sb.length() > max) {
                stopString(open);
                return null;
            }
            i = first;
            while (true) {
                if (i >= end) {
                    stopAtEnd("the text ends inside a string", open);
                    return null;
                }
                char c = text.charAt(i);
                if (c == close) {
                    pos = i + 1;
                    return sb.toString();
                }
                if (c == '\\') {
                    int consumed = Escapes.json(text, i, end, close, sb);
                    if (consumed == Escapes.CUT) {
                        stopAtEnd("the text ends inside a string", open);
                        return null;
                    }
                    i += consumed;
                } else if (c < 0x20) {
                    repair(Repair.RAW_CONTROL_CHARACTERS);
                    sb.append(c);
                    i++;
                } else {
                    // a run of plain characters, copied at once; it stops one past the length limit at most
                    int run = i;
                    int runLimit = (int) Math.min(end, (long) i + (max - sb.length()) + 1);
                    i = plainRun(i, runLimit, close);
                    sb.append(raw, run, i);
                    if (counted != null) {
                        counted.reads += i - run;
                    }
                }
                if (sb.length() > max) {
                    stopString(open);
                    return null;
                }
            }
        }

        /** Reads an object key at {@code pos}: quoted, raw-quoted or unquoted. */
        private String readKey() {
            String raw = rawQuoted();
            if (raw != NOT_RAW) {
                return raw;
            }
            char c = text.charAt(pos);
            if (c == '"' || c == '\'' || c == '\u201C' || c == '\u2018') {
                return readString();
            }
            if (!isUnquotedKeyChar(c)) {
                stop = malformed("expected a key or '}' in an object", pos);
                return null;
            }
            int from = pos;
            int max = limits.maxStringChars();
            int i = pos;
            while (true) {
                if (i >= end) {
                    stopAtEnd("the text ends inside a key", from);
                    return null;
                }
                if (!isUnquotedKeyChar(text.charAt(i))) {
                    break;
                }
                if (i - from >= max) {
                    stopString(from);
                    return null;
                }
                i++;
            }
            repair(Repair.UNQUOTED_KEYS);
            pos = i;
            return text.subSequence(from, i).toString();
        }

        private JsonNode readNumber() {
            int from = pos;
            int max = limits.maxNumberDigits();
            int i = pos;
            while (i < end && Numbers.isNumberChar(text.charAt(i))) {
                if (i - from >= max) {
                    stop = result(JsonRead.Status.LIMIT_EXCEEDED, null, from, Set.of(),
                            LimitProblems.number(limits), from);
                    return null;
                }
                i++;
            }
            if (i >= end) {
                JsonRead cut = cutShort();
                if (cut != null) {
                    stop = cut;
                    return null;
                }
            }
            // the common numbers, read in one more pass that also checks them
            JsonNode node = i - from <= 10 ? smallInteger(from, i) : null;
            if (node == null) {
                node = Numbers.simpleDecimal(text, from, i);
            }
            if (node != null) {
                pos = i;
                return node;
            }
            Numbers.NumberShape shape = Numbers.numberShape(text, from, i);
            if (i >= end && shape == Numbers.NumberShape.PREFIX) {
                stop = truncated("the text ends inside a number", from);
                return null;
            }
            if (shape != Numbers.NumberShape.VALID) {
                stop = malformed("invalid number " + Chars.quoted(text.subSequence(from, i)), from);
                return null;
            }
            node = Numbers.otherNumberNode(text.subSequence(from, i).toString());
            if (node == null) {
                stop = malformed("number out of range " + Chars.quoted(text.subSequence(from, i)), from);
                return null;
            }
            pos = i;
            return node;
        }

        /**
         * The node for a number token of at most 10 chars that is an integer; null for other tokens, and for one
         * that is not valid JSON.
         */
        private JsonNode smallInteger(int from, int to) {
            int i = from;
            boolean negative = text.charAt(i) == '-';
            if (negative) {
                i++;
            }
            if (i == to || text.charAt(i) == '0' && to - i > 1) {
                return null; // no digit, or a leading zero
            }
            long v = 0;
            for (; i < to; i++) {
                char c = text.charAt(i);
                if (!Numbers.isDigit(c)) {
                    return null;
                }
                v = v * 10 + (c - '0');
            }
            v = negative ? -v : v;
            return v == (int) v ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
        }

        /** The literals; the longest word that could be one is 8 chars ("Infinity"). */
        private static final String[] WORDS = {"true", "false", "null", "True", "False", "None", "NaN", "Infinity"};

        private JsonNode readWord() {
            int from = pos;
            int i = pos;
            while (i < end && isWordChar(text.charAt(i))) {
                if (i - from >= 8) {
                    stop = malformed(expectedValueMessage() + ", found unquoted text", from);
                    return null;
                }
                i++;
            }
            if (i >= end) {
                JsonRead cut = cutShort();
                if (cut != null) {
                    stop = cut;
                    return null;
                }
            }
            String w = text.subSequence(from, i).toString();
            JsonNode node;
            switch (w) {
                case "true" -> node = BooleanNode.TRUE;
                case "false" -> node = BooleanNode.FALSE;
                case "null" -> node = NullNode.instance;
                case "True" -> node = BooleanNode.TRUE;
                case "False" -> node = BooleanNode.FALSE;
                case "None" -> node = NullNode.instance;
                case "NaN", "Infinity" -> {
                    stop = malformed("NaN and Infinity are not JSON numbers", from);
                    return null;
                }
                default -> {
                    if (i >= end) {
                        for (String lit : WORDS) {
                            if (lit.startsWith(w)) {
                                stop = truncated("the text ends inside the literal " + Chars.quoted(w), from);
                                return null;
                            }
                        }
                    }
                    stop = malformed(expectedValueMessage() + ", found unquoted text", from);
                    return null;
                }
            }
            if (w.charAt(0) != Character.toLowerCase(w.charAt(0))) {
                repair(Repair.PYTHON_LITERALS);
            }
            pos = i;
            return node;
        }

        /**
         * Skips blanks and comments; false (with {@link #stop} set) when a comment cannot be told or finished
         * before the end.
         */
        private boolean skipBlank() {
            while (pos < end) {
                char c = text.charAt(pos);
                if (Chars.isBlank(c)) {
                    pos++;
                    continue;
                }
                if (c != '/') {
                    return true;
                }
                if (pos + 1 >= end) {
                    JsonRead cut = cutShort();
                    if (cut != null) {
                        stop = cut;
                        return false;
                    }
                    return true; // a lone '/' at the end: the caller reports it
                }
                char n = text.charAt(pos + 1);
                if (n == '/') {
                    int i = pos + 2;
                    while (i < end && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                        i++;
                    }
                    if (i >= end) {
                        JsonRead cut = cutShort();
                        if (cut != null) {
                            stop = cut;
                            return false;
                        }
                    }
                    repair(Repair.COMMENTS);
                    pos = i;
                } else if (n == '*') {
                    int i = pos + 2;
                    while (true) {
                        if (i + 1 >= end) {
                            stopAtEnd("the text ends inside a /* comment", pos);
                            return false;
                        }
                        if (text.charAt(i) == '*' && text.charAt(i + 1) == '/') {
                            break;
                        }
                        i++;
                    }
                    repair(Repair.COMMENTS);
                    pos = i + 2;
                } else {
                    return true; // a '/' that starts no comment: the caller reports it
                }
            }
            return true;
        }

        // ------------------------------------------------------------------ results

        private void repair(Repair r) {
            if (!applied[r.ordinal()]) {
                applied[r.ordinal()] = true;
                repairs.add(r);
            }
        }

        /** Sets {@link #stop} for running out of text at the scan's end: limit exceeded, need more, or truncated. */
        private void stopAtEnd(String truncatedProblem, int offset) {
            JsonRead cut = cutShort();
            stop = cut != null ? cut : truncated(truncatedProblem, offset);
        }

        /**
         * Reading reached the scan's end: the stop when that end is the payload limit or more text may come, or
         * {@code null} when the text really ends there (the caller decides what that means).
         */
        private JsonRead cutShort() {
            if (end < limit) {
                return payloadExceeded();
            }
            return atEnd ? null : needMore();
        }

        private JsonRead payloadExceeded() {
            return result(JsonRead.Status.LIMIT_EXCEEDED, null, end, Set.of(),
                    LimitProblems.payload("the value", limits), end);
        }

        private JsonRead needMore() {
            return new JsonRead(JsonRead.Status.NEED_MORE, null, limit, List.of(), Set.of(), Map.of(), null, -1);
        }

        private JsonRead truncated(String problem, int offset) {
            return result(JsonRead.Status.TRUNCATED, null, limit, Set.of(), problem, offset);
        }

        private JsonRead malformed(String problem, int offset) {
            return result(JsonRead.Status.MALFORMED, null, offset, Set.of(), problem, offset);
        }

        private JsonRead complete(JsonNode value, int at) {
            return result(JsonRead.Status.COMPLETE, value, at, Set.of(), null, -1);
        }

        private JsonRead result(JsonRead.Status status, JsonNode value, int at, Set<JsonNode> closed, String problem,
                                int offset) {
            return new JsonRead(status, value, at, repairs, closed, overwritten == null ? Map.of() : overwritten,
                    problem, offset);
        }
    }
}
