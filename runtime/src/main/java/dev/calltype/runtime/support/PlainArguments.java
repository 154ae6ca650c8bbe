package dev.calltype.runtime.support;

import dev.calltype.runtime.ExtractionLimits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;

/**
 * The fast path of a generated toolkit's native dispatch: argument text that is one plain JSON object whose
 * members are the tool's parameters, each read into the node the extractor's strict reader would have put in the
 * arguments object, without the object, the call or the extraction around it. Plain means: JSON blanks, strings
 * without escapes, integers of at most 18 digits, {@code true}, {@code false}, {@code null}, and objects and arrays
 * of those a few levels deep. Anything else — an escape, a decimal, a member that is not a parameter, a duplicate,
 * a value at a limit, a syntax error — makes it decline with {@code null}, and the call is read as every native
 * call is ({@code ToolCallExtractor.readNativeCall}), so what a model is answered never depends on the path.
 *
 * <p>One left-to-right pass; nesting is bounded by {@link #MAX_NESTED}, so the recursion is too.
 */
final class PlainArguments {

    /** How deeply values may nest inside the arguments object before the text is left to the extractor. */
    static final int MAX_NESTED = 8;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DIGITS = 18;
    /** Member names longer than this are left to the extractor (Jackson's strict parser has a limit of its own). */
    private static final int MAX_NAME = 1000;

    private final String text;
    private final int end;
    private final ExtractionLimits limits;
    private int at;

    private PlainArguments(String text, ExtractionLimits limits) {
        this.text = text;
        this.end = text.length();
        this.limits = limits;
    }

    /**
     * Each parameter's node, in the order of {@code names} ({@code null} for a parameter the text does not have),
     * when {@code text} is one plain JSON object whose members are among {@code names}, each once; {@code null} to
     * decline.
     *
     * @param names the parameters' names, each written in JSON as it is ({@link ResultWriter#plain}), so that they can
     *     be matched in the text as it stands
     */
    static JsonNode[] read(CharSequence text, List<String> names, ExtractionLimits limits) {
        if (text.length() == 0 || text.length() > limits.maxPayloadChars()) {
            return null;
        }
        return new PlainArguments(text.toString(), limits).members(names);
    }

    private JsonNode[] members(List<String> names) {
        JsonNode[] out = new JsonNode[names.size()];
        blanks();
        if (!take('{')) {
            return null;
        }
        blanks();
        if (!take('}')) {
            do {
                blanks();
                int index = parameter(names);
                if (index < 0 || out[index] != null) {
                    return null; // not a parameter, or a duplicate: the tool's reader or the extractor decides
                }
                blanks();
                if (!take(':')) {
                    return null;
                }
                blanks();
                JsonNode value = value(1);
                if (value == null) {
                    return null;
                }
                out[index] = value;
                blanks();
            } while (take(','));
            if (!take('}')) {
                return null;
            }
        }
        blanks();
        return at == end ? out : null;
    }

    /**
     * The index in {@code names} of the member name at {@link #at}, its quotes taken, matched without making a
     * string of it; -1 when it is not one of them (or not a plain string).
     */
    private int parameter(List<String> names) {
        if (!take('"')) {
            return -1;
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            int close = at + name.length();
            if (close < end && text.charAt(close) == '"' && text.startsWith(name, at)) {
                at = close + 1;
                return i;
            }
        }
        return -1;
    }

    /** The value at {@link #at}, inside {@code open} containers; {@code null} to decline. */
    private JsonNode value(int open) {
        if (at >= end) {
            return null;
        }
        char c = text.charAt(at);
        switch (c) {
            case '"': {
                String s = string(limits.maxStringChars());
                return s == null ? null : TextNode.valueOf(s);
            }
            case '{':
                return open >= MAX_NESTED || open >= limits.maxDepth() ? null : object(open + 1);
            case '[':
                return open >= MAX_NESTED || open >= limits.maxDepth() ? null : array(open + 1);
            case 't':
                return word("true") ? BooleanNode.TRUE : null;
            case 'f':
                return word("false") ? BooleanNode.FALSE : null;
            case 'n':
                return word("null") ? NullNode.instance : null;
            default:
                return c == '-' || (c >= '0' && c <= '9') ? integer() : null;
        }
    }

    private JsonNode object(int open) {
        at++;
        ObjectNode out = NODES.objectNode();
        blanks();
        if (take('}')) {
            return out;
        }
        do {
            blanks();
            String key = string(MAX_NAME);
            if (key == null) {
                return null;
            }
            blanks();
            if (!take(':')) {
                return null;
            }
            blanks();
            JsonNode value = value(open);
            if (value == null || out.replace(key, value) != null) {
                return null;
            }
            blanks();
        } while (take(','));
        return take('}') ? out : null;
    }

    private JsonNode array(int open) {
        at++;
        ArrayNode out = NODES.arrayNode();
        blanks();
        if (take(']')) {
            return out;
        }
        do {
            blanks();
            JsonNode value = value(open);
            if (value == null) {
                return null;
            }
            out.add(value);
            blanks();
        } while (take(','));
        return take(']') ? out : null;
    }

    /** A string without escapes or control characters, its quotes taken; {@code null} to decline. */
    private String string(int max) {
        if (!take('"')) {
            return null;
        }
        int from = at;
        for (; at < end; at++) {
            char c = text.charAt(at);
            if (c == '"') {
                if (at - from > Math.min(max, limits.maxStringChars())) {
                    return null;
                }
                return text.substring(from, at++);
            }
            if (c == '\\' || c < 0x20) {
                return null;
            }
        }
        return null;
    }

    /** An integer as JSON writes one ({@code -?(0|[1-9][0-9]*)}), not followed by a fraction or exponent. */
    private JsonNode integer() {
        int from = at;
        boolean negative = take('-');
        int digitsFrom = at;
        long v = 0;
        while (at < end) {
            char c = text.charAt(at);
            if (c < '0' || c > '9') {
                break;
            }
            v = v * 10 + (c - '0');
            at++;
        }
        int digits = at - digitsFrom;
        if (digits == 0 || digits > MAX_DIGITS || at - from >= limits.maxNumberDigits()
                || (digits > 1 && text.charAt(digitsFrom) == '0')) {
            return null;
        }
        if (at < end) {
            char c = text.charAt(at);
            if (c == '.' || c == 'e' || c == 'E') {
                return null;
            }
        }
        if (negative) {
            v = -v;
        }
        return v == (int) v ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
    }

    private boolean word(String w) {
        if (!text.startsWith(w, at)) {
            return false;
        }
        at += w.length();
        return true;
    }

    private boolean take(char c) {
        if (at < end && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void blanks() {
        while (at < end) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }
}
