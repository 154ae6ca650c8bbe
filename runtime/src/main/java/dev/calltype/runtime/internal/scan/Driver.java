package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.Ending;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.BracketBalance;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.chars.IndexedText;
import dev.calltype.runtime.internal.pythonic.PyHead;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;

import java.util.ArrayList;
import java.util.List;

/**
 * The one scanner behind both {@link ToolCallExtractor#extract} and {@link StreamingExtractor}: batch is this
 * driver run once over the whole text with {@code atEnd == true}; streaming is the same driver run over a growing
 * buffer with {@code atEnd == false} until {@code finish()}. Because recognizers are prefix-stable (see
 * {@link Recognizer}), every decision the streaming run makes is the decision the batch run makes, whatever the
 * split into deltas.
 *
 * <p>Scanning: left to right; a character can start markup only if it is the first character of a registered
 * marker, a brace or bracket (JSON in prose), a backtick at a line start (a fence), or an identifier start at a line
 * start (a pythonic call). Prose between candidates is handed to the sink as one range, never char by char.
 *
 * <p>Linear time. (1) Each character is stepped over by the scan once. (2) A candidate is examined by its
 * recognizers; when they reject it as data they say how far they looked ({@link Verdict.NotHere#skipTo},
 * {@link Verdict.NotHere#pythonicSkipTo}) and no candidate inside that region is tried again, so text examined as part of
 * rejected data is never re-read from each of its characters (ten megabytes of {@code {} cost one short read per
 * brace: each read stops at the second brace; nested {@code [[[[} is cut by the depth limit and then skipped as a
 * whole). (3) A candidate that needs more text is asked again when its {@link RetryWhen} fires (tracked over new
 * characters only) while the characters its recognizers have read stay within a budget proportional to the text it
 * spans, and otherwise only when that text has grown geometrically since it was last asked; so the total work spent
 * on one candidate is linear in its length even for a recognizer that re-reads it from the start each time. (4)
 * Multi-call blocks hand over to a continuation step at each call boundary, so a block of many calls is read call by
 * call, not re-read from its start. (5) A candidate may span at most {@link Config#candidateCap} characters
 * ({@code min(maxPayloadChars, maxBufferChars)}): beyond that it is decided as if the text ended there (the same
 * rule in batch and streaming), which bounds both the work and the memory held for one candidate. (6) Searches for
 * a string ahead of the candidate (a closer, the next opener, a line break) go through the {@link IndexedText}, which
 * remembers per string where it occurs and which positions were already tested, from the current candidate on: a
 * failed search for {@code </tool_call>} is not repeated by the next of a million unclosed {@code <tool_call>}s, so
 * each position is tested at most once per string, however far candidates look ahead and however early their spans
 * end. Scans that are not string searches (bracket balance) stop where the span they decide must end.
 */
public final class Driver {

    /** The findings of one candidate read inside reasoning, spanning {@code [start, end)}. */
    private record Held(List<Finding> findings, int start, int end) {
    }

    /** A candidate being read. */
    private static final class Pending {
        public final int pos;
        public final boolean continuation;
        public Continuation step;
        public RetryWhen.Tracker tracker;
        public int triedLimit = -1;
        public int startedIndex = -1;
        public Verdict.Started started;
        /** Its started call's {@link Verdict.Started#argumentsStops()}, and the longest one's length. */
        public String[] stops;
        public int longestStop;
        public int argsEmitted;
        /** Whether any argument text was passed on (blanks before the first are not). */
        public boolean argsShown;
        public BracketBalance argsBalance;
        public boolean argsDone;
        /** Characters its recognizers have read so far. */
        public long work;
        /** Its verdict, found while the response's start was undecided: applied once that is decided. */
        public Verdict.Found held;
        public int heldLimit;
        public boolean heldCapped;

        public Pending(int pos, Continuation step, boolean continuation) {
            this.pos = pos;
            this.step = step;
            this.continuation = continuation;
        }

        /** The call being written is {@code s}: its stops taken once, not on every delta. */
        void start(Verdict.Started s) {
            started = s;
            stops = s.argumentsStops().toArray(String[]::new);
            int longest = 0;
            for (String stop : stops) {
                longest = Math.max(longest, stop.length());
            }
            longestStop = longest;
        }
    }

    private final ScanTable table;
    private final Config cfg;
    private final Sink sink;

