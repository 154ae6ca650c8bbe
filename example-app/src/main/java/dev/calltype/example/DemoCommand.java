package dev.calltype.example;

import dev.calltype.example.tools.Notes;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code demo}: scripted conversations between an embedded model and the example tools, through
 * {@link ToolLoop} in prompt mode, printed round by round. No network.
 */
final class DemoCommand {

    static final String USAGE = """
            Usage: java -jar calltype.jar [demo] [--notes DIR]

            Plays scripted conversations between an embedded model and the example tools: the model
            writes its calls in the text formats real models use (TOOL_CALL marker, [TOOL_CALL] tags,
            <tool_call>, pythonic, a JSON fence, Mistral's [TOOL_CALLS]), and makes the mistakes they
            make (single quotes, a truncated call, an unknown tool, a wrong argument type). For each
            round it shows what the model wrote, what a user would see, the calls read, each result,
            and what was sent back when a call failed. No network.

            Options:
              --notes DIR  the folder for the notes tools (default: a new temporary folder)
            """;

    private static final int LABEL = 12;

    private DemoCommand() {
    }

    static int run(List<String> args, PrintStream out, Environment env) throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(USAGE);
            return 0;
        }
        Options options = Options.parse("demo", args, Set.of("notes"), Set.of());
        Path folder = notesFolder(options, "demo");
        Toolkit toolkit = ExampleTools.toolkit(new Notes(folder), env.clock());
        return play(toolkit, DemoScript.scenes(), folder, out, Style.forEnvironment(env));
    }

    /** The folder given with {@code --notes}, or a new temporary one. */
    static Path notesFolder(Options options, String command) throws UsageException {
        if (options.value("notes").isPresent()) {
            Path folder = Path.of(options.value("notes").get());
            if (Files.exists(folder) && !Files.isDirectory(folder)) {
                throw new UsageException(command + ": --notes " + folder + " is not a folder");
            }
            return folder;
        }
        try {
            return Files.createTempDirectory("calltype-notes-");
        } catch (IOException e) {
            throw new ChatFailure("cannot create a temporary folder for the notes: " + e.getMessage());
        }
    }

    /** Plays the scenes; 0 when every one ended as scripted, 1 otherwise. */
    static int play(Toolkit toolkit, List<DemoScript.Scene> scenes, Path folder, PrintStream out, Style style) {
        out.println(style.bold("Calltype demo") + ": an embedded model writes tool calls the way real models do,");
        out.println("in many formats and with their usual mistakes; Calltype reads them, runs real tools and");
        out.println("sends the results, or a correction, back. Notes are kept in " + folder + ". No network.");
        out.println(style.dim("The model's system prompt holds the generated format instructions"
                + " (see: java -jar calltype.jar instructions)."));
        int calls = 0;
        int corrections = 0;
        List<String> failed = new ArrayList<>();
        ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "demo-tools");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < scenes.size(); i++) {
                DemoScript.Scene scene = scenes.get(i);
                out.println();
                String title = "── " + (i + 1) + "/" + scenes.size() + " · " + scene.title() + " ";
                out.println(style.bold(title + "─".repeat(Math.max(3, 72 - title.length()))));
                Printer printer = new Printer(out, style);
                ReplayModel model = new ReplayModel(scene.replies(), printer::lastResults);
                ToolLoop loop = ToolLoop.builder(model, toolkit)
                        .mode(ToolLoop.Mode.PROMPT)
                        .format(PromptFormat.XML_TAGS)
                        .executor(executor)
                        .listener(printer)
                        .build();
                printer.line("user asks", style.bold(scene.user()));
                ToolLoop.Outcome outcome = loop.run(scene.user());
                calls += printer.calls;
                corrections += printer.corrections;
                String problem = outcome.error() != null ? outcome.error()
                        : outcome.maxRoundsReached() ? "the round limit was reached"
                        : model.used() != model.scripted() ? "the conversation ended after " + model.used() + " of "
                                + model.scripted() + " scripted answers"
                        : printer.lastRoundFailed ? "the last tool call did not succeed" : null;
                if (problem != null) {
                    failed.add(scene.title());
                    out.println(style.red("✗ this scene did not go as scripted: " + problem));
                }
            }
        } finally {
            executor.shutdownNow();
        }
        out.println();
        String title = "── typed answer: a Contact record read from an e-mail signature ";
        out.println(style.bold(title + "─".repeat(Math.max(3, 72 - title.length()))));
        if (!AnswerCommand.ask(AnswerCommand.scripted(), "the embedded model",
                AnswerCommand.INSTRUCTED, AnswerCommand.SAMPLE, out, style)) {
            failed.add("typed answer");
        }
        out.println();
        if (failed.isEmpty()) {
            out.println(style.green("✓") + " " + scenes.size() + " conversations, " + calls + " tool calls run, "
                    + corrections + " failed calls corrected by the model.");
            out.println(style.dim("Next: java -jar calltype.jar chat --help (a live model), schema, instructions, extract."));
            return 0;
        }
        out.println(style.red("✗ " + failed.size() + " of " + scenes.size() + " scenes did not go as scripted: "
                + String.join(", ", failed)));
        return 1;
    }

    /** Prints each round as the loop reports it, and keeps the round's results for the model. */
    static final class Printer implements ToolLoop.Listener {
        private final PrintStream out;
        private final Style style;
        private final StringBuilder raw = new StringBuilder();
        private final List<ToolResult> round = new ArrayList<>();
        private volatile List<ToolResult> last = List.of();
        private boolean roundFailed;
        private boolean corrected;
        boolean lastRoundFailed;
        int calls;
        int corrections;

        Printer(PrintStream out, Style style) {
            this.out = out;
            this.style = style;
        }

        List<ToolResult> lastResults() {
            return last;
        }

        @Override
        public void onTextDelta(String delta) {
            raw.append(delta);
        }

        @Override
        public void onReply(int n, String visibleText) {
            line("model wrote", style.dim(raw.toString()));
            raw.setLength(0);
            line("user sees", visibleText.isBlank() ? style.dim("(nothing: the reply is only markup)")
                    : style.bold(visibleText.strip()));
        }

        @Override
        public void onCalls(int n, List<ToolCall> found) {
            for (ToolCall call : found) {
                String repairs = call.repairs().isEmpty() ? "" : ", repaired: " + join(call.repairs());
                line("call", style.cyan(call.name()) + " " + call.arguments() + style.dim("  (" + call.format() + repairs + ")"));
            }
        }

        @Override
        public void onResult(int n, ToolCall call, ToolResult result) {
            calls++;
            round.add(result);
            if (result.isError()) {
                roundFailed = true;
                line("result", style.red("✗ " + Terminal.snippet(result.content())));
            } else {
                line("result", style.green("✓ ") + result.content());
            }
        }

        @Override
        public void onCorrection(int n, List<ExtractionError> errors, String correctionPrompt) {
            for (ExtractionError e : errors) {
                line("not a call", style.red(e.kind() + ": " + e.message()));
            }
            corrected = true;
        }

        @Override
        public void onRoundEnd(int n, List<ChatMessage> transcript) {
            if (roundFailed || corrected) {
                corrections++;
                ChatMessage sent = transcript.get(transcript.size() - 1);
                line("sent back", style.yellow(sent.content()));
            }
            if (!round.isEmpty() || corrected) {
                lastRoundFailed = roundFailed || corrected;
            }
            last = List.copyOf(round);
            round.clear();
            roundFailed = false;
            corrected = false;
        }

        /** A labelled block; lines after the first are indented under the text. */
        void line(String label, String text) {
            String pad = " ".repeat(LABEL + 2);
            String head = "  " + label + " ".repeat(Math.max(1, LABEL - label.length()));
            String body = text.replace("\r\n", "\n").replace("\n", "\n" + pad);
            out.println(style.cyan(head) + body);
        }

        private static String join(List<?> items) {
            StringBuilder s = new StringBuilder();
            for (Object o : items) {
                s.append(s.length() == 0 ? "" : ", ").append(o);
            }
            return s.toString();
        }
    }
}
