package dev.calltype.runtime.testing;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;

import java.util.ArrayList;
import java.util.List;

/** Runs a streaming extractor over given deltas and gathers what it reported. */
public final class Streams {

    /** Everything a streaming run reported, in order. */
    public record Run(List<StreamEvent> events, String text, List<ToolCall> calls, List<ExtractionError> errors) {
    }

    private Streams() {
    }

    public static Run run(ToolCallExtractor x, List<String> deltas) {
        StreamingExtractor s = x.streaming();
        List<StreamEvent> events = new ArrayList<>();
        for (String d : deltas) {
            events.addAll(s.feed(d));
        }
        events.addAll(s.finish());
        return runOf(events);
    }

    /** The visible text of some events: their text deltas joined (the text before a TextWasReasoning dropped). */
    public static String textOf(List<StreamEvent> events) {
        StringBuilder text = new StringBuilder();
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.TextDelta t) {
                text.append(t.text());
            } else if (e instanceof StreamEvent.TextWasReasoning) {
                text.setLength(0);
            }
        }
        return text.toString();
    }

    /** What the events of a whole streaming run say. */
    public static Run runOf(List<StreamEvent> events) {
        StringBuilder text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        List<ExtractionError> errors = new ArrayList<>();
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.TextDelta t) {
                text.append(t.text());
            } else if (e instanceof StreamEvent.TextWasReasoning w) {
                if (!w.text().contentEquals(text)) {
                    throw new AssertionError("TextWasReasoning says " + quote(w.text()) + " was shown; it was "
                            + quote(text.toString()));
                }
                text.setLength(0);
            } else if (e instanceof StreamEvent.CallCompleted c) {
                calls.add(c.call());
            } else if (e instanceof StreamEvent.Error r) {
                errors.add(r.error());
            }
        }
        return new Run(events, text.toString(), calls, errors);
    }

    /** The text cut into pieces of {@code n} characters. */
    public static List<String> chunks(String text, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < text.length(); i += n) {
            out.add(text.substring(i, Math.min(text.length(), i + n)));
        }
        return out;
    }

    /** The text cut at the given positions (sorted, within range). */
    public static List<String> cut(String text, List<Integer> cuts) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int c : cuts) {
            int at = Math.max(from, Math.min(text.length(), c));
            out.add(text.substring(from, at));
            from = at;
        }
        out.add(text.substring(from));
        return out;
    }

    /**
     * Why a streaming run does not match the batch extraction, or {@code null}: the text, calls (name, arguments,
     * id, span, format, repairs) and errors must be equal, and the call events well formed.
     */
    public static String mismatch(Extraction batch, Run run) {
        if (!batch.text().equals(run.text())) {
            return "text differs: batch " + quote(batch.text()) + " stream " + quote(run.text());
        }
        if (!batch.calls().equals(run.calls())) {
            return "calls differ: batch " + batch.calls() + " stream " + run.calls();
        }
        if (!batch.errors().equals(run.errors())) {
            return "errors differ: batch " + batch.errors() + " stream " + run.errors();
        }
        String events = wellFormed(run.events());
        return events != null ? events : surrogateSplit(batch, run.events());
    }

    /**
     * Whether two text deltas split a surrogate pair that is adjacent in the response (the batch segments map each
     * text character back to its position in the response).
     */
    public static String surrogateSplit(Extraction batch, List<StreamEvent> events) {
        int[] source = new int[batch.text().length()];
        int k = 0;
        for (Extraction.Segment seg : batch.segments()) {
            if (seg.kind() == Extraction.Segment.Kind.TEXT) {
                for (int i = seg.start(); i < seg.end(); i++) {
                    source[k++] = i;
                }
            }
        }
        String text = batch.text();
        int at = 0;
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.TextWasReasoning) {
                at = 0;
            } else if (e instanceof StreamEvent.TextDelta t) {
                if (at > 0 && at < text.length() && Character.isHighSurrogate(text.charAt(at - 1))
                        && Character.isLowSurrogate(text.charAt(at)) && source[at] == source[at - 1] + 1) {
                    return "text deltas split a surrogate pair at text offset " + at;
                }
                at += t.text().length();
            }
        }
        return null;
    }

    /**
     * Every CallStarted is resolved by a CallCompleted or Error before the next call starts; every CallCompleted
     * follows the CallStarted of its index and name; indexes count from 0; no text delta splits a surrogate pair.
     */
    public static String wellFormed(List<StreamEvent> events) {
        int open = -1;
        String openName = null;
        int next = 0;
        boolean withdrawn = false;
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.CallStarted s) {
                if (open >= 0) {
                    return "call " + open + " started but not resolved before call " + s.index();
                }
                if (s.index() != next) {
                    return "call index " + s.index() + " where " + next + " was expected";
                }
                next++;
                open = s.index();
                openName = s.name();
            } else if (e instanceof StreamEvent.ArgumentsDelta a) {
                if (a.index() != open) {
                    return "arguments for call " + a.index() + " while " + open + " is open";
                }
            } else if (e instanceof StreamEvent.CallCompleted c) {
                if (open < 0) {
                    return "call completed without being started: " + c.call();
                }
                if (!c.call().name().equals(openName)) {
                    return "call started as " + openName + " completed as " + c.call().name();
                }
                open = -1;
            } else if (e instanceof StreamEvent.Error) {
                open = -1;
            } else if (e instanceof StreamEvent.TextWasReasoning) {
                if (withdrawn) {
                    return "a second TextWasReasoning";
                }
                if (next > (open >= 0 ? 1 : 0)) {
                    return "TextWasReasoning after a call was resolved";
                }
                withdrawn = true;
                open = -1;
                next = 0;
            } else if (e instanceof StreamEvent.TextDelta t) {
                if (t.text().isEmpty()) {
                    return "empty text delta";
                }
            }
        }
        return open >= 0 ? "call " + open + " (" + openName + ") started and never resolved" : null;
    }

    /** The text quoted, with line breaks and other control or unpaired surrogate characters escaped. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                b.append("\\n");
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || Character.isSurrogate(c)
                    || c == '\uFFFE' || c == '\uFFFF') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
