package dev.calltype.observability;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.CallReport;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.RoundReport;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.agent.ToolLoop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A {@link ToolLoop.Listener} that records what a loop does as telemetry, named after the OpenTelemetry GenAI
 * semantic conventions ({@link GenAi}): a run is an {@code invoke_agent} operation, each model round a {@code chat}
 * operation and each call an {@code execute_tool} operation, both children of the run; tokens, time to first token,
 * repairs and refusals are metrics. Made by {@link MicrometerTelemetry#loop} or {@link OtelTelemetry#loop}; give it
 * to {@link ToolLoop.Builder#listener} (with {@link #andThen} for a listener of your own too).
 *
 * <p>One instance may serve any number of loops on any threads: each run's state belongs to the thread that runs it.
 * A run's operation is current on that thread while it runs, so what the tools do (HTTP clients, JDBC, an inner
 * loop) nests under it; a call's operation is not made current (calls may run concurrently), and calls run
 * concurrently start when the first of them starts and end when each is reported (see
 * {@link ToolLoop.Listener#onCallStart}).
 */
public final class LoopTelemetry implements ToolLoop.Listener {

    private final Backend backend;
    private final ThreadLocal<Run> runs = new ThreadLocal<>();

    /** One run on one thread: its operation, the round's chat, the calls under way; runs nest (a tool's loop). */
    private static final class Run {
        final Run outer;
        final Backend.Operation operation;
        String requestModel;
        Backend.Operation chat;
        final List<Backend.Operation> calls = new ArrayList<>();

        Run(Run outer, Backend.Operation operation) {
            this.outer = outer;
            this.operation = operation;
        }
    }

    LoopTelemetry(Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * This listener, then {@code other}, for every event.
     *
     * @param other a listener of the caller's (display, logging)
     * @return a listener that tells both, this one first
     */
    public ToolLoop.Listener andThen(ToolLoop.Listener other) {
        return new BothListeners(this, Objects.requireNonNull(other, "other"));
    }

    @Override
    public void onRunStart(String userMessage) {
        Backend.Operation op = backend.start(null, GenAi.LOOP_METRIC, GenAi.INVOKE_AGENT, Backend.Kind.INTERNAL, true);
        op.low(GenAi.OPERATION_NAME, GenAi.INVOKE_AGENT);
        runs.set(new Run(runs.get(), op));
    }

    @Override
    public void onRoundStart(int round, String requestModel) {
        Run run = runs.get();
        if (run == null) {
            return;
        }
        run.requestModel = requestModel;
        Backend.Operation chat = backend.start(run.operation, GenAi.CHAT_METRIC,
                requestModel == null ? GenAi.CHAT : GenAi.CHAT + " " + requestModel, Backend.Kind.CLIENT, false);
        chat.low(GenAi.OPERATION_NAME, GenAi.CHAT);
        chat.low(GenAi.REQUEST_MODEL, requestModel);
        chat.high(GenAi.LOOP_ROUND, Integer.toString(round));
        run.chat = chat;
    }

    @Override
    public void onModelReply(int round, ModelReply reply) {
        Run run = runs.get();
        if (run == null || run.chat == null) {
            return;
        }
        ReplyMetadata m = reply.metadata();
        Backend.Operation chat = run.chat;
        chat.high(GenAi.RESPONSE_MODEL, m.model());
        if (m.finishReason() != null) {
            chat.high(GenAi.FINISH_REASONS, List.of(m.finishReason()));
        }
        String model = run.requestModel == null ? GenAi.UNKNOWN : run.requestModel;
        TokenUsage usage = m.usage();
        if (usage != null) {
            chat.high(GenAi.INPUT_TOKENS, usage.inputTokens());
            chat.high(GenAi.OUTPUT_TOKENS, usage.outputTokens());
            backend.record(GenAi.TOKEN_USAGE_METRIC, "{token}", usage.inputTokens(), GenAi.OPERATION_NAME,
                    GenAi.CHAT, GenAi.REQUEST_MODEL, model, GenAi.TOKEN_TYPE, "input");
            backend.record(GenAi.TOKEN_USAGE_METRIC, "{token}", usage.outputTokens(), GenAi.OPERATION_NAME,
                    GenAi.CHAT, GenAi.REQUEST_MODEL, model, GenAi.TOKEN_TYPE, "output");
        }
        if (m.timeToFirstToken() != null) {
            backend.record(GenAi.TIME_TO_FIRST_TOKEN, "s", m.timeToFirstToken().toNanos() / 1e9,
                    GenAi.REQUEST_MODEL, model);
        }
        chat.succeeded();
        chat.end();
        run.chat = null;
        for (int i = 0; i < reply.rejectedCalls().size(); i++) {
            backend.count(GenAi.REFUSALS_METRIC, GenAi.REFUSAL, "NATIVE_CALL_UNREADABLE", GenAi.SOURCE, "tool_call");
        }
    }

    @Override
    public void onModelFailed(int round, String error, Throwable cause) {
        Run run = runs.get();
        if (run == null || run.chat == null) {
            return;
        }
        run.chat.error(cause == null ? "no_reply" : cause.getClass().getName(), cause);
        run.chat.end();
        run.chat = null;
    }

    @Override
    public void onCalls(int round, List<ToolCall> calls) {
        for (ToolCall call : calls) {
            for (Repair repair : call.repairs()) {
                backend.count(GenAi.REPAIRS_METRIC, GenAi.REPAIR, repair.name(), GenAi.SOURCE, "tool_call");
            }
        }
    }

    @Override
    public void onCorrection(int round, List<ExtractionError> errors, String correctionPrompt) {
        for (ExtractionError e : errors) {
            backend.count(GenAi.REFUSALS_METRIC, GenAi.REFUSAL, e.kind().name(), GenAi.SOURCE, "tool_call");
        }
    }

    @Override
    public void onCallStart(int round, ToolCall call) {
        Run run = runs.get();
        if (run == null) {
            return;
        }
        Backend.Operation op = backend.start(run.operation, GenAi.TOOL_METRIC, GenAi.EXECUTE_TOOL + " " + call.name(),
                Backend.Kind.INTERNAL, false);
        op.low(GenAi.OPERATION_NAME, GenAi.EXECUTE_TOOL);
        op.low(GenAi.TOOL_NAME, call.name());
        op.high(GenAi.TOOL_TYPE, "function");
        op.high(GenAi.TOOL_CALL_ID, call.id());
        run.calls.add(op);
    }

    @Override
    public void onCallEnd(CallReport report) {
        Run run = runs.get();
        if (run == null || run.calls.isEmpty()) {
            return;
        }
        Backend.Operation op = run.calls.remove(0);
        op.low(GenAi.TOOL_OUTCOME, report.outcome().name().toLowerCase(Locale.ROOT));
        switch (report.outcome()) {
            case SUCCEEDED -> op.succeeded();
            case THREW -> {
                Throwable thrown = report.exception().orElse(null);
                op.error(thrown == null ? "threw" : thrown.getClass().getName(), thrown);
            }
            case FAILED -> op.error("call_failed", null);
            case DECLINED -> op.error("declined", null);
        }
        op.end();
    }

    @Override
    public void onRoundComplete(RoundReport report) {
        Run run = runs.get();
        if (run != null && run.chat != null) { // the reply could not be read
            run.chat.error(report.error() == null ? "unreadable_reply" : report.error().getClass().getName(),
                    report.error());
            run.chat.end();
            run.chat = null;
        }
    }

    @Override
    public void onRunEnd(ToolLoop.Outcome outcome) {
        Run run = runs.get();
        if (run == null) {
            return;
        }
        if (run.outer == null) {
            runs.remove();
        } else {
            runs.set(run.outer);
        }
        Backend.Operation op = run.operation;
        op.low(GenAi.REQUEST_MODEL, run.requestModel);
        op.high(GenAi.LOOP_ROUNDS, Integer.toString(outcome.rounds()));
        TokenUsage usage = outcome.usage();
        op.high(GenAi.INPUT_TOKENS, usage.inputTokens());
        op.high(GenAi.OUTPUT_TOKENS, usage.outputTokens());
        if (outcome.error() != null) {
            op.low(GenAi.LOOP_OUTCOME, "failed");
            List<RoundReport> rounds = outcome.roundReports();
            Throwable cause = rounds.isEmpty() ? null : rounds.get(rounds.size() - 1).error();
            op.error(cause == null ? "model_failed" : cause.getClass().getName(), cause);
        } else {
            op.low(GenAi.LOOP_OUTCOME, outcome.maxRoundsReached() ? "max_rounds" : "completed");
            op.succeeded();
        }
        op.end();
    }
}