    private int pos;
    private int proseFrom;
    private char prev = '\n';
    private boolean lineStart = true;
    private int skipUntil;
    private int pythonicSkipUntil;
    private String reasoningClose;
    /** A message addressed to the user is open: its text is shown, no call is read in it, until this string. */
    private String answerClose;
    /**
     * Call markup read inside the open reasoning block (not searched) and followed so far by blanks only, each
     * entry the findings of one candidate: run (or reported) if the response ends with the block open, reasoning if
     * the block closes. {@link #heldFrom} is where the first begins (-1: none); text from there is held.
     */
    private final List<Held> held = new ArrayList<>();
    private int heldFrom = -1;
    /** Calls of the open reasoning block that more reasoning followed: reported if the block is never closed. */
    private final List<Finding> mentioned = new ArrayList<>();
    /** Deciding whether the response starts inside reasoning, while that is undecided ({@code null} after). */
    private ReasoningStart start;
    private Pending pending;
    private Continuation continuation;
    private IndexedText response;
    private int calls;
    /** Errors reported so far (the one saying that later errors are not reported included). */
    private int errors;
    private int startedCount;
    private Ending ending = Ending.UNKNOWN;

    /** How the text ends: decides the calls its end leaves open ({@link #atTheEnd}). */
    public Driver ending(Ending ending) {
        this.ending = ending;
        return this;
    }

    public Driver(ScanTable table, Sink sink) {
        this.table = table;
        this.cfg = table.cfg;
        this.sink = cfg.promptTail.isEmpty() ? sink : new PromptTail(sink, cfg.promptTail.length());
        this.reasoningClose = cfg.startsInReasoning ? "</think>" : null;
        this.start = cfg.reasoningStartDecided ? null : new ReasoningStart();
    }

    /** The earliest position the driver may still read; text before it can be dropped. */
    public int earliestNeeded() {
        return proseFrom;
    }

    /** Reads what {@code text[.., limit)} decides; with {@code atEnd}, decides everything. */
    public void run(CharSequence text, int limit, boolean atEnd) {
        if (response == null || response.text() != text) {
            response = new IndexedText(text);
        }
        IndexedText buf = response;
        int lim = limit;
        boolean end = atEnd;
        if (start != null) {
            String close = start.decide(buf, limit, atEnd, table);
            if (close == ReasoningStart.UNDECIDED) {
                // Read as prose, provisionally, up to where the two readings could part (see ReasoningStart).
                lim = start.provisionalLimit(buf, limit);
                end = false;
            } else {
                start = null;
                decided(close);
            }
        }
        while (true) {
            if (pending != null && pending.held != null) {
                if (start != null) {
                    break; // a decided candidate waits until the response's start is decided
                }
                Pending p = pending;
                found(buf, p, p.held, lim, p.heldLimit, p.heldCapped);
                continue;
            }
            if (pending != null) {
                if (!end && !due(buf, lim)) {
                    streamArguments(buf, lim);
                    break;
                }
                attempt(buf, lim, end);
                continue;
            }
            if (continuation != null) {
                buf.floor(pos);
                pending = new Pending(pos, continuation, true);
                continuation = null;
                continue;
            }
            if (pos >= lim || !scan(buf, lim, end)) {
                break;
            }
        }
        flush(buf, lim, end);
        if (end && reasoningClose != null && (heldFrom >= 0 || !mentioned.isEmpty())) {
            unclosed(buf, lim);
        }
    }

    /**
     * The response's start is decided: {@code close} is the closing marker of the reasoning it began in, or
     * {@code null}. The provisional prose reading stopped before anything the two readings could disagree on (no
     * call was emitted, only text and at most one call's start), so the reasoning reading takes over from where the
     * text shown ends, as the batch reading of the same text would be there.
     */
    private void decided(String close) {
        if (close != null) {
            if (pending != null) {
                pos = pending.pos;
                assert pos == proseFrom : "the provisional reading stops at its candidate";
                pending = null;
            }
            continuation = null;
            startedCount = 0;
            if (!cfg.searchReasoning) {
                skipUntil = 0; // a reasoning block is not searched: no candidate in it was rejected
                pythonicSkipUntil = 0;
            }
        }
        reasoningClose = close;
        sink.decidedStart(close != null);
    }

