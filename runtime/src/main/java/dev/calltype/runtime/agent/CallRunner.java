package dev.calltype.runtime.agent;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.internal.dispatch.Dispatching;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs the calls of one {@link ToolLoop} round: each call decided on the tool {@link Toolkit#resolve} finds for its
 * name, a call that needs confirmation run only when the approver says yes, the calls run in the order written
 * (consecutive read-only ones concurrently on the executor, when there is one), and every outcome a result: a
 * tool that throws or returns nothing is a failure, never an exception.
 */
final class CallRunner {

    private final Toolkit toolkit;
    private final Executor executor;
    private final ToolLoop.Approver approver;

    CallRunner(Toolkit toolkit, Executor executor, ToolLoop.Approver approver) {
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
        ToolCall[] resolved = new ToolCall[calls.size()];
        boolean[] readOnly = new boolean[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            ToolCall call = calls.get(i);
            ToolSpec tool = toolkit.resolve(call.name()).orElse(null);
            // decide on the tool dispatch will run, whatever spelling of its name the model used
            ToolCall canonical = tool == null || tool.name().equals(call.name()) ? call : call.withName(tool.name());
            String refusal = tool != null && tool.confirm() ? refusal(canonical, tool) : null;
            if (refusal != null) {
                results[i] = ToolResult.failure(tool.name(), call.id(), refusal);
            } else {
                resolved[i] = canonical;
                readOnly[i] = tool != null && tool.readOnly();
            }
        }
        for (int i = 0; i < calls.size(); ) {
            if (resolved[i] == null) {
                i++;
                continue;
            }
            int j = i + 1;
            if (executor != null && readOnly[i]) {
                while (j < calls.size() && (resolved[j] == null || readOnly[j])) {
                    j++;
                }
            }
            runTogether(resolved, results, i, j);
            i = j;
        }
        return List.of(results);
    }

    /** Runs the approved calls among {@code calls[from, to)}: concurrently when there are several, else here. */
    private void runTogether(ToolCall[] calls, ToolResult[] results, int from, int to) throws InterruptedException {
        List<Integer> batch = new ArrayList<>();
        for (int i = from; i < to; i++) {
            if (calls[i] != null) {
                batch.add(i);
            }
        }
        if (batch.size() < 2) {
            for (int i : batch) {
                results[i] = dispatch(calls[i]);
            }
            return;
        }
        List<CompletableFuture<ToolResult>> running = new ArrayList<>();
        for (int i : batch) {
            ToolCall call = calls[i];
            CompletableFuture<ToolResult> future;
            try {
                future = CompletableFuture.supplyAsync(() -> dispatch(call), executor);
            } catch (RejectedExecutionException e) {
                future = CompletableFuture.completedFuture(dispatch(call));
            }
            running.add(future);
        }
        for (int k = 0; k < batch.size(); k++) {
            int i = batch.get(k);
            try {
                results[i] = running.get(k).get();
            } catch (ExecutionException e) {
                results[i] = ToolResult.failure(calls[i].name(), calls[i].id(),
                        ErrorTexts.toolFailed(calls[i].name(), e.getCause() == null ? e : e.getCause()));
            } catch (InterruptedException e) {
                for (CompletableFuture<ToolResult> f : running) {
                    f.cancel(true);
                }
                throw e;
            }
        }
    }

    /** Why a call that needs confirmation may not run, or {@code null} when it may. */
    private String refusal(ToolCall call, ToolSpec tool) {
        if (approver == null) {
            return "the user declined to run " + tool.name() + ": it needs the user's approval and none can be asked"
                    + " for here; do not call it again, answer without it";
        }
        try {
            if (approver.approve(call, tool)) {
                return null;
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            String why = ErrorTexts.failureMessage(e);
            return "the user declined to run " + tool.name() + " (approval could not be asked"
                    + (why == null ? "" : ": " + why) + "); do not call it again unless the user asks";
        }
        return "the user declined to run " + tool.name() + "; do not call it again unless the user asks";
    }

    private ToolResult dispatch(ToolCall call) {
        return Dispatching.guardedDispatch(toolkit, call);
    }
}
