package dev.calltype.runtime;

import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Driver;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.HeldText;
import dev.calltype.runtime.internal.scan.ScanTable;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Extracts tool calls from one response as it streams in: feed each delta as it arrives, then {@link #finish()}.
 * Obtained from {@link ToolCallExtractor#streaming()}; one per response; not thread-safe.
 *
 * <pre>{@code
 * StreamingExtractor s = extractor.streaming();
 * for (String delta : deltas) {
 *     for (StreamEvent e : s.feed(delta)) {
 *         if (e instanceof StreamEvent.TextDelta t) System.out.print(t.text());
 *         else if (e instanceof StreamEvent.CallCompleted c) run(c.call());
 *     }
 * }
 * s.finish().forEach(...);   // a call still open at the end becomes a TRUNCATED error
 * }</pre>
 *
 * <p>The result is exactly the batch result of the whole text, however it is split (see {@link StreamEvent}). It
 * runs the same scanner as {@link ToolCallExtractor#extract}, incrementally: total work is linear in the response,
 * and the text held back is bounded by the largest open candidate (a call still being written, or a marker prefix
 * such as a trailing {@code <tool}), never the whole response.
 *
 * <h2>Listeners</h2>
 * A listener ({@link ToolCallExtractor#streaming(Consumer)}) gets every event, in order. If it throws, the events
 * after the failing one are still delivered to it; then {@link #feed} (or {@link #finish}) rethrows the first
 * exception, with any later ones {@linkplain Throwable#addSuppressed suppressed}. Nothing is lost: the extractor's
 * state has advanced past the delta, and {@link #calls()} and {@link #errors()} hold what it completed.
 */
public final class StreamingExtractor {

    private final Config cfg;
    private final Ending ending;
    private final Consumer<StreamEvent> listener;
    private final HeldText window = new HeldText();
    private final Driver driver;
    private final Sink sink;
    private final List<ToolCall> calls = new ArrayList<>();
    private final List<ExtractionError> errors = new ArrayList<>();
    private final List<WireFormat> errorFormats = new ArrayList<>();
    private List<StreamEvent> events = new ArrayList<>();
    private boolean finished;

    StreamingExtractor(ScanTable table, Ending ending, Consumer<StreamEvent> listener) {
        this.cfg = table.cfg;
        this.ending = ending;
        this.listener = listener;
        this.sink = new Sink(cfg.reasoningStartDecided ? null : new StringBuilder());
        this.driver = new Driver(table, sink);
        if (!cfg.promptTail.isEmpty()) {
            window.append(cfg.promptTail); // read as the text the response continues, never reported
        }
    }

    /**
     * Reads one delta; returns the events it completes (also delivered to the listener, if there is one).
     *
     * @param delta the next piece of the response, of any length (an empty one is ignored)
     * @return the events this delta made certain, in text order; often empty while a call is being written
     * @throws IllegalStateException after {@link #finish()}
     * @throws RuntimeException the first exception the listener threw, after every event was delivered
     */
    public List<StreamEvent> feed(CharSequence delta) {
        if (finished) {
            throw new IllegalStateException("the response is finished");
        }
        if (delta.length() == 0) {
            return List.of();
        }
        window.append(delta);
        driver.run(window, window.length(), false);
        window.dropBefore(driver.earliestNeeded());
        return deliver();
    }

    /**
     * Ends the response, which ended as the extractor's {@link ToolCallExtractor#ending()} says: decides everything
     * still open and returns the last events. Idempotent.
     *
     * @return the last events (a call still open is a {@code TRUNCATED} error, see {@link #finish(Ending)}); empty when
     *     called again
     */
    public List<StreamEvent> finish() {
        return finish(ending);
    }

    /**
     * Ends the response, which ended as {@code ending} says (the server's finish reason): decides everything still
     * open and returns the last events; a call the end leaves open runs only when it ended on purpose
     * ({@link Ending#STOP}). Idempotent (the ending given first applies).
     *
     * @param ending how the response ended, {@link Ending#UNKNOWN} when not known
     * @return the last events (a call still open is a {@code TRUNCATED} error unless {@code ending} is
     *     {@link Ending#STOP} and its arguments are whole); empty when called again
     * @throws NullPointerException when {@code ending} is {@code null}
     */
    public List<StreamEvent> finish(Ending ending) {
        Objects.requireNonNull(ending, "ending");
        if (finished) {
            return List.of();
        }
        finished = true;
        driver.ending(ending).run(window, window.length(), true);
        window.dropBefore(driver.earliestNeeded());
        return deliver();
    }

    /**
     * The calls completed so far, in order.
     *
     * @return a copy of the calls; after {@link #finish()}, equal to the batch {@link Extraction#calls()}
     */
    public List<ToolCall> calls() {
        return List.copyOf(calls);
    }

    /**
     * The errors reported so far, in order.
     *
     * @return a copy of the errors; after {@link #finish()}, equal to the batch {@link Extraction#errors()}
     */
    public List<ExtractionError> errors() {
        return List.copyOf(errors);
    }

    /**
     * After {@link #finish()}, when there were errors: the message for the model, as
     * {@link Extraction#correctionPrompt()}.
     *
     * @return the correction prompt; empty before {@link #finish()} and when there were no errors
     */
    public Optional<String> correctionPrompt() {
        return !finished || errors.isEmpty() ? Optional.empty()
                : Optional.of(ErrorTexts.correctionPrompt(errors, errorFormats, cfg));
    }

    /**
     * Whether {@link #finish()} was called.
     *
     * @return {@code true} once the response is finished; {@link #feed} then throws
     */
    public boolean isFinished() {
        return finished;
    }

    /** Characters read from the held text so far: the work done (tests check it grows linearly). */
    long charsRead() {
        return window.reads;
    }

    /** Characters held now: the memory used (tests check it is bounded by the open candidate). */
    int charsHeld() {
        return window.held();
    }

    private List<StreamEvent> deliver() {
        List<StreamEvent> out = events;
        events = new ArrayList<>();
        if (listener != null) {
            Throwable first = null;
            for (StreamEvent e : out) {
                try {
                    listener.accept(e);
                } catch (RuntimeException | Error x) {
                    if (first == null) {
                        first = x;
                    } else if (first != x) {
                        first.addSuppressed(x);
                    }
                }
            }
            if (first instanceof RuntimeException r) {
                throw r;
            }
            if (first != null) {
                throw (Error) first;
            }
        }
        return out;
    }

    /** Turns the driver's decisions into events, merging adjacent text of the same kind. */
    private final class Sink implements dev.calltype.runtime.internal.scan.Sink {

        /**
         * The text shown while it is undecided whether the response began in reasoning ({@code null} once decided,
         * or when that was known from the start); bounded by the window that decides it.
         */
        private StringBuilder shown;
        private boolean callStarted;

        private Sink(StringBuilder shown) {
            this.shown = shown;
        }

        @Override
        public void text(CharSequence buf, int start, int end) {
            String s = buf.subSequence(start, end).toString();
            if (shown != null) {
                shown.append(s);
            }
            add(s, false);
        }

        @Override
        public void decidedStart(boolean inReasoning) {
            if (inReasoning && (shown.length() > 0 || callStarted)) {
                events.add(new StreamEvent.TextWasReasoning(shown.toString()));
            }
            shown = null;
        }

        @Override
        public void reasoning(CharSequence buf, int start, int end, boolean content) {
            if (content) {
                add(buf.subSequence(start, end).toString(), true);
            }
        }

        /** A text or reasoning delta, joined to the last event when that is of the same kind. */
        private void add(String s, boolean reasoning) {
            int last = events.size() - 1;
            StreamEvent before = last >= 0 ? events.get(last) : null;
            if (reasoning && before instanceof StreamEvent.ReasoningDelta r) {
                events.set(last, new StreamEvent.ReasoningDelta(r.text() + s));
            } else if (!reasoning && before instanceof StreamEvent.TextDelta t) {
                events.set(last, new StreamEvent.TextDelta(t.text() + s));
            } else {
                events.add(reasoning ? new StreamEvent.ReasoningDelta(s) : new StreamEvent.TextDelta(s));
            }
        }

        @Override
        public void item(CharSequence buf, Finding item, int index) {
            if (item.isCall()) {
                ToolCall c = item.toCall();
                calls.add(c);
                events.add(new StreamEvent.CallCompleted(c));
            } else {
                ExtractionError e = item.toError(buf);
                errors.add(e);
                errorFormats.add(item.format);
                events.add(new StreamEvent.Error(e));
            }
        }

        @Override
        public void unreported(CharSequence buf, Finding item) {
            // past maxErrors: no event, and the text is not shown
        }

        @Override
        public void started(int index, String name) {
            callStarted = true;
            events.add(new StreamEvent.CallStarted(index, name == null ? "" : name));
        }

        @Override
        public void arguments(int index, String fragment) {
            int last = events.size() - 1;
            if (last >= 0 && events.get(last) instanceof StreamEvent.ArgumentsDelta a && a.index() == index) {
                events.set(last, new StreamEvent.ArgumentsDelta(index, a.fragment() + fragment));
            } else {
                events.add(new StreamEvent.ArgumentsDelta(index, fragment));
            }
        }
    }
}
