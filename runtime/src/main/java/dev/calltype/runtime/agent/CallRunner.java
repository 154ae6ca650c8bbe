package dev.calltype.runtime.agent;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.BoundTool;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.internal.dispatch.Approval;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs the calls of one {@link ToolLoop} round: each call bound ({@link Toolkit#bind}) to the tool its name means
 * when the reply is read, decided on that tool and run on exactly it (a call whose tool changed in between is not
 * run), a call that needs confirmation run only when the approver says yes, the calls run in the order written
 * (consecutive read-only ones concurrently on the executor, when there is one), and every outcome a result: a
 * tool that throws or returns nothing is a failure, never an exception.
 */
final class CallRunner {

    private final Toolkit toolkit;
    private final Executor executor;
    private final Approver approver;

    CallRunner(Toolkit toolkit, Executor executor, Approver approver) {
        this.toolkit = toolkit;
        this.executor = executor;
        this.approver = approver;
    }

    /** Told about each call as it starts and ends, in the order written, on the thread that called {@link #run}. */
    interface Events {
        /** The call is about to run (or be answered without running). */
        void started(ToolCall call);

        /** The call is over. */
        void ended(CallReport report);
    }

    /**
     * Runs a round's calls: asks for approval where the resolved tool needs it, then runs the approved calls in the
     * written order. With an executor, consecutive calls to read-only tools run concurrently; any other call runs
     * alone, after every call written before it has finished. Reports are in the calls' order, and {@code events}
     * hears each call's start and end in that order: a call that runs alone starts right before it runs and ends
     * right after; calls that run together all start before the first runs, and each ends (with the time it took
     * on its own thread) once it and those written before it are over.
     */
    List<CallReport> run(int round, List<ToolCall> calls, Events events) throws InterruptedException {
        ToolResult[] results = new ToolResult[calls.size()];
        Bound[] approved = new Bound[calls.size()];
        boolean[] readOnly = new boolean[calls.size()];
        ToolCall[] dispatched = new ToolCall[calls.size()];
        CallReport.CallOutcome[] unrun = new CallReport.CallOutcome[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            dispatched[i] = call;
            BoundTool bound = toolkit.bind(call.name()).orElse(null);
            if (bound == null) {
                // never dispatched by name: by the time it ran, the name could mean a tool nobody decided on
                results[i] = Approval.unknown(toolkit.tools(), call.name(), call.id());
                unrun[i] = CallReport.CallOutcome.FAILED;
                continue;
            }
            ToolSpec tool = bound.tool();
            // decide on the tool the binding runs, whatever spelling of its name the model used
            ToolCall canonical = tool.name().equals(call.name()) ? call : call.withName(tool.name());
            dispatched[i] = canonical;
            String refusal = Approval.refusal(approver, canonical, tool);
            if (refusal != null) {
                results[i] = ToolResult.failure(tool.name(), call.id(), refusal);
                unrun[i] = CallReport.CallOutcome.DECLINED;
            } else {
                approved[i] = new Bound(canonical, bound);
                readOnly[i] = tool.readOnly();
            }
        }
        CallReport[] reports = new CallReport[calls.size()];
        for (int i = 0; i < calls.size(); ) {
            if (approved[i] == null) {
                events.started(dispatched[i]);
                reports[i] = new CallReport(round, dispatched[i], results[i], unrun[i], Instant.now(), Duration.ZERO);
                events.ended(reports[i]);
                i++;
                continue;
            }
            int j = i + 1;
            if (executor != null && readOnly[i]) {
                while (j < calls.size() && (approved[j] == null || readOnly[j])) {
                    j++;
                }
            }
            runTogether(round, approved, dispatched, results, unrun, reports, i, j, events);
            i = j;
        }
        return List.of(reports);
    }

    /** An approved call and the tool it was approved for: it runs on that tool or not at all. */
    private record Bound(ToolCall call, BoundTool tool) {
        Timed dispatch() {
            Instant started = Instant.now();
            long t0 = System.nanoTime();
            ToolResult result = tool.dispatch(call);
            return new Timed(result, started, Duration.ofNanos(System.nanoTime() - t0));
        }
    }

    /** A call's result and when and how long it ran. */
    private record Timed(ToolResult result, Instant started, Duration duration) {
    }

    /**
     * Runs the approved calls among {@code calls[from, to)}: concurrently when there are several, else here; the
     * calls not approved among them are reported in their place.
     */
    private void runTogether(int round, Bound[] calls, ToolCall[] dispatched, ToolResult[] results,
                             CallReport.CallOutcome[] unrun, CallReport[] reports, int from, int to, Events events)
            throws InterruptedException {
        List<Integer> batch = new ArrayList<>();
        for (int i = from; i < to; i++) {
            if (calls[i] != null) {
                batch.add(i);
            }
        }
        if (batch.size() < 2) {
            for (int i : batch) {
                events.started(dispatched[i]);
                reports[i] = report(round, dispatched[i], calls[i].dispatch());
                events.ended(reports[i]);
            }
            return;
        }
        for (int i = from; i < to; i++) {
            events.started(dispatched[i]);
        }
        List<CompletableFuture<Timed>> running = new ArrayList<>();
        for (int i : batch) {
            Bound call = calls[i];
            CompletableFuture<Timed> future;
            try {
                future = CompletableFuture.supplyAsync(call::dispatch, executor);
            } catch (RejectedExecutionException e) {
                future = CompletableFuture.completedFuture(call.dispatch());
            }
            running.add(future);
        }
        int k = 0;
        for (int i = from; i < to; i++) {
            if (calls[i] == null) {
                reports[i] = new CallReport(round, dispatched[i], results[i], unrun[i], Instant.now(), Duration.ZERO);
                events.ended(reports[i]);
                continue;
            }
            CompletableFuture<Timed> future = running.get(k++);
            try {
                reports[i] = report(round, dispatched[i], future.get());
            } catch (ExecutionException e) {
                ToolCall call = calls[i].call();
                reports[i] = report(round, dispatched[i], new Timed(ToolResult.thrown(call.name(), call.id(),
                        e.getCause() == null ? e : e.getCause()), Instant.now(), Duration.ZERO));
            } catch (InterruptedException e) {
                for (CompletableFuture<Timed> f : running) {
                    f.cancel(true);
                }
                throw e;
            }
            events.ended(reports[i]);
        }
    }

    private static CallReport report(int round, ToolCall call, Timed run) {
        ToolResult r = run.result();
        CallReport.CallOutcome outcome = !r.isError() ? CallReport.CallOutcome.SUCCEEDED
                : r.exception().isPresent() ? CallReport.CallOutcome.THREW : CallReport.CallOutcome.FAILED;
        return new CallReport(round, call, r, outcome, run.started(), run.duration());
    }

}
