package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;

import java.util.List;
import java.util.function.Function;

/**
 * How one format writes its block, built with named settings:
 * {@code JsonBlock.tags(WireFormat.NEMOTRON, "<TOOLCALL>", "</TOOLCALL>").build()}.
 */
public final class JsonBlockSpec {
    private final WireFormat format;
    private final String opener;
    private final List<String> closers;
    private final boolean closerExpected;
    private final boolean sequence;
    private final boolean fences;
    private final boolean requireJson;
    private final boolean requireFence;
    private final boolean nameKeyed;
    private final boolean pythonic;
    private final boolean markerColon;
    private final boolean wordBoundary;
    private final boolean listRequired;
    private final boolean argumentsRequired;

    private JsonBlockSpec(Builder<?> b) {
        this.format = b.format;
        this.opener = b.opener;
        this.closers = List.copyOf(b.closers);
        this.closerExpected = b.closerExpected;
        this.sequence = b.sequence;
        this.fences = b.fences;
        this.requireJson = b.requireJson;
        this.requireFence = b.requireFence;
        this.nameKeyed = b.nameKeyed;
        this.pythonic = b.pythonic;
        this.markerColon = b.markerColon;
        this.wordBoundary = b.wordBoundary;
        this.listRequired = b.listRequired;
        this.argumentsRequired = b.argumentsRequired;
    }

    /** Whether a call object must give its {@code "arguments"}, one without them being an error (GigaChat 3). */
    public boolean argumentsRequired() {
        return argumentsRequired;
    }

    /** Whether the calls must be written as a JSON list, a lone call object being an error (openPangu). */
    public boolean listRequired() {
        return listRequired;
    }

    public WireFormat format() {
        return format;
    }

    /** The opening marker (also where a search for the closer stops). */
    public String opener() {
        return opener;
    }

    /** Closing markers, the usual one first; empty when the block just ends. */
    public List<String> closers() {
        return closers;
    }

    /** The usual closing marker, or {@code null}. */
    public String closer() {
        return closers.isEmpty() ? null : closers.get(0);
    }

    /** Whether the closer normally follows, so text before it is garbage to absorb. */
    public boolean closerExpected() {
        return closerExpected;
    }

    /** Whether several objects may follow one another ({@code ,} {@code ;} or blanks). */
    public boolean sequence() {
        return sequence;
    }

    /** Whether the content may be in a Markdown fence. */
    public boolean fences() {
        return fences;
    }

    /** Whether the opener is only markup when JSON (or a fence) follows it. */
    public boolean requireJson() {
        return requireJson;
    }

    /** Whether the content must be fenced (Command R). */
    public boolean requireFence() {
        return requireFence;
    }

    /** Whether calls are written {@code {"NAME": {args}}} (Apertus). */
    public boolean nameKeyed() {
        return nameKeyed;
    }

    /** Whether the content may be pythonic calls instead. */
    public boolean pythonic() {
        return pythonic;
    }

    /** Whether a {@code :} may follow the opener. */
    public boolean markerColon() {
        return markerColon;
    }

    /** Whether the opener must not continue a word, nor be continued by one. */
    public boolean wordBoundary() {
        return wordBoundary;
    }

    /** Settings of a {@link JsonBlockSpec}, each named; everything is off until set. */
    public static final class Builder<R extends Recognizer> {
        private final WireFormat format;
        private final String opener;
        private List<String> closers = List.of();
        private boolean closerExpected;
        private boolean sequence;
        private boolean fences;
        private boolean requireJson;
        private boolean requireFence;
        private boolean nameKeyed;
        private boolean pythonic;
        private boolean markerColon;
        private boolean wordBoundary;
        private boolean listRequired;
        private boolean argumentsRequired;

        /** Makes the recognizer from the spec: given by the recognizer's class, which this one need not name. */
        private final Function<JsonBlockSpec, R> make;

        Builder(WireFormat format, String opener, Function<JsonBlockSpec, R> make) {
            this.format = format;
            this.opener = opener;
            this.make = make;
        }

        /** The block ends with one of these markers (the usual one first); text before it is garbage to absorb. */
        public Builder<R> closedBy(String... closers) {
            this.closers = List.of(closers);
            this.closerExpected = true;
            return this;
        }

        /** The block may end with one of these markers, but often just ends. */
        public Builder<R> mayEndWith(String... closers) {
            this.closers = List.of(closers);
            this.closerExpected = false;
            return this;
        }

        /** Several call objects may follow one another, separated by {@code ,}, {@code ;} or blanks. */
        public Builder<R> callsInSequence() {
            this.sequence = true;
            return this;
        }

        /** The content may sit in a Markdown fence. */
        public Builder<R> fencesAllowed() {
            this.fences = true;
            return this;
        }

        /** The content must sit in a JSON Markdown fence (Command R {@code Action: ```json}). */
        public Builder<R> fenceRequired() {
            this.fences = true;
            this.requireFence = true;
            return this;
        }

        /** The opener is markup only when JSON (or a fence) follows it; otherwise it is prose. */
        public Builder<R> onlyBeforeJson() {
            this.requireJson = true;
            return this;
        }

        /** Calls may be written {@code {"NAME": {args}}}. */
        public Builder<R> callsKeyedByName() {
            this.nameKeyed = true;
            return this;
        }

        /** The content may be pythonic calls {@code [f(a=1)]} instead of JSON. */
        public Builder<R> pythonicAllowed() {
            this.pythonic = true;
            return this;
        }

        /** A {@code :} may follow the opener ({@code TOOL_CALL: {…}}). */
        public Builder<R> colonAfterMarker() {
            this.markerColon = true;
            return this;
        }

        /** The opener is a word: it must not continue one nor be continued by one. */
        public Builder<R> wholeWord() {
            this.wordBoundary = true;
            return this;
        }

        /** The calls must be a JSON list: a lone call object is an error, never a call. */
        public Builder<R> listRequired() {
            this.listRequired = true;
            return this;
        }

        /** A call object must give its {@code "arguments"}: one without them is an error, never a call. */
        public Builder<R> argumentsRequired() {
            this.argumentsRequired = true;
            return this;
        }

        public JsonBlockSpec build() {
            return new JsonBlockSpec(this);
        }

        /** The recognizer for blocks written this way. */
        public R recognizer() {
            return make.apply(build());
        }

        /** Registers the recognizer for blocks written this way at their opener. */
        public void addTo(MarkerTable markers) {
            markers.add(opener, recognizer());
        }
    }
}
