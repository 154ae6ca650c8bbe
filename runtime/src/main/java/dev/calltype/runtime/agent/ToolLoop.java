package dev.calltype.runtime.agent;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Drives one conversation between a model and a toolkit: sends the messages, reads the calls the
 * model makes, runs them, sends the results back, and repeats until the model answers without
 * calling a tool or the round limit is reached.
 *
 * <pre>{@code
 * ToolLoop loop = ToolLoop.builder(model, new WeatherServiceTools(weather))
 *         .mode(ToolLoop.Mode.PROMPT)
 *         .format(PromptFormat.XML_TAGS)
 *         .executor(executor)
 *         .build();
 * ToolLoop.Outcome outcome = loop.run("Do I need an umbrella in Paris tomorrow?");
 * System.out.println(outcome.answer());
 * }</pre>
 *
 * <h2>Modes</h2>
 * <ul>
 *   <li>{@link Mode#NATIVE}: the model is offered the toolkit's tools and answers with native tool
 *       calls; each result goes back as a {@link ChatMessage.Role#TOOL} message with the call's id.
 *       Native calls the caller could not read ({@link ModelReply#rejectedCalls()}) are answered
 *       with their failure message the same way.</li>
 *   <li>{@link Mode#PROMPT}: the system message holds the toolkit's
 *       {@link Toolkit#formatInstructions format instructions}; calls are extracted from the reply's
 *       text with the toolkit's extractor; the results go back as one user message
 *       ({@code Tool results:\n[get_weather] {...}}). When a call could not be read, the
 *       extraction's correction prompt goes back in the same message, and the model tries again.</li>
 * </ul>
 * When the toolkit's tools change between rounds (an MCP server announced new ones), the next round offers
 * the new tools and, in prompt mode, the system message carries the new format instructions.
 * A reply that carries native calls is handled as in native mode whatever the mode. In native mode
 * the text of a reply without native calls is the answer, unless
 * {@link Builder#textCallsInNativeMode(boolean)} is on: then calls written in the text are run
 * too (given ids, recorded on the assistant message as native calls), and a correction prompt goes
 * back as a user message.
 *
 * <h2>Failures</h2>
 * {@link #run} does not throw for anything the model or the tools do: a tool's failure is a
 * failure result sent to the model; a model that throws (or returns {@code null}) ends the run
 * with {@link Outcome#error()} set, and so does a reply that makes more calls than
 * {@link Builder#maxCallsPerReply} (none of them runs); reaching the round limit ends it with
 * {@link Outcome#maxRoundsReached()} set (the calls of the last round have run and their results
 * are in the transcript, but the model is not asked again). Exceptions thrown by the
 * {@link Listener} are the caller's and propagate.
 *
 * <h2>Which tool a call means</h2>
 * A call's name is read as {@link Toolkit#resolve} reads it ({@code deleteNote}, {@code DELETE-NOTE} and
 * {@code delete.note} all mean {@code delete_note}), and the loop decides on that tool: a call to a tool that
 * needs confirmation ({@link ToolSpec#confirm()}) goes to the {@link Approver} whatever spelling the model used,
 * and is declined when there is no approver. Each call of a reply is {@linkplain Toolkit#bind bound} to its tool
 * (and the toolkit that owns it) before any approval is asked, and runs through that binding, under the tool's own
 * name: when the toolkit's tools change before the call runs (an MCP server dropped or replaced the tool while an
 * earlier call ran), the call is not run and the model is told so, rather than run on whatever the name means by
 * then. A name that means no tool when the reply is read is answered as unknown, never looked up again.
 *
 * <h2>Order and threads</h2>
 * The calls of one reply run in the order the model wrote them, each after the previous one has finished. Running
 * calls concurrently is an explicit choice: with an {@link Builder#executor executor}, consecutive calls to tools
 * declared {@linkplain ToolSpec#readOnly() read-only} run concurrently on it; any other call still runs alone,
 * after everything written before it. Results keep the calls' order. The
 * {@link Approver} and the {@link Listener} are called on the thread that called {@link #run}.
 * One loop holds one conversation: {@code run} calls are serialized; {@link #transcript()} may be
 * read from any thread.
 */
public final class ToolLoop {

    /** How tools are offered to the model and how their results go back. */
    public enum Mode {
        /**
         * The tools go to the model's tool-calling field ({@link ModelRequest#tools()}); calls come back
         * as {@link ModelReply#toolCalls()} and each result goes back as a {@link ChatMessage.Role#TOOL} message.
         */
        NATIVE,
        /**
         * The system message teaches a text format ({@link Builder#format}); calls are read from the reply's text
         * and the results go back in one {@link ChatMessage.Role#USER} message. For models without a tool-calling
         * field.
         */
        PROMPT
    }

    /**
     * Decides whether a call to a tool that needs confirmation ({@link ToolSpec#confirm()}) may run: an
     * {@link dev.calltype.runtime.Approver}, kept under this name for the loop's builder and the adapters.
     */
    @FunctionalInterface
    public interface Approver extends dev.calltype.runtime.Approver {
        /**
         * Whether the call may run; an exception counts as a refusal.
         *
         * @param call the call, under the tool's own name
         * @param tool the tool it calls, as {@link Toolkit#bind} bound it: the tool that runs if this says yes
         * @return {@code true} to run the call; {@code false} sends the model a failure saying it was declined
         * @throws Exception any problem deciding; the call is then declined
         */
        @Override
        boolean approve(ToolCall call, ToolSpec tool) throws Exception;
    }

    /**
     * Follows a conversation as it happens, for display; every method does nothing by default. To show a reply as
     * it streams, implement {@link #onEvent}: visible text with call markup hidden, reasoning, and calls as they
     * form, in both modes. {@link #onTextDelta} is the raw text, markup included.
     */
    public interface Listener {
        /**
         * A piece of the model's raw text as it streams in, call markup included. For display use {@link #onEvent}
         * instead, which hides the markup.
         *
         * @param delta the next piece, as the model's {@link ModelClient#send} passed it
         */
        default void onTextDelta(String delta) {
        }

        /**
         * The reply as a person should see it, as it streams. In prompt mode (and in native mode with
         * {@link Builder#textCallsInNativeMode}) the raw text goes through a streaming extractor of the toolkit's:
         * {@link StreamEvent.TextDelta} is visible text (call markup and reasoning hidden; joined, it is the
         * {@link #onReply} text), {@link StreamEvent.ReasoningDelta} reasoning, {@link StreamEvent.CallStarted},
         * {@link StreamEvent.ArgumentsDelta}, {@link StreamEvent.CallCompleted} and {@link StreamEvent.Error} a call
         * written in the text as it forms, and {@link StreamEvent.TextWasReasoning} says that the text shown so far
         * was reasoning (see {@link StreamingExtractor}). In native mode the text is shown as it comes, and the
         * model's native tool calls arrive in the same events: {@link StreamEvent.CallStarted} with the call's id,
         * its {@link StreamEvent.ArgumentsDelta}s, then its {@link StreamEvent.CallCompleted} or, when it cannot
         * run, its {@link StreamEvent.Error}; reasoning the server sends apart is {@link StreamEvent.ReasoningDelta}.
         * Calls are numbered from 0 in each reply. What runs is decided on the whole reply ({@link #onCalls}).
         *
         * @param round the round, from 1
         * @param event the next event of the round's reply
         */
        default void onEvent(int round, StreamEvent event) {
        }

        /**
         * The model's reply as a person should see it: without call markup or reasoning.
         *
         * @param round the round, from 1
         * @param visibleText the reply's text as {@code Extraction.text()} gives it; {@code ""} when only calls
         */
        default void onReply(int round, String visibleText) {
        }

        /**
         * The calls read from a reply, before they run.
         *
         * @param round the round, from 1
         * @param calls the calls in the order they will run (and their results be sent)
         */
        default void onCalls(int round, List<ToolCall> calls) {
        }

        /**
         * One call's result, in call order, once all of the round's calls have run.
         *
         * @param round the round, from 1
         * @param call the call as dispatched
         * @param result what goes back to the model for it
         */
        default void onResult(int round, ToolCall call, ToolResult result) {
        }

        /**
         * Call attempts that could not be read, and the correction prompt sent back for them.
         *
         * @param round the round, from 1
         * @param errors the extraction errors of the reply, in text order
         * @param correctionPrompt the message sent to the model in answer
         */
        default void onCorrection(int round, List<ExtractionError> errors, String correctionPrompt) {
        }

        /**
         * The transcript at the end of a round.
         *
         * @param round the round that ended, from 1
         * @param transcript the whole conversation so far, immutable
         */
        default void onRoundEnd(int round, List<ChatMessage> transcript) {
        }

        /**
         * A run starts: the user's message was added to the conversation.
         *
         * @param userMessage the message {@link #run} was given
         */
        default void onRunStart(String userMessage) {
        }

        /**
         * A round starts: the model is about to be asked.
         *
         * @param round the round, from 1
         * @param requestModel the model the request asks for ({@link ModelClient#modelName()}), or {@code null} when
         *     the client does not say
         */
        default void onRoundStart(int round, String requestModel) {
        }

        /**
         * The model's whole reply arrived, before its calls are read or run; its {@link ModelReply#metadata()} holds
         * the finish reason, usage and model the client reported, and the timings (the loop's own when the client
         * gave none).
         *
         * @param round the round, from 1
         * @param reply the reply
         */
        default void onModelReply(int round, ModelReply reply) {
        }

        /**
         * The model failed in this round (threw, was interrupted, or returned nothing); the run ends.
         *
         * @param round the round, from 1
         * @param error the run's {@link Outcome#error()}
         * @param cause what the model threw, or {@code null} when it returned nothing
         */
        default void onModelFailed(int round, String error, Throwable cause) {
        }

        /**
         * A call is about to run (or to be answered without running: an unknown tool, a declined call, a native call
         * that could not be read). Calls start and end in the order written, each start before its end; calls that
         * run concurrently all start before the first of them ends.
         *
         * @param round the round, from 1
         * @param call the call as dispatched: under the tool's own name, with its id and arguments
         */
        default void onCallStart(int round, ToolCall call) {
        }

        /**
         * A call is over, before the round's other results are sent: its result (a tool's exception kept in
         * {@link CallReport#exception()}), outcome and duration.
         *
         * @param report the call's report
         */
        default void onCallEnd(CallReport report) {
        }

        /**
         * A round is over: its reply's usage and finish reason, each call's report, the round's time; also when the
         * model failed (then with its error). Comes before {@link #onRoundEnd(int, List)}.
         *
         * @param report the round's report
         */
        default void onRoundComplete(RoundReport report) {
        }

        /**
         * A run is over, however it ended.
         *
         * @param outcome what {@link #run} returns
         */
        default void onRunEnd(Outcome outcome) {
        }
    }

    /**
     * How a {@link #run} ended.
     *
     * @param answer the model's last reply as a person should see it ({@code ""} when none)
     * @param rounds how many times the model was asked
     * @param maxRoundsReached whether the model still wanted to call tools when the limit was reached
     * @param transcript the whole conversation, this run included
     * @param error why the run stopped early (the model failed), or {@code null}
     * @param roundReports each round of this run: the reply's finish reason, usage and timings, each call's report
     *     (a tool's exception included)
     */
    public record Outcome(String answer, int rounds, boolean maxRoundsReached, List<ChatMessage> transcript,
                          String error, List<RoundReport> roundReports) {
        /**
         * Checks and copies the components.
         *
         * @param answer the model's last reply as a person should see it ({@code ""} when none)
         * @param rounds how many times the model was asked
         * @param maxRoundsReached whether the model still wanted to call tools when the limit was reached
         * @param transcript the whole conversation, this run included
         * @param error why the run stopped early (the model failed), or {@code null}
         * @param roundReports each round of this run; {@code null} for none
         * @throws NullPointerException when {@code answer} or {@code transcript} is {@code null}
         */
        public Outcome {
            Objects.requireNonNull(answer, "answer");
            transcript = List.copyOf(transcript);
            roundReports = roundReports == null ? List.of() : List.copyOf(roundReports);
        }

        /**
         * An outcome without round reports.
         *
         * @param answer the model's last reply as a person should see it ({@code ""} when none)
         * @param rounds how many times the model was asked
         * @param maxRoundsReached whether the model still wanted to call tools when the limit was reached
         * @param transcript the whole conversation, this run included
         * @param error why the run stopped early (the model failed), or {@code null}
         * @throws NullPointerException when {@code answer} or {@code transcript} is {@code null}
         */
        public Outcome(String answer, int rounds, boolean maxRoundsReached, List<ChatMessage> transcript,
                       String error) {
            this(answer, rounds, maxRoundsReached, transcript, error, List.of());
        }

        /**
         * Whether the model gave a final answer: no error, limit not reached.
         *
         * @return {@code true} when {@link #answer()} is the model's final answer
         */
        public boolean completed() {
            return error == null && !maxRoundsReached;
        }

        /**
         * The tokens of every reply of this run that reported usage.
         *
         * @return the sum; {@link TokenUsage#ZERO} when no reply reported usage
         */
        public TokenUsage usage() {
            TokenUsage sum = TokenUsage.ZERO;
            for (RoundReport r : roundReports) {
                sum = sum.plus(r.usage());
            }
            return sum;
        }

        /**
         * Every call of this run, in the order the rounds ran them.
         *
         * @return the calls' reports
         */
        public List<CallReport> calls() {
            List<CallReport> all = new ArrayList<>();
            for (RoundReport r : roundReports) {
                all.addAll(r.calls());
            }
            return List.copyOf(all);
        }
    }

    /** The round limit when none is set. */
    public static final int DEFAULT_MAX_ROUNDS = 8;

    /**
     * The most calls one reply may make when no other limit is set, here and in the LangChain4j and Spring AI
     * decorators: a reply that makes more runs none of them.
     */
    public static final int DEFAULT_MAX_CALLS_PER_REPLY = 100;

    private static final Listener SILENT = new Listener() {
    };

    private final ModelClient model;
    private final Toolkit toolkit;
    private final Mode mode;
    private final int maxRounds;
    private final int maxCallsPerReply;
    private final CallRunner runner;
    private final Listener listener;
    private final boolean textCallsInNativeMode;
    /** The tools offered in native mode (the first of each name), made when the toolkit's list changes. */
    private List<ToolSpec> offered;
    private final List<ChatMessage> messages = new ArrayList<>();
    private final String systemPrompt;
    private final PromptFormat format;
    /** Where the system message that holds the format instructions is, or -1 when there is none. */
    private final int instructionsAt;
    /** The toolkit's tool list the offered tools, instructions and extractor were made from. */
    private List<ToolSpec> toolsSeen;
    private ToolCallExtractor extractor;
    private volatile List<ChatMessage> snapshot;

    private ToolLoop(Builder b) {
        this.model = b.model;
        this.toolkit = b.toolkit;
        this.mode = b.mode;
        this.maxRounds = b.maxRounds;
        this.maxCallsPerReply = b.maxCallsPerReply;
        this.runner = new CallRunner(toolkit, b.executor, b.approver);
        this.listener = b.listener;
        this.textCallsInNativeMode = b.textCallsInNativeMode;
        this.systemPrompt = b.systemPrompt;
        this.format = b.format;
        this.toolsSeen = toolkit.tools();
        offer(toolsSeen);
        String system = systemMessage();
        this.instructionsAt = mode == Mode.PROMPT && !system.isEmpty() ? 0 : -1;
        if (!system.isEmpty()) {
            messages.add(ChatMessage.system(system));
        }
        messages.addAll(b.history);
        this.snapshot = List.copyOf(messages);
    }

    private void offer(List<ToolSpec> list) {
        Map<String, ToolSpec> byName = new LinkedHashMap<>();
        for (ToolSpec tool : list) {
            byName.putIfAbsent(tool.name(), tool);
        }
        offered = List.copyOf(byName.values());
    }

    /** The system message: the caller's system prompt, and in prompt mode the format instructions after it. */
    private String systemMessage() {
        String system = systemPrompt == null ? "" : systemPrompt;
        if (mode == Mode.PROMPT) {
            String instructions = toolkit.formatInstructions(format);
            system = system.isEmpty() ? instructions : system + "\n\n" + instructions;
        }
        return system;
    }

    /**
     * Follows a toolkit whose tools change while the loop runs (an MCP server's tool list, a combined toolkit over
     * one): when {@link Toolkit#tools()} is no longer the list the loop last saw, the tools offered, the extractor
     * and, in prompt mode, the format instructions in the system message are made anew before the next round.
     */
    private void followToolChanges() {
        List<ToolSpec> now = toolkit.tools();
        if (now == toolsSeen) {
            return;
        }
        toolsSeen = now;
        offer(now);
        extractor = null;
        if (instructionsAt >= 0) {
            messages.set(instructionsAt, ChatMessage.system(systemMessage()));
            publish();
        }
    }

    /**
     * Starts a loop over a model and a toolkit.
     *
     * @param model the model to ask
     * @param toolkit the tools the model may call; a toolkit whose tools change is followed between rounds
     * @return a builder with the defaults: native mode, {@link PromptFormat#XML_TAGS} for prompt mode,
     *     {@value #DEFAULT_MAX_ROUNDS} rounds, calls run one after another, no approver, no listener
     * @throws NullPointerException when {@code model} or {@code toolkit} is {@code null}
     */
    public static Builder builder(ModelClient model, Toolkit toolkit) {
        return new Builder(model, toolkit);
    }

    /**
     * The conversation so far (a snapshot, updated at the end of every round).
     *
     * @return the messages, oldest first, immutable; safe to read from any thread
     */
    public List<ChatMessage> transcript() {
        return snapshot;
    }

    /**
     * Sends a user message and runs rounds until the model answers without calling a tool, the
     * round limit is reached, or the model fails. Never throws for what the model or the tools do.
     *
     * @param userMessage the user's message, appended to the conversation
     * @return how the run ended, with the answer and the transcript
     */
    public synchronized Outcome run(String userMessage) {
        Objects.requireNonNull(userMessage, "userMessage");
        messages.add(ChatMessage.user(userMessage));
        publish();
        listener.onRunStart(userMessage);
        Outcome outcome = rounds();
        listener.onRunEnd(outcome);
        return outcome;
    }

    private Outcome rounds() {
        String visible = "";
        List<RoundReport> reports = new ArrayList<>();
        for (int round = 1; round <= maxRounds; round++) {
            followToolChanges();
            Instant started = Instant.now();
            long t0 = System.nanoTime();
            listener.onRoundStart(round, requestModel());
            ModelReply reply;
            Shown shown = new Shown(round, t0);
            try {
                reply = model.send(ModelRequest.of(snapshot, mode == Mode.NATIVE ? offered : List.of()), shown);
                if (reply != null) {
                    shown.finish(Ending.of(reply.metadata().finishReason()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return modelFailed(visible, round, "interrupted while waiting for the model", e, reports, started, t0);
            } catch (Exception | StackOverflowError | AssertionError | LinkageError e) {
                return modelFailed(visible, round, "the model failed: " + message(e), e, reports, started, t0);
            }
            if (reply == null) {
                return modelFailed(visible, round, "the model returned no reply", null, reports, started, t0);
            }
            Duration took = since(t0);
            // a reply that did not stream reached the loop whole: its first piece came with the rest
            Duration first = shown.firstPiece();
            reply = reply.withMetadata(reply.metadata().withTimingsIfAbsent(first != null ? first : took, took));
            listener.onModelReply(round, reply);
            Turn turn;
            try {
                turn = read(reply, round, shown);
            } catch (RuntimeException e) {
                messages.add(ChatMessage.assistant(reply.text()));
                publish();
                reports.add(new RoundReport(round, reply, List.of(), started, since(t0), e));
                listener.onRoundComplete(reports.get(reports.size() - 1));
                return new Outcome(visible, round, false, snapshot, "the reply could not be read: " + message(e),
                        reports);
            }
            visible = turn.visible;
            int made = turn.calls.size() + turn.rejected.size();
            if (made > maxCallsPerReply) {
                // nothing of such a reply runs, and it is not answered call by call
                messages.add(ChatMessage.assistant(turn.visible));
                publish();
                reports.add(new RoundReport(round, reply, List.of(), started, since(t0), null));
                listener.onRoundComplete(reports.get(reports.size() - 1));
                return new Outcome(visible, round, false, snapshot, tooManyCalls(made, maxCallsPerReply), reports);
            }
            messages.add(turn.assistant);
            listener.onReply(round, visible);
            if (turn.calls.isEmpty() && turn.rejected.isEmpty() && turn.correction == null) {
                publish();
                endRound(round, reply, List.of(), reports, started, t0);
                return new Outcome(visible, round, false, snapshot, null, reports);
            }
            if (!turn.calls.isEmpty()) {
                listener.onCalls(round, turn.calls);
            }
            List<CallReport> calls;
            int r = round;
            try {
                calls = new ArrayList<>(runner.run(round, turn.calls, new CallRunner.Events() {
                    @Override
                    public void started(ToolCall call) {
                        listener.onCallStart(r, call);
                    }

                    @Override
                    public void ended(CallReport report) {
                        listener.onCallEnd(report);
                    }
                }));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                publish();
                reports.add(new RoundReport(round, reply, List.of(), started, since(t0), e));
                listener.onRoundComplete(reports.get(reports.size() - 1));
                return new Outcome(visible, round, false, snapshot, "interrupted while the tools ran", reports);
            }
            List<ToolResult> results = new ArrayList<>(calls.size());
            for (CallReport c : calls) {
                results.add(c.result());
            }
            for (int i = 0; i < turn.rejected.size(); i++) {
                ToolCall call = turn.rejectedAsCalls.get(i);
                listener.onCallStart(round, call);
                CallReport report = new CallReport(round, call, turn.rejected.get(i), CallReport.CallOutcome.FAILED,
                        Instant.now(), Duration.ZERO);
                listener.onCallEnd(report);
                calls.add(report);
            }
            for (int i = 0; i < results.size(); i++) {
                listener.onResult(round, turn.calls.get(i), results.get(i));
            }
            for (int i = 0; i < turn.rejected.size(); i++) {
                listener.onResult(round, turn.rejectedAsCalls.get(i), turn.rejected.get(i));
            }
            if (turn.correction != null) {
                listener.onCorrection(round, turn.errors, turn.correction);
            }
            answer(turn, results);
            publish();
            endRound(round, reply, calls, reports, started, t0);
        }
        return new Outcome(visible, maxRounds, true, snapshot, null, reports);
    }

    /** Reports a round that ran to its end: its report, then the transcript. */
    private void endRound(int round, ModelReply reply, List<CallReport> calls, List<RoundReport> reports,
                          Instant started, long t0) {
        RoundReport report = new RoundReport(round, reply, calls, started, since(t0), null);
        reports.add(report);
        listener.onRoundComplete(report);
        listener.onRoundEnd(round, snapshot);
    }

    /** The model's name as its client gives it; a client that fails to say names none. */
    private String requestModel() {
        try {
            return model.modelName();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Duration since(long t0) {
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /**
     * Passes one reply to the {@link Listener} as it streams: the raw text as it is, and as a person should see it
     * (through a streaming extractor when the loop reads calls from the text), and the client's own events.
     */
    private final class Shown implements ReplyListener {
        private final int round;
        private final StreamingExtractor reader;
        /** The raw text fed to {@link #reader}, and the text it showed: the reply read once, as it streamed. */
        private final StringBuilder raw = new StringBuilder();
        private final StringBuilder visible = new StringBuilder();
        private final long t0;
        private long first = -1;

        Shown(int round, long t0) {
            this.round = round;
            this.t0 = t0;
            this.reader = listener != SILENT && (mode == Mode.PROMPT || textCallsInNativeMode)
                    ? extractor().streaming() : null;
        }

        /** The time from asking the model to its first piece of text or event, or {@code null} when none came. */
        Duration firstPiece() {
            return first < 0 ? null : Duration.ofNanos(first - t0);
        }

        private void arrived() {
            if (first < 0) {
                first = System.nanoTime();
            }
        }

        @Override
        public void onRawText(String delta) {
            if (!delta.isEmpty()) {
                arrived();
            }
            listener.onTextDelta(delta);
            if (delta.isEmpty() || listener == SILENT) {
                return;
            }
            if (reader == null) {
                listener.onEvent(round, new StreamEvent.TextDelta(delta));
                return;
            }
            raw.append(delta);
            show(reader.feed(delta));
        }

        private void show(List<StreamEvent> events) {
            for (StreamEvent e : events) {
                if (e instanceof StreamEvent.TextDelta t) {
                    visible.append(t.text());
                } else if (e instanceof StreamEvent.TextWasReasoning) {
                    visible.setLength(0);  // the text shown so far was the reasoning of a headless </think>
                }
                listener.onEvent(round, e);
            }
        }

        @Override
        public void onEvent(StreamEvent event) {
            arrived();
            listener.onEvent(round, event);
        }

        /** The reply is complete and ended as {@code ending} says: what the extractor still held. */
        void finish(Ending ending) {
            if (reader != null) {
                show(reader.finish(ending));
            }
        }

        /**
         * Whether the streaming reader read exactly {@code text} (the client streamed the reply's text as it is):
         * then its calls, errors and visible text are the reply's, and the text is not read again.
         */
        boolean read(String text) {
            return reader != null && reader.isFinished() && text.contentEquals(raw);
        }
    }

    private ToolCallExtractor extractor() {
        if (extractor == null) {
            extractor = toolkit.extractor();
        }
        return extractor;
    }

    /** What one reply amounts to. */
    private static final class Turn {
        ChatMessage assistant;
        String visible;
        List<ToolCall> calls = List.of();
        List<ToolResult> rejected = List.of();
        List<ToolCall> rejectedAsCalls = List.of();
        List<ExtractionError> errors = List.of();
        String correction;
        boolean nativeAnswers;
    }

    private Turn read(ModelReply reply, int round, Shown shown) {
        Turn turn = new Turn();
        Ending ending = Ending.of(reply.metadata().finishReason());
        if (!reply.toolCalls().isEmpty() || !reply.rejectedCalls().isEmpty()) {
            turn.nativeAnswers = true;
            List<ToolCall> calls = withIds(reply.toolCalls(), round, 0);
            List<ToolResult> rejected = new ArrayList<>();
            List<ToolCall> stand = new ArrayList<>();
            int n = calls.size();
            if (ending == Ending.LENGTH && !calls.isEmpty()) {
                cutOff(calls, rejected, stand);
            }
            for (ToolResult r : reply.rejectedCalls()) {
                String id = r.callId() != null ? r.callId() : syntheticId(round, n);
                String name = r.toolName() == null ? "" : r.toolName();
                rejected.add(ToolResult.failure(r.toolName(), id, r.content()));
                stand.add(ToolCall.of(name, JsonNodeFactory.instance.objectNode()).withId(id));
                n++;
            }
            turn.calls = calls;
            turn.rejected = rejected;
            turn.rejectedAsCalls = stand;
            List<ToolCall> carried = new ArrayList<>(turn.calls);
            carried.addAll(stand);
            turn.assistant = ChatMessage.assistant(reply.text(), carried);
            turn.visible = reply.text();
            return turn;
        }
        boolean readText = mode == Mode.PROMPT || textCallsInNativeMode;
        if (!readText || reply.text().isEmpty()) {
            turn.assistant = ChatMessage.assistant(reply.text());
            turn.visible = reply.text();
            return turn;
        }
        // read once: by the streaming reader that showed it, or here when nothing streamed it as it is
        List<ToolCall> found;
        if (shown.read(reply.text())) {
            found = shown.reader.calls();
            turn.errors = shown.reader.errors();
            turn.visible = shown.visible.toString();
            turn.correction = shown.reader.correctionPrompt().orElse(null);
        } else {
            Extraction extraction = extractor().extract(reply.text(), ending);
            found = extraction.calls();
            turn.errors = extraction.errors();
            turn.visible = extraction.text();
            turn.correction = extraction.hasErrors() ? extraction.correctionPrompt().orElse(null) : null;
        }
        List<ToolCall> calls = mode == Mode.NATIVE ? withIds(found, round, 0) : found;
        if (ending == Ending.LENGTH && !calls.isEmpty()) {
            List<ToolResult> rejected = new ArrayList<>(1);
            List<ToolCall> stand = new ArrayList<>(1);
            calls = new ArrayList<>(calls);
            cutOff(calls, rejected, stand);
            turn.rejected = rejected;
            turn.rejectedAsCalls = stand;
        }
        turn.calls = calls;
        if (mode == Mode.NATIVE && !found.isEmpty()) {
            turn.nativeAnswers = true;
            List<ToolCall> carried = new ArrayList<>(turn.calls);
            carried.addAll(turn.rejectedAsCalls);
            turn.assistant = ChatMessage.assistant(turn.visible, carried);
        } else {
            turn.assistant = ChatMessage.assistant(reply.text());
        }
        return turn;
    }

    /** Moves the last of {@code calls} to the rejected ones: the reply was cut at the token limit ({@link CutOff}). */
    private static void cutOff(List<ToolCall> calls, List<ToolResult> rejected, List<ToolCall> stand) {
        ToolCall last = calls.remove(calls.size() - 1);
        rejected.add(ToolResult.failure(last.name(), last.id(), CutOff.message(last.name())));
        stand.add(last);
    }

    private static List<ToolCall> withIds(List<ToolCall> calls, int round, int first) {
        List<ToolCall> out = new ArrayList<>(calls.size());
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            out.add(call.id() != null ? call : call.withId(syntheticId(round, first + i)));
        }
        return out;
    }

    private static String syntheticId(int round, int index) {
        return "call_" + round + "_" + (index + 1);
    }

    /** Appends the messages that give the round's results (and any correction) to the model. */
    private void answer(Turn turn, List<ToolResult> results) {
        if (turn.nativeAnswers) {
            for (int i = 0; i < results.size(); i++) {
                ToolCall call = turn.calls.get(i);
                messages.add(ChatMessage.tool(call.id(), call.name(), results.get(i).content(),
                        results.get(i).isError()));
            }
            for (ToolResult r : turn.rejected) {
                messages.add(ChatMessage.tool(r.callId(), r.toolName(), r.content(), true));
            }
            if (turn.correction != null) {
                messages.add(ChatMessage.user(turn.correction));
            }
            return;
        }
        StringBuilder text = new StringBuilder();
        if (!results.isEmpty()) {
            text.append("Tool results:");
            for (int i = 0; i < results.size(); i++) {
                ToolResult r = results.get(i);
                text.append("\n[").append(turn.calls.get(i).name()).append("] ")
                        .append(r.isError() ? "error: " : "").append(r.content());
            }
        }
        for (ToolResult r : turn.rejected) {
            text.append(text.length() == 0 ? "Tool results:" : "").append("\n[").append(r.toolName())
                    .append("] error: ").append(r.content());
        }
        if (turn.correction != null) {
            text.append(text.length() == 0 ? "" : "\n\n").append(turn.correction);
        }
        messages.add(ChatMessage.user(text.toString()));
    }

    /** Why a reply that made more calls than the limit was not run: one wording for every loop that counts them. */
    static String tooManyCalls(int made, int limit) {
        return "the model made " + made + " tool calls in one reply, more than the limit of " + limit
                + " (maxCallsPerReply); none of them ran";
    }

    /** Ends a run whose model failed in this round: the listener hears of it, and of the round's end. */
    private Outcome modelFailed(String visible, int round, String error, Throwable cause, List<RoundReport> reports,
                                Instant started, long t0) {
        publish();
        RoundReport report = new RoundReport(round, null, List.of(), started, since(t0), cause);
        reports.add(report);
        listener.onModelFailed(round, error, cause);
        listener.onRoundComplete(report);
        return new Outcome(visible, round, false, snapshot, error, reports);
    }

    private void publish() {
        snapshot = List.copyOf(messages);
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    /** Configures a {@link ToolLoop}. */
    public static final class Builder {
        private final ModelClient model;
        private final Toolkit toolkit;
        private Mode mode = Mode.NATIVE;
        private PromptFormat format = PromptFormat.XML_TAGS;
        private int maxRounds = DEFAULT_MAX_ROUNDS;
        private int maxCallsPerReply = DEFAULT_MAX_CALLS_PER_REPLY;
        private Executor executor;
        private dev.calltype.runtime.Approver approver;
        private Listener listener = SILENT;
        private String systemPrompt;
        private boolean textCallsInNativeMode;
        private final List<ChatMessage> history = new ArrayList<>();

        private Builder(ModelClient model, Toolkit toolkit) {
            this.model = Objects.requireNonNull(model, "model");
            this.toolkit = Objects.requireNonNull(toolkit, "toolkit");
        }

        /**
         * Native tool calls (the default) or calls written in the text.
         *
         * @param mode how tools are offered and calls read
         * @return this builder
         */
        public Builder mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * The text format taught in prompt mode (default {@link PromptFormat#XML_TAGS}).
         *
         * @param format the format the system message teaches; calls in every format are read regardless
         * @return this builder
         */
        public Builder format(PromptFormat format) {
            this.format = Objects.requireNonNull(format, "format");
            return this;
        }

        /**
         * How many times the model may be asked per {@link #run} (default {@value ToolLoop#DEFAULT_MAX_ROUNDS}).
         *
         * @param maxRounds the limit, at least 1
         * @return this builder
         * @throws IllegalArgumentException when {@code maxRounds} is below 1
         */
        public Builder maxRounds(int maxRounds) {
            if (maxRounds < 1) {
                throw new IllegalArgumentException("maxRounds must be at least 1, got " + maxRounds);
            }
            this.maxRounds = maxRounds;
            return this;
        }

        /**
         * How many calls one reply may make (default {@value ToolLoop#DEFAULT_MAX_CALLS_PER_REPLY}), native calls
         * and rejected ones counted, or calls written in the text: a reply that makes more runs none of them and ends
         * the run with {@link Outcome#error()} saying so.
         *
         * @param maxCallsPerReply the limit, at least 1
         * @return this builder
         * @throws IllegalArgumentException when {@code maxCallsPerReply} is below 1
         */
        public Builder maxCallsPerReply(int maxCallsPerReply) {
            if (maxCallsPerReply < 1) {
                throw new IllegalArgumentException("maxCallsPerReply must be at least 1, got " + maxCallsPerReply);
            }
            this.maxCallsPerReply = maxCallsPerReply;
            return this;
        }

        /**
         * Lets consecutive calls to {@linkplain ToolSpec#readOnly() read-only} tools run concurrently on this
         * executor. Every other call runs alone, in the order the model wrote it. Default: none, every call runs
         * on the calling thread, one after another.
         *
         * @param executor where read-only calls run; {@code null} for none
         * @return this builder
         */
        public Builder executor(Executor executor) {
            this.executor = executor;
            return this;
        }

        /**
         * Asked before each call to a tool that needs confirmation. Without one, such calls are
         * declined.
         *
         * @param approver decides on each such call, on the thread that called {@link #run}; {@code null} for none
         * @return this builder
         */
        public Builder approver(dev.calltype.runtime.Approver approver) {
            this.approver = approver;
            return this;
        }

        /**
         * Told about each round as it happens.
         *
         * @param listener called on the thread that called {@link #run}; {@code null} for none
         * @return this builder
         */
        public Builder listener(Listener listener) {
            this.listener = listener == null ? SILENT : listener;
            return this;
        }

        /**
         * A system prompt of the caller's; in prompt mode the format instructions follow it.
         *
         * @param systemPrompt the prompt; {@code null} for none
         * @return this builder
         */
        public Builder systemPrompt(String systemPrompt) {
            this.systemPrompt = systemPrompt;
            return this;
        }

        /**
         * In native mode, also read calls a model wrote in its text when it sent no native ones.
         *
         * @param on {@code true} to read text calls too (default {@code false})
         * @return this builder
         */
        public Builder textCallsInNativeMode(boolean on) {
            this.textCallsInNativeMode = on;
            return this;
        }

        /**
         * Earlier messages to continue from (after the system message).
         *
         * @param earlier the messages, oldest first, added after any given before
         * @return this builder
         */
        public Builder history(List<ChatMessage> earlier) {
            this.history.addAll(earlier);
            return this;
        }

        /**
         * A loop with these settings, its conversation holding the system message and the history.
         *
         * @return a new loop
         */
        public ToolLoop build() {
            return new ToolLoop(this);
        }
    }
}