    /**
     * The response ended inside a reasoning block (never closed) holding calls. Those followed only by blanks ended
     * the block, as Ollama and LMDeploy read it: they run, marked {@link Repair#REASONING_NOT_CLOSED}, unless the
     * extractor was built not to run them ({@link Config#runUnclosedReasoning}): then each is reported and the block
     * stays reasoning. Calls more reasoning followed were mentioned while reasoning: each is reported, at the end
     * of the response where the block should have closed. None is dropped silently.
     */
    private void unclosed(CharSequence buf, int limit) {
        boolean run = cfg.runUnclosedReasoning;
        if (run && heldFrom >= 0) {
            reasoningClose = null; // the block ended where its calls begin: the blanks between them are text
        }
        for (Held h : held) {
            flushTo(buf, h.start());
            for (Finding f : h.findings()) {
                emit(buf, !f.isCall() ? f : run ? f.withRepair(Repair.REASONING_NOT_CLOSED)
                        : f.asError(ExtractionError.Kind.CALL_IN_REASONING, ErrorTexts.inReasoning(f.name)), -1);
            }
            proseFrom = h.end();
        }
        held.clear();
        heldFrom = -1;
        flushTo(buf, limit);
        for (Finding f : mentioned) {
            emit(buf, Finding.error(ExtractionError.Kind.CALL_IN_REASONING, ErrorTexts.inReasoning(f.name), f.name,
                    f.format, limit, limit), -1);
        }
        mentioned.clear();
    }

    // ------------------------------------------------------------------ scanning

    /** Scans prose from {@code pos}; true when it started a candidate or left a reasoning block. */
    private boolean scan(IndexedText buf, int limit, boolean atEnd) {
        boolean reasoning = reasoningClose != null;
        boolean answer = answerClose != null;
        boolean search = !answer && (!reasoning || cfg.searchReasoning);
        while (pos < limit) {
            if (!lineStart && heldFrom < 0) {
                // Fast path: nothing in [pos, next) can start a candidate, close reasoning or start a line.
                int next = buf.skipProse(table.proseStops, pos, limit);
                if (next > pos) {
                    prev = buf.charAt(next - 1);
                    pos = next;
                    if (pos >= limit) {
                        break;
                    }
                }
            }
            char c = buf.charAt(pos);
            if (answer && c == answerClose.charAt(0)) {
                int r = Chars.startsWith(buf, pos, limit, answerClose);
                if (r == Chars.FULL) {
                    flushTo(buf, pos);
                    answerClose = null;
                    return true; // the marker is read as markup, outside the message
                }
                if (r == Chars.PARTIAL && !atEnd) {
                    return false;
                }
            }
            if (reasoning && c == reasoningClose.charAt(0)) {
                int r = Chars.startsWith(buf, pos, limit, reasoningClose);
                if (r == Chars.FULL) {
                    dropHeld(); // the block closes: the calls in it were reasoning
                    flushTo(buf, pos);
                    int end = pos + reasoningClose.length();
                    sink.reasoning(buf, pos, end, false);
                    reasoningClose = null;
                    moveTo(buf, end);
                    return true;
                }
                if (r == Chars.PARTIAL && !atEnd) {
                    return false;
                }
            }
            if (reasoning && c == '<') {
                for (String ender : table.reasoningEndedBy) {
                    int r = Chars.startsWith(buf, pos, limit, ender);
                    if (r == Chars.FULL) {
                        dropHeld();
                        flushTo(buf, pos);
                        reasoningClose = null;
                        return true; // the marker is read as markup, outside the block
                    }
                    if (r == Chars.PARTIAL && !atEnd) {
                        return false;
                    }
                }
            }
            if (!search && !answer) {
                // inside reasoning, call markup is read (and held) so that a block never closed loses no call
                if (pos >= skipUntil && table.markers.startsMarker(c)) {
                    MarkerTable.Found f = table.markers.find(buf, pos, limit);
                    if (f.open() && !atEnd) {
                        return false;
                    }
                    if (opensCall(f)) {
                        buf.floor(pos);
                        pending = new Pending(pos, new Candidate(table,
                                new Recognizer.At(pos, pos, prev, lineStart, cfg), false), false);
                        return true;
                    }
                }
                if (heldFrom >= 0 && !Character.isWhitespace(c)) {
                    // more reasoning after calls: they were mentioned while reasoning
                    for (Held h : held) {
                        for (Finding it : h.findings()) {
                            if (it.isCall()) {
                                mentioned.add(it);
                            }
                        }
                    }
                    held.clear();
                    heldFrom = -1;
                }
            }
            if (search && pos >= skipUntil && isCandidate(buf, c, limit)) {
                buf.floor(pos);
                Recognizer.At at = new Recognizer.At(pos, pos, prev, lineStart, cfg);
                pending = new Pending(pos, new Candidate(table, at, pos >= pythonicSkipUntil), false);
                return true;
            }
            advance(c);
            pos++;
        }
        return false;
    }

