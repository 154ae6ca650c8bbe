package dev.calltype.runtime.internal.scan;

/**
 * The end of the prompt the response continues ({@code ToolCallExtractor.Builder#promptTail}): the driver reads the
 * tail and the response as one text, and this sink reports what it decides about the response alone, in the
 * response's own positions. Nothing that lies wholly in the tail is reported; markup that starts in the tail and
 * ends in the response is reported from the response's start.
 */
final class PromptTail implements Sink {

    private final Sink sink;
    private final int origin;
    private CharSequence source;
    private Shifted view;
    /** A call announced but not yet shown to lie in the response ({@code null}: none). */
    private String startedName;
    private int startedIndex = -1;
    /** Calls dropped for lying wholly in the tail: the response's calls are numbered after them from 0. */
    private int dropped;

    PromptTail(Sink sink, int origin) {
        this.sink = sink;
        this.origin = origin;
    }

    /** {@code buf} without the tail, positions counted from the response's start. */
    private CharSequence view(CharSequence buf) {
        if (buf != source) {
            source = buf;
            view = new Shifted(buf, origin);
        }
        return view;
    }

    @Override
    public void text(CharSequence buf, int start, int end) {
        if (end > origin) {
            sink.text(view(buf), Math.max(start, origin) - origin, end - origin);
        }
    }

    @Override
    public void reasoning(CharSequence buf, int start, int end, boolean content) {
        if (end > origin) {
            sink.reasoning(view(buf), Math.max(start, origin) - origin, end - origin, content);
        }
    }

    @Override
    public void item(CharSequence buf, Finding item, int index) {
        if (item.end > origin) {
            announce();
            sink.item(view(buf), item.span(Math.max(item.start, origin) - origin, item.end - origin),
                    index < 0 ? index : index - dropped);
        } else if (index >= 0 && index == startedIndex) {
            startedName = null; // wholly in the tail: neither announced nor reported
            startedIndex = -1;
            dropped++;
        }
    }

    /** Passes on the call announced last, now that it is known to reach into the response. */
    private void announce() {
        if (startedIndex >= 0) {
            sink.started(startedIndex - dropped, startedName);
            startedName = null;
            startedIndex = -1;
        }
    }

    @Override
    public void unreported(CharSequence buf, Finding item) {
        if (item.end > origin) {
            sink.unreported(view(buf), item.span(Math.max(item.start, origin) - origin, item.end - origin));
        }
    }

    @Override
    public void started(int index, String name) {
        announce();
        startedName = name;
        startedIndex = index;
    }

    @Override
    public void arguments(int index, String fragment) {
        announce();
        sink.arguments(index - dropped, fragment);
    }

    @Override
    public void decidedStart(boolean inReasoning) {
        if (inReasoning) {
            startedName = null; // a call announced in what turned out to be reasoning is withdrawn
            startedIndex = -1;
            dropped = 0;
        }
        sink.decidedStart(inReasoning);
    }

    /** A text from {@code origin} on. */
    private record Shifted(CharSequence text, int origin) implements CharSequence {
        @Override
        public int length() {
            return text.length() - origin;
        }

        @Override
        public char charAt(int index) {
            return text.charAt(index + origin);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start + origin, end + origin);
        }

        @Override
        public String toString() {
            return text.subSequence(origin, text.length()).toString();
        }
    }
}
