package dev.calltype.example;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ToolLoop;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Shows the conversation as it happens, from the loop's {@link ToolLoop.Listener#onEvent events}: prose as it is
 * written with call markup hidden, reasoning dimmed, each call as it forms (its name, then its arguments as they
 * arrive); then each call's result, and any correction.
 */
final class ChatScreen implements ToolLoop.Listener {
    private final PrintStream out;
    private final Style style;
    private final Supplier<List<String>> warnings;
    /** The warnings shown so far: a warning is shown once, when it first holds. */
    private final Set<String> warned = new HashSet<>();
    private PrintStream warningsTo;
    private String warningPrefix = "warning: ";
    private boolean midLine;
    private boolean printed;
    private long shown;
    private long hidden;
    /** Argument characters shown for the call being written. */
    private int argumentsShown;
    /** Calls of this reply shown as they formed (and so not shown again when they run). */
    private int streamedCalls;

    ChatScreen(PrintStream out, Style style, Supplier<List<String>> warnings) {
        this.out = out;
        this.style = style;
        this.warnings = warnings;
        this.warningsTo = out;
    }

    /**
     * Shows the toolkit's warnings not shown yet (a tool name of an MCP server that looks like a built-in one),
     * here and, from now on, after every round in which new ones appear (a server's tools changed).
     */
    void warnings(PrintStream to, String prefix) {
        warningsTo = to;
        warningPrefix = prefix;
        showNewWarnings();
    }

    private void showNewWarnings() {
        for (String warning : warnings.get()) {
            if (warned.add(warning)) {
                endLine();
                String line = warningPrefix + Terminal.line(warning, 600);
                warningsTo.println(warningsTo == out ? style.yellow(line) : line);
            }
        }
        warningsTo.flush();
    }

    @Override
    public void onEvent(int round, StreamEvent e) {
        if (e instanceof StreamEvent.TextDelta t) {
            String text = bounded(Terminal.text(t.text()));
            if (!printed) {
                text = text.stripLeading(); // the prose before a call often starts with a newline
            }
            if (!text.isEmpty()) {
                out.print(text);
                printed = true;
                midLine = !text.endsWith("\n");
            }
        } else if (e instanceof StreamEvent.ReasoningDelta r) {
            String text = bounded(Terminal.text(r.text()));
            if (!text.isEmpty()) {
                out.print(style.dim(text));
                midLine = !text.endsWith("\n");
            }
        } else if (e instanceof StreamEvent.TextWasReasoning) {
            endLine();
            out.println(style.dim("  (the text above was the model's reasoning)"));
            printed = false;
        } else if (e instanceof StreamEvent.CallStarted c) {
            endLine();
            out.print(style.dim("  → ") + style.cyan(Terminal.line(c.name(), 80)) + " ");
            midLine = true;
            argumentsShown = 0;
        } else if (e instanceof StreamEvent.ArgumentsDelta a) {
            int room = ChatCommand.MAX_SHOWN_ARGUMENTS - argumentsShown;
            if (room > 0) {
                String piece = Terminal.line(a.fragment(), room);
                argumentsShown += a.fragment().length();
                out.print(style.dim(piece));
            }
        } else if (e instanceof StreamEvent.CallCompleted c) {
            if (argumentsShown == 0) { // nothing streamed: show the arguments as read
                out.print(style.dim(Terminal.line(c.call().arguments().toString(), ChatCommand.MAX_SHOWN_ARGUMENTS)));
            }
            if (!c.call().repairs().isEmpty()) {
                out.print(style.dim("  (repaired: " + repairs(c.call()) + ")"));
            }
            endLine();
            streamedCalls++;
        } else if (e instanceof StreamEvent.Error) {
            endLine(); // shown with the correction or the result that answers it
        }
        out.flush();
    }

    @Override
    public void onReply(int round, String visibleText) {
        endLine();
        if (hidden > 0) {
            out.println(style.dim("  … " + hidden + " more characters not shown"));
        }
        shown = 0;
        hidden = 0;
        printed = false;
        out.flush();
    }

    /** The part of {@code text} that may still be shown for this reply; the rest is counted. */
    private String bounded(String text) {
        long room = ChatCommand.MAX_SHOWN_TEXT - shown;
        if (text.length() <= room) {
            shown += text.length();
            return text;
        }
        int keep = (int) Math.max(0, room);
        shown += keep;
        hidden += text.length() - keep;
        return text.substring(0, keep);
    }

    private void endLine() {
        if (midLine) {
            out.println();
            midLine = false;
        }
    }

    @Override
    public void onCalls(int round, List<ToolCall> calls) {
        endLine();
        for (ToolCall call : calls.subList(Math.min(streamedCalls, calls.size()), calls.size())) {
            out.println(style.dim("  → ") + style.cyan(Terminal.line(call.name(), 80)) + style.dim(" "
                    + Terminal.line(call.arguments().toString(), ChatCommand.MAX_SHOWN_ARGUMENTS)
                    + (call.repairs().isEmpty() ? "" : "  (repaired: " + repairs(call) + ")")));
        }
        out.flush();
    }

    @Override
    public void onResult(int round, ToolCall call, ToolResult result) {
        endLine();
        String content = Terminal.line(result.content(), ChatCommand.MAX_SHOWN_RESULT);
        out.println(result.isError() ? style.red("  ✗ " + Terminal.line(call.name(), 80) + ": " + content)
                : style.dim("  ← ") + style.green(content));
        out.flush();
    }

    @Override
    public void onCorrection(int round, List<ExtractionError> errors, String correctionPrompt) {
        endLine();
        for (ExtractionError e : errors) {
            out.println(style.yellow("  ✗ " + e.kind() + ": " + Terminal.snippet(e.message()) + " (asking the model to fix it)"));
        }
        out.flush();
    }

    private static String repairs(ToolCall call) {
        List<String> names = new ArrayList<>();
        call.repairs().forEach(r -> names.add(r.name()));
        return String.join(", ", names);
    }

    @Override
    public void onRoundEnd(int round, List<ChatMessage> transcript) {
        streamedCalls = 0;
        showNewWarnings();
    }

    void endOfTurn() {
        hidden = 0;
        shown = 0;
        printed = false;
        streamedCalls = 0;
        endLine();
        out.flush();
    }
}