    /** Whether a marker found opens call markup (not a reasoning marker). */
    private static boolean opensCall(MarkerTable.Found f) {
        for (MarkerTable.Entry e : f.entries()) {
            if (!(e.recognizer() instanceof Reasoning)) {
                return true;
            }
        }
        return false;
    }

    /** The reasoning block closes: the calls held or mentioned in it were reasoning. */
    private void dropHeld() {
        held.clear();
        heldFrom = -1;
        mentioned.clear();
    }

    /** Whether candidates are being read inside reasoning, to be held ({@link #held}) rather than emitted. */
    private boolean holding() {
        return reasoningClose != null && !cfg.searchReasoning;
    }

    private boolean isCandidate(CharSequence buf, char c, int limit) {
        // A marker's first character starts a candidate only where a marker can follow (or the text ends inside
        // one): "for" is not "functools", and a candidate with no marker and no other recognizer matches nothing.
        if (table.markers.startsMarker(c) && table.markers.mayStart(buf, pos, limit)) {
            return true;
        }
        if (pos == 0 && table.families.mayStartResponse(cfg, c)) {
            return true;
        }
        switch (c) {
            case '{':
                return cfg.on(WireFormat.EMBEDDED_JSON);
            case '[':
                return cfg.on(WireFormat.EMBEDDED_JSON)
                        || ((lineStart || !cfg.tools.isEmpty()) && cfg.on(WireFormat.PYTHONIC));
            case '`':
                return lineStart && (cfg.on(WireFormat.JSON_FENCE) || cfg.on(WireFormat.PYTHONIC));
            default:
                // A pythonic line needs a call head ("name(" or "a.b("): a line of prose is not a candidate.
                return lineStart && pos >= pythonicSkipUntil && cfg.on(WireFormat.PYTHONIC) && Chars.isIdentStart(c)
                        && PyHead.head(buf, pos, limit) != PyHead.HEAD_NOT;
        }
    }

    private void advance(char c) {
        if (c == '\n' || c == '\r') {
            lineStart = true;
        } else if (!Chars.isInlineBlank(c)) {
            lineStart = false;
        }
        prev = c;
    }

    /** Jumps to {@code end} after markup: the character before it sets the line state. */
    private void moveTo(CharSequence buf, int end) {
        char last = buf.charAt(end - 1);
        prev = last;
        lineStart = last == '\n' || last == '\r';
        pos = end;
        proseFrom = end;
    }

    // ------------------------------------------------------------------ candidates

    /** Reads a candidate may spend per character it spans before a hint alone no longer makes it due. */
    private static final int WORK_PER_CHAR = 16;
    /** Reads any candidate may spend regardless of its length (a short prefix decided character by character). */
    private static final int FREE_WORK = 1 << 16;

    /**
     * Whether the pending candidate is worth asking again: its hint fired while its work is within budget (or the
     * text it holds grew by an eighth since it was last asked), it is a started call whose arguments have not begun
     * and its work is within budget, or the text it holds has doubled. The budget is
     * what keeps a recognizer that re-reads its candidate from the start at every fired hint linear: once it has
     * read {@link #WORK_PER_CHAR} times the text it spans, it is asked again only at geometric growth.
     */
    private boolean due(CharSequence buf, int limit) {
        Pending p = pending;
        if (limit <= p.triedLimit) {
            return false;
        }
        if ((long) p.pos + cfg.candidateCap <= limit) {
            return true;
        }
        long held = (long) limit - p.pos;
        long before = (long) p.triedLimit - p.pos;
        if (p.tracker != null && p.tracker.fired(buf, limit)
                && (p.work <= WORK_PER_CHAR * held + FREE_WORK || held >= before + before / 8 + 1)) {
            return true;
        }
        if (p.started != null && p.started.argumentsFrom() < 0 && p.work <= WORK_PER_CHAR * held + FREE_WORK) {
            return true; // a started call whose arguments have not begun: asked again until they do, to stream them
        }
        return held >= 2 * before;
    }

