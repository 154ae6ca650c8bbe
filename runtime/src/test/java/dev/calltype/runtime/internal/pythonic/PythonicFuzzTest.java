package dev.calltype.runtime.internal.pythonic;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.testing.FuzzText;
import dev.calltype.runtime.testing.Streams;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * Fuzz target for the pythonic call reader. Input: a selector byte (bit 0: small limits; the rest: where the prefix
 * cuts fall), then the text.
 */
class PythonicFuzzTest {

    /**
     * The reader never throws and never evaluates: what it returns is literal data (JSON nodes) under a name that is
     * an identifier; its result is well formed; reading any prefix as unfinished text gives NEED_MORE or exactly the
     * whole text's result; {@code callHead} agrees with {@code read} on whether the text is a call attempt.
     */
    @FuzzTest(maxDuration = "10m")
    void readsLiteralCallsAndIsPrefixStable(byte[] data) {
        String text = FuzzText.text(data);
        int selector = FuzzText.selector(data);
        ExtractionLimits limits = (selector & 1) != 0 ? FuzzText.SMALL_LIMITS : ExtractionLimits.DEFAULTS;
        PyRead whole = Pythonic.read(text, 0, text.length(), true, limits);
        FuzzText.check(shapeProblem(whole, text), text);
        PyRead.Status head = PyHead.callHead(text, 0, text.length(), true);
        if (head == PyRead.Status.NOT_A_CALL && whole.status() != PyRead.Status.NOT_A_CALL) {
            FuzzText.check("callHead says no call but read says " + whole.status(), text);
        }
        if (head == PyRead.Status.COMPLETE && whole.status() == PyRead.Status.NOT_A_CALL) {
            FuzzText.check("callHead says a call attempt but read says NOT_A_CALL", text);
        }
        int step = Math.max(1, text.length() / 24);
        for (int cut = (selector >>> 1) % step; cut <= text.length(); cut += step) {
            PyRead part = Pythonic.read(text, 0, cut, false, limits);
            if (part.status() == PyRead.Status.NEED_MORE) {
                continue;
            }
            if (!part.equals(whole)) {
                FuzzText.check("reading the prefix of " + cut + " chars decided " + part + " but the whole text gives "
                        + whole, text);
            }
        }
    }

    static String shapeProblem(PyRead r, String text) {
        int limit = text.length();
        switch (r.status()) {
            case NEED_MORE:
                return "NEED_MORE at the end of the text";
            case ERROR:
                if (r.errorKind() == null || r.problem() == null || r.problem().isBlank()) {
                    return "an error without kind or problem: " + r;
                }
                if (r.problemOffset() < 0 || r.problemOffset() > limit || r.end() < 0 || r.end() > limit) {
                    return "error offsets outside the text: " + r;
                }
                return r.calls().isEmpty() ? null : "an error with calls";
            case NOT_A_CALL:
                return r.calls().isEmpty() ? null : "NOT_A_CALL with calls";
            default:
                break;
        }
        if (r.calls().isEmpty() || r.end() <= 0 || r.end() > limit) {
            return "a complete read without calls or with a bad end: " + r;
        }
        for (PyCall c : r.calls()) {
            if (c.name().isEmpty() || !Chars.isIdentStart(c.name().charAt(0))) {
                return "a call named " + Streams.quote(c.name());
            }
            if (c.start() < 0 || c.end() > r.end() || c.start() >= c.end()) {
                return "call span outside the read: " + c;
            }
            if (text.charAt(c.end() - 1) != ')') {
                return "a call that does not end with ')': " + c;
            }
            for (JsonNode v : c.positional()) {
                String p = literal(v);
                if (p != null) {
                    return p;
                }
            }
            for (Map.Entry<String, JsonNode> e : c.keywords()) {
                String p = literal(e.getValue());
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    private static String literal(JsonNode v) {
        if (v == null || v.isMissingNode() || v.isPojo() || v.isBinary()) {
            return "a non-literal value " + v;
        }
        return null;
    }
}
