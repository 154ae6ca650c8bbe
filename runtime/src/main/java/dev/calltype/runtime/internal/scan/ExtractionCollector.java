package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.IndexedText;

import java.util.ArrayList;
import java.util.List;

/** Collects what the driver decides into an {@link Extraction} (batch). */
public final class ExtractionCollector implements Sink {

    private final List<ToolCall> calls = new ArrayList<>();
    private final List<ExtractionError> errors = new ArrayList<>();
    private final List<WireFormat> errorFormats = new ArrayList<>();
    /** The response the driver read; {@link #text} is built from its {@code TEXT} segments at the end. */
    private CharSequence source;
    private final List<Extraction.Segment> segments = new ArrayList<>();

    @Override
    public void text(CharSequence buf, int start, int end) {
        if (source == null) {
            source = IndexedText.unwrap(buf);
        }
        segment(Extraction.Segment.Kind.TEXT, start, end);
    }

    @Override
    public void reasoning(CharSequence buf, int start, int end, boolean content) {
        segment(Extraction.Segment.Kind.REASONING, start, end);
    }

    @Override
    public void item(CharSequence buf, Finding item, int index) {
        if (item.isCall()) {
            calls.add(item.toCall());
            segments.add(new Extraction.Segment(Extraction.Segment.Kind.CALL, item.start, item.end));
        } else {
            errors.add(item.toError(buf));
            errorFormats.add(item.format);
            segments.add(new Extraction.Segment(Extraction.Segment.Kind.ERROR, item.start, item.end));
        }
    }

    /** The index of the last segment of unreported errors (adjacent ones are merged into it), or -1. */
    private int unreportedSegment = -1;

    @Override
    public void unreported(CharSequence buf, Finding item) {
        int last = segments.size() - 1;
        if (last >= 0 && last == unreportedSegment && segments.get(last).end() == item.start) {
            segments.set(last, new Extraction.Segment(Extraction.Segment.Kind.ERROR, segments.get(last).start(),
                    item.end));
        } else if (item.end > item.start) {
            segments.add(new Extraction.Segment(Extraction.Segment.Kind.ERROR, item.start, item.end));
            unreportedSegment = segments.size() - 1;
        }
    }

    private void segment(Extraction.Segment.Kind kind, int start, int end) {
        if (end <= start) {
            return;
        }
        int last = segments.size() - 1;
        if (last >= 0 && segments.get(last).kind() == kind && segments.get(last).end() == start) {
            segments.set(last, new Extraction.Segment(kind, segments.get(last).start(), end));
        } else {
            segments.add(new Extraction.Segment(kind, start, end));
        }
    }

    public Extraction extraction(Config cfg) {
        String prompt = errors.isEmpty() ? null : ErrorTexts.correctionPrompt(errors, errorFormats, cfg);
        return new Extraction(calls, errors, text(), segments, prompt);
    }

    /**
     * The user-visible text: the {@code TEXT} segments of the source. A response that is prose throughout is
     * returned as it is (no copy); otherwise its ranges are copied in bulk.
     */
    private String text() {
        if (source == null) {
            return "";
        }
        if (segments.size() == 1 && segments.get(0).start() == 0 && segments.get(0).end() == source.length()
                && source instanceof String whole) {
            return whole;
        }
        StringBuilder b = new StringBuilder();
        for (Extraction.Segment seg : segments) {
            if (seg.kind() == Extraction.Segment.Kind.TEXT) {
                b.append(source, seg.start(), seg.end());
            }
        }
        return b.toString();
    }
}