    private void attempt(IndexedText buf, int limit, boolean atEnd) {
        Pending p = pending;
        long capEnd = (long) p.pos + cfg.candidateCap;
        boolean capped = capEnd <= limit;
        int lim = capped ? (int) capEnd : limit;
        boolean end = atEnd || capped;
        if (holding()) {
            // call markup inside reasoning ends where the block closes, at the latest
            int close = Chars.indexOf(buf, reasoningClose, p.pos, lim);
            if (close >= 0) {
                lim = close;
                end = true;
                capped = false;
            }
        }
        Verdict m;
        long readBefore = buf.reads;
        try {
            m = p.step.run(buf, lim, end);
        } catch (RuntimeException | StackOverflowError e) {
            assert false : "recognizer failed at " + p.pos + ": " + e;
            m = Verdict.NO_MATCH;
        }
        p.work += buf.reads - readBefore;
        if (m instanceof Verdict.NeedMore && end) {
            assert false : "recognizer asked for more text at the end, at " + p.pos;
            m = Verdict.NO_MATCH;
        }
        if (m instanceof Verdict.Found f && f.end() <= p.pos) {
            assert false : "empty match at " + p.pos;
            m = Verdict.NO_MATCH;
        }
        if (m instanceof Verdict.Found f && atEnd && !capped && lim == limit) {
            m = atTheEnd(buf, p, f, lim);
        }
        if (m instanceof Verdict.Found f && start != null) {
            p.held = f; // nothing is emitted before the response's start is decided
            p.heldLimit = lim;
            p.heldCapped = capped;
            streamFoundArguments(buf, p, f, limit);
        } else if (m instanceof Verdict.NeedMore more) {
            needMore(buf, p, more, limit);
        } else if (m instanceof Verdict.NotHere no) {
            pending = null;
            if (p.continuation) {
                pos = p.pos;
                return;
            }
            skipUntil = Math.max(skipUntil, no.skipTo());
            pythonicSkipUntil = Math.max(pythonicSkipUntil, no.pythonicSkipTo());
            advance(buf.charAt(p.pos));
            pos = p.pos + 1;
        } else {
            found(buf, p, (Verdict.Found) m, limit, lim, capped);
        }
    }

    /**
     * The one truncation rule, for every format (see {@link Ending}). It concerns the last call of a candidate that
     * the end of the text decided: its step, asked again with the same text as if more could follow, still needs more
     * (so a stream held it until the end). Such a call is cut off when the text was cut ({@link Ending#LENGTH}). It is
     * <em>open</em> when, besides, it would not stand were the text to go on with prose and end after it (its step,
     * asked with {@link #AFTER_THE_END} after the text, reads no such call: only the end of the text where it is made
     * it a call, as for a call whose closing tag never came after its last value); an open call runs only when the
     * text ended on purpose ({@link Ending#STOP}). A call followed by more than {@link #WENT_ON} characters of text is
     * one the model went on past, not one the end cut: it is not asked about, which also keeps the rule to the
     * candidates at the end (a batch run decides every candidate with the end in sight) and the work linear.
     */
    private Verdict.Found atTheEnd(IndexedText buf, Pending p, Verdict.Found f, int lim) {
        List<Finding> items = f.findings();
        int last = items.size() - 1;
        while (last >= 0 && items.get(last).kind == Extraction.Segment.Kind.REASONING) {
            last--;
        }
        if (last < 0 || !items.get(last).isCall() || ending == Ending.STOP || lim - f.end() > WENT_ON
                || !(p.step.run(buf, lim, false) instanceof Verdict.NeedMore)) {
            return f;
        }
        Finding call = items.get(last);
        boolean cut = ending == Ending.LENGTH;
        if (!cut) {
            IndexedText followed = new IndexedText(new Followed(buf.text(), lim, AFTER_THE_END));
            followed.floor(p.pos); // searched from the candidate on, as the text is (a stream holds no text before it)
            cut = !(p.step.run(followed, lim + AFTER_THE_END.length(), true) instanceof Verdict.Found g
                    && stands(call, g.findings(), last));
        }
        if (!cut) {
            return f;
        }
        List<Finding> out = new ArrayList<>(items);
        out.set(last, call.asError(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(call.name)));
        return new Verdict.Found(f.end(), out, f.next(), f.reasoningClose(), f.answerClose());
    }

