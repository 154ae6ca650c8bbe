package dev.calltype.runtime.agent;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.BoundTool;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.internal.dispatch.Approval;
import dev.calltype.runtime.internal.scan.ErrorTexts;
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

    /**
     * Runs a round's calls: asks for approval where the resolved tool needs it, then runs the approved calls in the
     * written order. With an executor, consecutive calls to read-only tools run concurrently; any other call runs
     * alone, after every call written before it has finished. Results are in the calls' order.
     */
    List<ToolResult> run(List<ToolCall> calls) throws InterruptedException {
        ToolResult[] results = new ToolResult[calls.size()];
        Bound[] approved = new Bound[calls.size()];
        boolean[] readOnly = new boolean[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            BoundTool bound = toolkit.bind(call.name()).orElse(null);
            if (bound == null) {
                // never dispatched by name: by the time it ran, the name could mean a tool nobody decided on
                results[i] = Approval.unknown(toolkit, call.name(), call.id());
                continue;
            }
            ToolSpec tool = bound.tool();
            // decide on the tool the binding runs, whatever spelling of its name the model used
            ToolCall canonical = tool.name().equals(call.name()) ? call : call.withName(tool.name());
            String refusal = Approval.refusal(approver, canonical, tool);
            if (refusal != null) {
                results[i] = ToolResult.failure(tool.name(), call.id(), refusal);
            } else {
                approved[i] = new Bound(canonical, bound);
                readOnly[i] = tool.readOnly();
            }
        }
        for (int i = 0; i < calls.size(); ) {
            if (approved[i] == null) {
                i++;
                continue;
            }
            int j = i + 1;
            if (executor != null && readOnly[i]) {
                while (j < calls.size() && (approved[j] == null || readOnly[j])) {
                    j++;
                }
            }
            runTogether(approved, results, i, j);
            i = j;
        }
        return List.of(results);
    }

    /** An approved call and the tool it was approved for: it runs on that tool or not at all. */
    private record Bound(ToolCall call, BoundTool tool) {
        ToolResult dispatch() {
            return tool.dispatch(call);
        }
    }

    /** Runs the approved calls among {@code calls[from, to)}: concurrently when there are several, else here. */
    private void runTogether(Bound[] calls, ToolResult[] results, int from, int to) throws InterruptedException {
        List<Integer> batch = new ArrayList<>();
        for (int i = from; i < to; i++) {
            if (calls[i] != null) {
                batch.add(i);
            }
        }
        if (batch.size() < 2) {
            for (int i : batch) {
                results[i] = calls[i].dispatch();
            }
            return;
        }
        List<CompletableFuture<ToolResult>> running = new ArrayList<>();
        for (int i : batch) {
            Bound call = calls[i];
            CompletableFuture<ToolResult> future;
            try {
                future = CompletableFuture.supplyAsync(call::dispatch, executor);
            } catch (RejectedExecutionException e) {
                future = CompletableFuture.completedFuture(call.dispatch());
            }
            running.add(future);
        }
        for (int k = 0; k < batch.size(); k++) {
            int i = batch.get(k);
            try {
                results[i] = running.get(k).get();
            } catch (ExecutionException e) {
                ToolCall call = calls[i].call();
                results[i] = ToolResult.failure(call.name(), call.id(),
                        ErrorTexts.toolFailed(call.name(), e.getCause() == null ? e : e.getCause()));
            } catch (InterruptedException e) {
                for (CompletableFuture<ToolResult> f : running) {
                    f.cancel(true);
                }
                throw e;
            }
        }
    }

}
