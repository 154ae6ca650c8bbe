package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.internal.chars.Chars;

import java.util.Objects;

/**
 * The head of a pythonic call, {@code name(} or {@code a.b.name(} (in a list, after its {@code [}): found without
 * reading the call, so that the driver and the pythonic blocks can tell cheaply where a call attempt starts and what
 * it is named; {@link Pythonic} then reads it.
 */
public final class PyHead {

    private PyHead() {
    }

    /**
     * Whether {@code text[start, limit)} begins (after blanks) with a call head, {@code name(} or {@code [name(}
     * (dotted names allowed): {@link PyRead.Status#COMPLETE} when it does (a call attempt: {@link Pythonic#read} will return
     * calls or an error), {@link PyRead.Status#NOT_A_CALL} when it cannot, {@link PyRead.Status#NEED_MORE} when that
     * depends on text at or past the limit and {@code atEnd} is false. Reads only the head.
     */
    public static PyRead.Status callHead(CharSequence text, int start, int limit, boolean atEnd) {
        int paren = head(text, headStart(text, start, limit), limit);
        if (paren >= 0) {
            return PyRead.Status.COMPLETE;
        }
        return paren == HEAD_NOT || atEnd ? PyRead.Status.NOT_A_CALL : PyRead.Status.NEED_MORE;
    }

    /**
     * True if text[start, limit) begins with something that could still turn into a call (identifier chars, dots,
     * then '('), so a streaming caller holds it back; false when it certainly is not a call.
     */
    public static boolean couldBeCall(CharSequence text, int start, int limit) {
        return callHead(text, start, limit, false) != PyRead.Status.NOT_A_CALL;
    }

    /**
     * The name (last segment) of the call whose head, {@code name(} or {@code [name(}, begins at the first non-blank
     * char at/after {@code start}, or {@code null} when no call head is there. For naming the tool in an error when
     * {@link Pythonic#read} reports one.
     */
    public static String callNameAt(CharSequence text, int start, int limit) {
        int i = headStart(text, start, limit);
        int paren = head(text, i, limit);
        if (paren < 0) {
            return null;
        }
        int nameStart = paren;
        while (nameStart > i && text.charAt(nameStart - 1) != '.') {
            nameStart--;
        }
        return text.subSequence(nameStart, paren).toString();
    }

    /**
     * Where a call head at or after {@code start} begins, for {@link #head}: past blanks and a list's {@code [} with
     * blanks after it.
     */
    public static int headStart(CharSequence text, int start, int limit) {
        Objects.requireNonNull(text, "text");
        Objects.checkFromToIndex(start, limit, text.length());
        int i = Chars.skipBlanks(text, start, limit);
        return i < limit && text.charAt(i) == '[' ? Chars.skipBlanks(text, i + 1, limit) : i;
    }

    /** {@link #head}: the text there is not a call head. */
    public static final int HEAD_NOT = -1;
    /** {@link #head}: the text ends before it tells. */
    public static final int HEAD_MORE = -2;

    /**
     * Scans a dotted name at {@code at}: the index of the {@code (} that directly follows it, {@link #HEAD_NOT} when
     * the text there is not a call head, {@link #HEAD_MORE} when the text ends first.
     */
    public static int head(CharSequence text, int at, int end) {
        int i = at;
        while (true) {
            if (i >= end) {
                return HEAD_MORE;
            }
            if (!Chars.isIdentStart(text.charAt(i))) {
                return HEAD_NOT;
            }
            i++;
            while (i < end && isNameChar(text.charAt(i))) {
                i++;
            }
            if (i >= end) {
                return HEAD_MORE;
            }
            char c = text.charAt(i);
            if (c == '(') {
                return i;
            }
            if (c != '.') {
                return HEAD_NOT;
            }
            i++;
        }
    }

    /** A call name's characters after the first: identifier characters and {@code -}. */
    private static boolean isNameChar(char c) {
        return Chars.isIdentPart(c) || c == '-';
    }
}