    /**
     * The most characters of text after a call that the end may still have cut it in: longer than any closing marker
     * or partial marker a stream holds back (see {@link #atTheEnd}).
     */
    private static final int WENT_ON = 64;

    /** Whether {@code findings} read {@code call} at {@code index} again: the same tool and arguments. */
    private static boolean stands(Finding call, List<Finding> findings, int index) {
        if (index >= findings.size()) {
            return false;
        }
        Finding again = findings.get(index);
        return again.isCall() && again.name.equals(call.name) && again.arguments.equals(call.arguments);
    }

    /** What {@link #atTheEnd} puts after the text to ask whether a call stands: a sentence of prose. */
    private static final String AFTER_THE_END = "\n\nDone.\n";

    /** {@code text[0, length)} followed by {@code more}, read in place. */
    private record Followed(CharSequence text, int length, String more) implements CharSequence {
        @Override
        public int length() {
            return length + more.length();
        }

        @Override
        public char charAt(int i) {
            return i < length ? text.charAt(i) : more.charAt(i - length);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            if (end <= length) {
                return text.subSequence(start, end);
            }
            return new StringBuilder(end - start).append(this, start, end).toString();
        }

        @Override
        public String toString() {
            return subSequence(0, length()).toString();
        }
    }

    /** The candidate is undecided: keep its progress, watch for its retry condition, announce a started call. */
    private void needMore(CharSequence buf, Pending p, Verdict.NeedMore m, int limit) {
        if (m.resume() != null) {
            p.step = m.resume();
        }
        p.tracker = m.retry() == null ? null : m.retry().tracker();
        p.triedLimit = limit;
        Verdict.Started started = holding() ? null : m.started(); // a held call is not announced
        if (started != null && p.startedIndex >= 0 && p.started.argumentsFrom() < 0
                && started.argumentsFrom() >= 0) {
            p.start(started);
            p.argsEmitted = started.argumentsFrom();
            if (started.argumentsEnd() == null) {
                p.argsBalance = new BracketBalance(p.argsEmitted);
            }
        }
        // Past maxErrors no call is announced early: its error could not be reported (it is announced when
        // it completes instead), so every CallStarted is still followed by its call or its error.
        if (started != null && p.startedIndex < 0 && errors < cfg.limits.maxErrors()) {
            p.startedIndex = startedCount++;
            p.start(started);
            p.argsEmitted = started.argumentsFrom();
            if (started.argumentsEnd() == null && p.argsEmitted >= 0) {
                p.argsBalance = new BracketBalance(p.argsEmitted);
            }
            flushTo(buf, p.pos); // the prose before the call comes before its start
            sink.started(p.startedIndex, started.name());
        }
    }

    /** The candidate is decided: emit its findings and move on past them. */
    private void found(IndexedText buf, Pending p, Verdict.Found m, int limit, int lim, boolean capped) {
        flushTo(buf, p.pos);
        if (holding()) {
            pending = null;
            List<Finding> kept = new ArrayList<>();
            for (Finding it : capped ? capped(m.findings(), lim, cfg) : m.findings()) {
                if (it.kind != Extraction.Segment.Kind.REASONING) {
                    kept.add(it);
                }
            }
            held.add(new Held(kept, p.pos, m.end()));
            if (heldFrom < 0) {
                heldFrom = p.pos;
            }
            char last = buf.charAt(m.end() - 1);
            prev = last;
            lineStart = last == '\n' || last == '\r';
            pos = m.end();
            continuation = m.next();
            return;
        }
        List<Finding> findings = m.findings();
        streamFoundArguments(buf, p, m, limit);
        pending = null;
        if (capped) {
            findings = capped(findings, lim, cfg);
        }
        int startedIndex = p.startedIndex;
        for (Finding it : findings) {
            if (it.kind == Extraction.Segment.Kind.REASONING) {
                sink.reasoning(buf, it.start, it.end, false);
                continue;
            }
            emit(buf, it, startedIndex);
            startedIndex = -1;
        }
        moveTo(buf, m.end());
        continuation = m.next();
        if (m.reasoningClose() != null) {
            reasoningClose = m.reasoningClose();
        }
        if (m.answerClose() != null) {
            answerClose = m.answerClose();
        }
    }

