package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One piece a recognizer found: a call, a failed call attempt, or part of a reasoning block, with its span. The
 * items of one match tile the matched text; the driver turns them into {@link ToolCall}s, {@link ExtractionError}s
 * and segments.
 */
public final class Finding {

    public final Extraction.Segment.Kind kind;
    public final int start;
    public final int end;
    public final WireFormat format;
    /** The tool name (calls; errors when it could be read). */
    public final String name;
    public final ObjectNode arguments;
    public final String id;
    public final List<Repair> repairs;
    public final ExtractionError.Kind errorKind;
    public final String message;

    private Finding(Extraction.Segment.Kind kind, int start, int end, WireFormat format, String name,
                 ObjectNode arguments, String id, List<Repair> repairs, ExtractionError.Kind errorKind,
                 String message) {
        this.kind = kind;
        this.start = start;
        this.end = end;
        this.format = format;
        this.name = name;
        this.arguments = arguments;
        this.id = id;
        this.repairs = repairs;
        this.errorKind = errorKind;
        this.message = message;
    }

    public static Finding call(String name, ObjectNode arguments, String id, WireFormat format, List<Repair> repairs,
                     int start, int end) {
        return new Finding(Extraction.Segment.Kind.CALL, start, end, format, name, arguments, id,
                List.copyOf(repairs), null, null);
    }

    public static Finding error(ExtractionError.Kind kind, String message, String toolName, WireFormat format, int start,
                      int end) {
        return new Finding(Extraction.Segment.Kind.ERROR, start, end, format, toolName, null, null, List.of(), kind,
                ErrorTexts.clean(message));
    }

    public static Finding reasoning(int start, int end) {
        return new Finding(Extraction.Segment.Kind.REASONING, start, end, null, null, null, null, List.of(), null, null);
    }

    public boolean isCall() {
        return kind == Extraction.Segment.Kind.CALL;
    }

    public boolean isError() {
        return kind == Extraction.Segment.Kind.ERROR;
    }

    public Finding span(int newStart, int newEnd) {
        return new Finding(kind, newStart, newEnd, format, name, arguments, id, repairs, errorKind, message);
    }

    /** This call with one more repair (kept once, in first-applied order). */
    public Finding withRepair(Repair r) {
        if (!isCall() || repairs.contains(r)) {
            return this;
        }
        List<Repair> more = new ArrayList<>(repairs);
        more.add(r);
        return new Finding(kind, start, end, format, name, arguments, id, List.copyOf(more), errorKind, message);
    }

    /** This error as another kind with another message (limits applied by the driver). */
    public Finding asError(ExtractionError.Kind newKind, String newMessage) {
        return new Finding(Extraction.Segment.Kind.ERROR, start, end, format, name, null, null, List.of(), newKind,
                ErrorTexts.clean(newMessage));
    }

    public ToolCall toCall() {
        return new ToolCall(name, arguments, id, start, end, format, repairs);
    }

    public ExtractionError toError(CharSequence buf) {
        return new ExtractionError(errorKind, start, end, message,
                Chars.snippet(buf, start, end, ErrorTexts.SNIPPET_CHARS), name);
    }

    @Override
    public String toString() {
        return kind + "[" + start + "," + end + ") " + (name == null ? "" : name)
                + (message == null ? "" : " " + errorKind + ": " + message);
    }
}
