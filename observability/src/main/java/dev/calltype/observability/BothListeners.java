package dev.calltype.observability;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.agent.CallReport;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.RoundReport;
import dev.calltype.runtime.agent.ToolLoop;

import java.util.List;

/** Tells two listeners every event, the first one first. */
final class BothListeners implements ToolLoop.Listener {

    private final ToolLoop.Listener first;
    private final ToolLoop.Listener second;

    BothListeners(ToolLoop.Listener first, ToolLoop.Listener second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void onTextDelta(String delta) {
        first.onTextDelta(delta);
        second.onTextDelta(delta);
    }

    @Override
    public void onEvent(int round, StreamEvent event) {
        first.onEvent(round, event);
        second.onEvent(round, event);
    }

    @Override
    public void onReply(int round, String visibleText) {
        first.onReply(round, visibleText);
        second.onReply(round, visibleText);
    }

    @Override
    public void onCalls(int round, List<ToolCall> calls) {
        first.onCalls(round, calls);
        second.onCalls(round, calls);
    }

    @Override
    public void onResult(int round, ToolCall call, ToolResult result) {
        first.onResult(round, call, result);
        second.onResult(round, call, result);
    }

    @Override
    public void onCorrection(int round, List<ExtractionError> errors, String correctionPrompt) {
        first.onCorrection(round, errors, correctionPrompt);
        second.onCorrection(round, errors, correctionPrompt);
    }

    @Override
    public void onRoundEnd(int round, List<ChatMessage> transcript) {
        first.onRoundEnd(round, transcript);
        second.onRoundEnd(round, transcript);
    }

    @Override
    public void onRunStart(String userMessage) {
        first.onRunStart(userMessage);
        second.onRunStart(userMessage);
    }

    @Override
    public void onRoundStart(int round, String requestModel) {
        first.onRoundStart(round, requestModel);
        second.onRoundStart(round, requestModel);
    }

    @Override
    public void onModelReply(int round, ModelReply reply) {
        first.onModelReply(round, reply);
        second.onModelReply(round, reply);
    }

    @Override
    public void onModelFailed(int round, String error, Throwable cause) {
        first.onModelFailed(round, error, cause);
        second.onModelFailed(round, error, cause);
    }

    @Override
    public void onCallStart(int round, ToolCall call) {
        first.onCallStart(round, call);
        second.onCallStart(round, call);
    }

    @Override
    public void onCallEnd(CallReport report) {
        first.onCallEnd(report);
        second.onCallEnd(report);
    }

    @Override
    public void onRoundComplete(RoundReport report) {
        first.onRoundComplete(report);
        second.onRoundComplete(report);
    }

    @Override
    public void onRunEnd(ToolLoop.Outcome outcome) {
        first.onRunEnd(outcome);
        second.onRunEnd(outcome);
    }
}