    /** The rest of a started call's arguments, now that its candidate is decided. */
    private void streamFoundArguments(CharSequence buf, Pending p, Verdict.Found m, int limit) {
        List<Finding> findings = m.findings();
        if (p.started != null && !findings.isEmpty() && findings.get(0).isCall()) {
            streamArguments(buf, Math.min(limit, findings.get(0).end));
        }
    }

    /** A call cut off by the candidate cap is a limit error naming the limit that applied (the smaller one). */
    private static List<Finding> capped(List<Finding> items, int lim, Config cfg) {
        String limit = cfg.limits.maxBufferChars() < cfg.limits.maxPayloadChars() ? "maxBufferChars"
                : "maxPayloadChars";
        List<Finding> out = new ArrayList<>(items.size());
        for (Finding it : items) {
            if (it.isError() && it.errorKind == ExtractionError.Kind.TRUNCATED && it.end == lim) {
                out.add(it.asError(ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit(
                        "a call may span at most " + (lim - it.start) + " characters (" + limit + ")")));
            } else {
                out.add(it);
            }
        }
        return out;
    }

    private void emit(CharSequence buf, Finding it, int startedIndex) {
        Finding item = it;
        if (item.isCall()) {
            if (calls >= cfg.limits.maxCalls()) {
                item = item.asError(ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit(
                        "a response may hold at most " + cfg.limits.maxCalls() + " calls (maxCalls); this one was not read"));
            } else {
                calls++;
            }
        }
        if (item.isCall()) {
            int index = startedIndex;
            if (index < 0) {
                index = startedCount++;
                sink.started(index, item.name);
            }
            sink.item(buf, item, index);
            return;
        }
        int max = cfg.limits.maxErrors();
        if (errors > max) {
            sink.unreported(buf, item);
            return;
        }
        if (errors == max) {
            item = item.asError(ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit("a response may hold at most "
                    + max + " errors (maxErrors); the errors after this one are not reported and their text is not"
                    + " shown"));
        }
        errors++;
        sink.item(buf, item, startedIndex);
    }

    // ------------------------------------------------------------------ output

    private void flush(CharSequence buf, int limit, boolean atEnd) {
        int to = pending != null ? pending.pos : pos;
        if (!atEnd && to == limit && to > proseFrom && Character.isHighSurrogate(buf.charAt(to - 1))) {
            to--;
        }
        flushTo(buf, to);
    }

    private void flushTo(CharSequence buf, int toPos) {
        int to = heldFrom >= 0 ? Math.min(toPos, heldFrom) : toPos;
        if (to <= proseFrom) {
            return;
        }
        if (reasoningClose != null) {
            sink.reasoning(buf, proseFrom, to, true);
        } else {
            sink.text(buf, proseFrom, to);
        }
        proseFrom = to;
    }

    /** Streams the raw arguments of a started call up to what is certainly argument text. */
    private void streamArguments(CharSequence buf, int limit) {
        Pending p = pending;
        if (p.started == null || p.argsDone || p.argsEmitted < 0) {
            return;
        }
        while (!p.argsShown && p.argsEmitted < limit && Chars.isBlank(buf.charAt(p.argsEmitted))) {
            p.argsEmitted++; // the blanks between a key and its value are not argument text
        }
        int safe;
        String endMarker = p.started.argumentsEnd();
        if (endMarker != null) {
            int from = Math.max(p.started.argumentsFrom(), p.argsEmitted - endMarker.length() + 1);
            int idx = Chars.indexOf(buf, endMarker, from, limit);
            if (idx >= 0) {
                safe = idx;
                p.argsDone = true;
            } else {
                safe = limit - partialSuffix(buf, Math.max(p.argsEmitted, limit - endMarker.length()), limit, endMarker);
            }
        } else {
            int e = p.argsBalance.advance(buf, limit);
            if (e >= 0) {
                safe = e;
                p.argsDone = true;
            } else {
                safe = limit;
            }
            safe = beforeStops(buf, p, safe, limit);
        }
        if (!p.argsDone && safe > p.argsEmitted && Character.isHighSurrogate(buf.charAt(safe - 1))) {
            safe--;
        }
        if (safe > p.argsEmitted) {
            sink.arguments(p.startedIndex, buf.subSequence(p.argsEmitted, safe).toString());
            p.argsEmitted = safe;
            p.argsShown = true;
        }
    }

