package dev.calltype.runtime.testing;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import java.util.ArrayList;
import java.util.List;

/**
 * What every extraction must satisfy, whatever the input: its segments tile the text, and its errors' texts are
 * bounded and free of raw control characters. Each check returns what is wrong, or {@code null}.
 */
public final class ExtractionChecks {

    private ExtractionChecks() {
    }

    /** What is wrong with the extraction's partition of the text, or {@code null}. */
    public static String partitionProblem(String text, Extraction x) {
        int at = 0;
        StringBuilder prose = new StringBuilder();
        List<int[]> callSpans = new ArrayList<>();
        List<int[]> errorSpans = new ArrayList<>();
        for (Extraction.Segment s : x.segments()) {
            if (s.start() != at) {
                return "segment " + s + " does not start where the previous ended (" + at + ")";
            }
            at = s.end();
            switch (s.kind()) {
                case TEXT -> prose.append(text, s.start(), s.end());
                case CALL -> callSpans.add(new int[]{s.start(), s.end()});
                case ERROR -> errorSpans.add(new int[]{s.start(), s.end()});
                default -> {
                }
            }
        }
        if (at != text.length()) {
            return "segments end at " + at + ", the text at " + text.length();
        }
        if (!prose.toString().equals(x.text())) {
            return "text() is not the TEXT segments";
        }
        // Past maxErrors, errors are not reported but keep their ERROR segments (after the limit error).
        boolean limited = !x.errors().isEmpty()
                && x.errors().get(x.errors().size() - 1).message().contains("(maxErrors)");
        if (callSpans.size() != x.calls().size() || errorSpans.size() < x.errors().size()
                || (errorSpans.size() > x.errors().size() && !limited)) {
            return "calls/errors do not match CALL/ERROR segments";
        }
        for (int i = 0; i < callSpans.size(); i++) {
            ToolCall c = x.calls().get(i);
            if (c.start() != callSpans.get(i)[0] || c.end() != callSpans.get(i)[1]) {
                return "call " + i + " span differs from its segment";
            }
        }
        for (int i = 0; i < x.errors().size(); i++) {
            ExtractionError e = x.errors().get(i);
            if (e.start() != errorSpans.get(i)[0] || e.end() != errorSpans.get(i)[1]) {
                return "error " + i + " span differs from its segment";
            }
            if (e.snippet().length() > ErrorTexts.SNIPPET_CHARS + 1) {
                return "snippet too long";
            }
        }
        if (x.hasErrors() != x.correctionPrompt().isPresent()) {
            return "a correction prompt exactly when there are errors";
        }
        return null;
    }

    /** What is wrong with the errors' texts, or {@code null}. */
    public static String errorProblem(List<ExtractionError> errors) {
        for (ExtractionError e : errors) {
            if (e.snippet().length() > ErrorTexts.SNIPPET_CHARS + 1) {
                return "snippet longer than " + ErrorTexts.SNIPPET_CHARS + ": " + e.snippet().length();
            }
            if (hasRawControl(e.snippet(), false)) {
                return "raw control character in snippet " + Streams.quote(e.snippet());
            }
            if (e.message().isBlank()) {
                return "empty message for " + e.kind();
            }
            if (e.message().length() > MAX_MESSAGE) {
                return "message of " + e.message().length() + " chars quotes too much: "
                        + Streams.quote(e.message().substring(0, 300)) + "…";
            }
            if (hasRawControl(e.message(), false)) {
                return "raw control character in message " + Streams.quote(e.message());
            }
        }
        return null;
    }

    /** A message says what is wrong and lists the tools; it never quotes a whole payload. */
    public static final int MAX_MESSAGE = 1000;

    /** Whether {@code s} holds a control character (other than a line break, when allowed) or a lone surrogate. */
    public static boolean hasRawControl(String s, boolean lineBreaksAllowed) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' && lineBreaksAllowed) {
                continue;
            }
            if (c < 0x20 || c == 0x7f) {
                return true;
            }
        }
        return false;
    }
}