    /**
     * How far the arguments' text may be shown, up to {@code safe}, given the markup that ends it while its brackets
     * are still open ({@link Verdict.Started#argumentsStops()}): just before the first such marker (the arguments are
     * then done), else short of a suffix that may be one's start.
     */
    private static int beforeStops(CharSequence buf, Pending p, int safe, int limit) {
        String[] stops = p.stops;
        if (stops.length == 0) {
            return safe;
        }
        int from = Math.max(p.started.argumentsFrom(), p.argsEmitted - p.longestStop + 1);
        Chars.Found stop = from < safe ? Chars.firstOf(buf, from, safe, stops) : null;
        if (stop != null) {
            p.argsDone = true;
            return stop.at();
        }
        if (p.argsDone) {
            return safe;
        }
        int held = 0;
        for (String s : stops) {
            held = Math.max(held, partialSuffix(buf, Math.max(p.argsEmitted, limit - s.length()), limit, s));
        }
        return Math.min(safe, limit - held);
    }

    /** The length of the longest suffix of {@code buf[from, limit)} that is a proper prefix of {@code s}. */
    private static int partialSuffix(CharSequence buf, int from, int limit, String s) {
        for (int start = Math.max(from, limit - s.length() + 1); start < limit; start++) {
            if (Chars.startsWith(buf, start, limit, s) == Chars.PARTIAL) {
                return limit - start;
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ the candidate chain

    /**
     * The recognizers that may apply at a candidate, tried in order: markers found in the trie (longest first), then
     * JSON in prose, fences and pythonic lines. The first that does not answer NO_MATCH decides; while it needs more
     * text, the chain resumes with it. The skips of the recognizers that declined are combined.
     */
    private static final class Candidate implements Continuation {
        private final ScanTable table;
        private final Recognizer.At at;
        private final boolean pythonicAllowed;

        public Candidate(ScanTable table, Recognizer.At at, boolean pythonicAllowed) {
            this.table = table;
            this.at = at;
            this.pythonicAllowed = pythonicAllowed;
        }

        @Override
        public Verdict run(CharSequence buf, int limit, boolean atEnd) {
            MarkerTable.Found found = table.markers.find(buf, at.pos(), limit);
            if (found.open() && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            List<Recognizer> recs = new ArrayList<>(found.entries().size() + 2);
            List<Recognizer.At> ats = new ArrayList<>(found.entries().size() + 2);
            for (MarkerTable.Entry e : found.entries()) {
                recs.add(e.recognizer());
                ats.add(at.withMarkerEnd(at.pos() + e.marker().length()));
            }
            table.families.generic(at.cfg(), buf.charAt(at.pos()), at.pos() == 0, at.lineStart(), pythonicAllowed,
                    recs);
            while (ats.size() < recs.size()) {
                ats.add(at);
            }
            return new Chain(recs, ats, 0, null, -1, -1).run(buf, limit, atEnd);
        }
    }

    private record Chain(List<Recognizer> recs, List<Recognizer.At> ats, int index, Continuation current, int skip,
                         int pythonicSkip) implements Continuation {
        @Override
        public Verdict run(CharSequence buf, int limit, boolean atEnd) {
            int i = index;
            Continuation cur = current;
            int sk = skip;
            int py = pythonicSkip;
            while (i < recs.size()) {
                Verdict m = cur != null ? cur.run(buf, limit, atEnd) : recs.get(i).match(buf, ats.get(i), limit, atEnd);
                if (m instanceof Verdict.Found) {
                    return m;
                }
                if (m instanceof Verdict.NeedMore more) {
                    Continuation resume = more.resume() != null ? more.resume() : cur;
                    return Verdict.needMore(more.retry(), new Chain(recs, ats, i, resume, sk, py), more.started());
                }
                Verdict.NotHere no = (Verdict.NotHere) m;
                sk = Math.max(sk, no.skipTo());
                py = Math.max(py, no.pythonicSkipTo());
                i++;
                cur = null;
            }
            return Verdict.skips(sk, py);
        }
    }
}
