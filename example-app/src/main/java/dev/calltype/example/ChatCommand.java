package dev.calltype.example;

import dev.calltype.example.tools.Notes;
import dev.calltype.openai.ChatCompletionsException;
import dev.calltype.openai.OpenAiChatModel;
import dev.calltype.openai.ServerProfile;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ReplyListener;
import dev.calltype.runtime.agent.RoundReport;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.runtime.constraint.Constraints;
import dev.calltype.runtime.TerminalText;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code chat}: a live agent over the example tools against any OpenAI-compatible Chat Completions
 * server, with native tool calls or calls written in the text (prompt mode).
 */
final class ChatCommand {

    static final String USAGE = """
            Usage: java -jar calltype.jar chat --base-url URL --model NAME [OPTIONS]

            A live agent over the example tools (notes, calculator, world clock) against any
            OpenAI-compatible Chat Completions server: Ollama (http://localhost:11434/v1), llama.cpp
            server, vLLM, LM Studio, OpenAI. Answers stream as they are written.

            Options:
              --base-url URL      the server's base URL, e.g. http://localhost:11434/v1 (required)
              --model NAME        the model, e.g. qwen3:8b (required)
              --mode MODE         native (default): send the tools' generated OpenAI schema and read
                                  tool_calls (argument strings are read leniently); prompt: put the
                                  generated format instructions in the system prompt and read the calls
                                  from the text, for models and servers without native tool support
              --format FORMAT     the text format taught in prompt mode: xml-tags (default),
                                  tool-call-marker, bracket-tags, json-fence, pythonic (implies --mode prompt)
              --constrain SERVER  in prompt mode, send a grammar or schema that lets the server accept only
                                  valid calls in --format: llama.cpp, vllm, sglang, ollama, lm-studio or
                                  none (default); see docs/constraints.md (implies --mode prompt)
              --response-template FILE
                                  the model's tokenizer_config.json (or its response_template alone): calls
                                  written in the text are also read as that template describes them
              --prompt TEXT       answer this one message and exit; without it, chat on the terminal
              --notes DIR         the folder for the notes tools (default: a new temporary folder)
              --mcp "COMMAND ARG…"
                                  add the tools of an MCP server started as this command (stdio); repeatable.
                                  A tool name used twice (built-in and server, or two servers) is an error;
                                  one that differs only in case or separators is a warning. A server's tool
                                  that is not marked read-only or harmless asks for approval like delete_note.
                                  A server gets only HOME, LOGNAME, PATH, SHELL, TERM and USER of this
                                  program's environment (on Windows the like), never OPENAI_API_KEY
              --mcp-env NAME[=VALUE]
                                  pass the variable NAME of this program's environment to every --mcp
                                  server, or set it to VALUE; repeatable
              --max-rounds N      model turns allowed per message (default 8)
              --timeout SECONDS   the longest wait for the server to start answering (connecting,
                                  redirects and retries included), and then between two parts of its
                                  answer that bring something (default 300)
              --reply-timeout SECONDS
                                  the longest one answer may take as a whole, however steadily the
                                  server sends (default 600, at least --timeout); nothing of a late
                                  answer is run
              --yes               allow tools that need confirmation (delete_note) without asking

            On the terminal: /usage shows the tokens the session used (as the server reported them),
            /exit or Ctrl-D quits. Ctrl-C while a reply is written stops it: the request is cancelled,
            the partial reply is dropped from the conversation and the rest of it is kept; Ctrl-C at the
            prompt twice in a row quits.

            Environment:
              OPENAI_API_KEY      sent as a bearer token when set, to the --base-url's origin only

            The server: redirects are followed only to the same origin (307/308), so the key never
            reaches another host; 429 and 503 are retried up to twice after their Retry-After when
            that fits in --timeout; an answer may hold at most 16 MiB (2,000,000 characters of text
            and arguments). Model text is shown without control characters; long text is cut.

            Exit status: 0 on success; 1 when the server is down, times out, answers with an error,
            too much, or a malformed or cut-off stream (nothing of that answer is run), or (with
            --prompt) the model is still calling tools after --max-rounds; 2 for a bad command line.
            """;

    private static final Map<String, ToolLoop.Mode> MODE_ALIASES = Map.of("text", ToolLoop.Mode.PROMPT,
            "tools", ToolLoop.Mode.NATIVE);
    private static final Map<String, ServerProfile> PROFILE_ALIASES = Map.of("llama.cpp", ServerProfile.LLAMA_CPP,
            "llamacpp", ServerProfile.LLAMA_CPP, "llama_server", ServerProfile.LLAMA_CPP,
            "lmstudio", ServerProfile.LM_STUDIO, "off", ServerProfile.NONE);
    static final int MAX_SHOWN_RESULT = 400;
    static final int MAX_SHOWN_ARGUMENTS = 400;
    /** The most characters of one reply's text (and of its reasoning) shown; the rest is counted. */
    static final int MAX_SHOWN_TEXT = 20_000;

    private ChatCommand() {
    }

    static int run(List<String> args, InputStream in, PrintStream out, PrintStream err, Environment env)
            throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(USAGE);
            return 0;
        }
        Options options = Options.parse("chat", args,
                Set.of("base-url", "model", "mode", "format", "constrain", "prompt", "notes", "max-rounds", "timeout",
                        "reply-timeout", "response-template"),
                Set.of("yes"),
                Set.of("mcp", "mcp-env"));
        URI baseUrl = baseUrl(options.required("base-url"));
        String modelName = options.required("model");
        ToolLoop.Mode mode = options.choice("mode", ToolLoop.Mode.class,
                options.has("format") || options.has("constrain") ? ToolLoop.Mode.PROMPT : ToolLoop.Mode.NATIVE,
                MODE_ALIASES);
        if (mode == ToolLoop.Mode.NATIVE && options.has("format")) {
            throw new UsageException("chat: --format is for --mode prompt; native mode uses the server's tool calls");
        }
        ServerProfile profile = options.choice("constrain", ServerProfile.class, ServerProfile.NONE, PROFILE_ALIASES);
        if (mode == ToolLoop.Mode.NATIVE && profile != ServerProfile.NONE) {
            throw new UsageException("chat: --constrain is for --mode prompt; in native mode the server constrains"
                    + " its own tool calls");
        }
        PromptFormat format = options.choice("format", PromptFormat.class, PromptFormat.XML_TAGS, ToolsCommands.FORMAT_ALIASES);
        int maxRounds = options.intValue("max-rounds", ToolLoop.DEFAULT_MAX_ROUNDS, 1, 100);
        int timeout = options.intValue("timeout", 300, 1, 3600);
        int replyTimeout = options.intValue("reply-timeout", Math.max(600, timeout), timeout, 86_400);
        String prompt = options.value("prompt").orElse(null);
        if (prompt != null && prompt.isBlank()) {
            throw new UsageException("chat: --prompt is empty");
        }
        String template = null;
        if (options.has("response-template")) {
            String file = options.value("response-template").orElseThrow();
            try {
                template = Files.readString(Path.of(file));
            } catch (IOException | InvalidPathException e) {
                throw new UsageException("chat: cannot read --response-template " + Terminal.line(file, 200) + ": "
                        + Terminal.line(String.valueOf(e.getMessage()), 200));
            }
            String refused = TemplateToolkit.check(template);
            if (refused != null) {
                throw new UsageException("chat: --response-template " + Terminal.line(file, 200) + ": "
                        + Terminal.line(refused, 400));
            }
        }
        Path folder = DemoCommand.notesFolder(options, "chat");

        Toolkit builtIn = ExampleTools.toolkit(new Notes(folder), env.clock());
        McpServers servers;
        try {
            servers = McpServers.start("chat", options.values("mcp"), options.values("mcp-env"), builtIn,
                    Duration.ofSeconds(timeout));
        } catch (IllegalStateException e) {
            throw new ChatFailure(e.getMessage());
        }
        Toolkit toolkit = template == null ? servers.with(builtIn) : new TemplateToolkit(servers.with(builtIn), template);
        RecordingModel model = new RecordingModel(OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .model(modelName)
                .apiKey(env.variable("OPENAI_API_KEY"))
                .timeout(Duration.ofSeconds(timeout))
                .replyTimeout(Duration.ofSeconds(replyTimeout))
                .extractor(toolkit.extractor())
                .constrain(profile, Constraints.of(toolkit).format(format))
                .build());
        Style style = Style.forEnvironment(env);
        BufferedReader input = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        ChatScreen printer = new ChatScreen(out, style, toolkit::warnings);
        // interactive: lines, Ctrl-D and Ctrl-C through one input; Ctrl-C stops a reply, twice at the prompt exits
        ChatInput chat = prompt == null ? new ChatInput(input) : null;
        ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "chat-tools");
            t.setDaemon(true);
            return t;
        });
        try {
            ToolLoop loop = ToolLoop.builder(model, toolkit)
                    .mode(mode)
                    .format(format)
                    .maxRounds(maxRounds)
                    .executor(executor)
                    .listener(printer)
                    .textCallsInNativeMode(true)
                    // --yes approves every call; one message (--prompt) has no one to ask, so confirm tools are
                    // declined and the model is told that no approval can be asked for here
                    .approver(options.has("yes") ? (call, tool) -> true
                            : prompt != null ? null : (call, tool) -> ask(call, tool, chat, out, style))
                    .systemPrompt(systemPrompt(folder, env))
                    .build();
            if (prompt != null) {
                printer.warnings(err, "calltype chat: warning: ");
                return turn(loop, prompt, model, printer, err, maxRounds) ? 0 : 1;
            }
            out.println(style.bold("calltype chat") + " · " + Terminal.line(modelName, 80) + " at "
                    + model.delegate.endpoint() + " · "
                    + (mode == ToolLoop.Mode.NATIVE ? "native tool calls" : "calls in the text ("
                    + format.name().toLowerCase(Locale.ROOT).replace('_', '-') + ")"));
            out.println(style.dim("tools: " + toolNames(toolkit) + " · notes in " + folder));
            printer.warnings(out, "warning: ");
            return interactive(loop, chat, model, printer, out, err, style, maxRounds);
        } finally {
            if (chat != null) {
                chat.close();
            }
            executor.shutdownNow();
            servers.close();
        }
    }

    /**
     * The conversation on the terminal: each line a message ({@code /usage}: the session's tokens, {@code /exit}),
     * until Ctrl-D, {@code /exit} or Ctrl-C twice at the prompt. Ctrl-C during a reply stops it (the request is
     * cancelled, the partial reply dropped from the conversation) and keeps the session.
     */
    private static int interactive(ToolLoop loop, ChatInput chat, RecordingModel model, ChatScreen printer,
                                   PrintStream out, PrintStream err, Style style, int maxRounds) {
        out.println(style.dim("Type a message; /usage for the tokens used, /exit or Ctrl-D to quit"
                + (chat.catchesCtrlC() ? "; Ctrl-C stops a reply." : ".")));
        SessionUsage usage = new SessionUsage();
        boolean armed = false; // the last thing the user did was Ctrl-C: another one at the prompt exits
        while (true) {
            out.print(style.bold("you> "));
            out.flush();
            ChatInput.Event event;
            try {
                event = chat.next();
            } catch (InterruptedException e) {
                return 0;
            }
            if (event instanceof ChatInput.Interrupt) {
                out.println();
                if (armed) {
                    return 0;
                }
                armed = true;
                out.println(style.dim("(Ctrl-C again to exit)"));
                continue;
            }
            if (!(event instanceof ChatInput.Line typed)) {
                out.println();
                return 0;
            }
            armed = false;
            String line = typed.text().strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.equals("/exit") || line.equals("/quit")) {
                return 0;
            }
            if (line.equals("/usage")) {
                out.println(style.dim(usage.describe()));
                continue;
            }
            chat.beginReply();
            ToolLoop.Outcome outcome;
            boolean stopped;
            try {
                outcome = loop.run(line);
            } finally {
                stopped = chat.endReply();
            }
            usage.add(outcome);
            if (stopped) {
                printer.endOfTurn();
                out.println(style.yellow("(stopped: the partial reply was dropped from the conversation; what came"
                        + " before it is kept. Ctrl-C again to exit)"));
                armed = true;
                continue;
            }
            if (!report(outcome, model, printer, err, maxRounds) && model.lastFailure != null) {
                return 1;
            }
        }
    }

    /** The tokens of a chat session, as the server reported them. */
    static final class SessionUsage {
        private TokenUsage tokens = TokenUsage.ZERO;
        private int replies;
        private int unreported;

        void add(ToolLoop.Outcome outcome) {
            for (RoundReport r : outcome.roundReports()) {
                if (r.reply() == null) {
                    continue;
                }
                replies++;
                if (r.usage() == null) {
                    unreported++;
                } else {
                    tokens = tokens.plus(r.usage());
                }
            }
        }

        String describe() {
            return "tokens this session: " + tokens.inputTokens() + " in, " + tokens.outputTokens() + " out ("
                    + tokens.totalTokens() + " in all) over " + replies + (replies == 1 ? " reply" : " replies")
                    + (unreported == 0 ? "" : "; the server reported no usage for " + unreported);
        }
    }

    /** One user message through the loop; false when it did not end with an answer. */
    private static boolean turn(ToolLoop loop, String message, RecordingModel model, ChatScreen printer, PrintStream err,
                                int maxRounds) {
        return report(loop.run(message), model, printer, err, maxRounds);
    }

    /** Shows how a message's run ended; false when it did not end with an answer. */
    private static boolean report(ToolLoop.Outcome outcome, RecordingModel model, ChatScreen printer, PrintStream err,
                                  int maxRounds) {
        printer.endOfTurn();
        if (outcome.error() != null) {
            ChatCompletionsException failure = model.lastFailure;
            err.println("calltype chat: " + (failure != null ? TerminalText.line(failure.getMessage())
                    : Terminal.snippet(outcome.error())));
            return false;
        }
        if (outcome.maxRoundsReached()) {
            err.println("calltype chat: stopped after " + maxRounds + " rounds: the model was still calling tools"
                    + " (raise --max-rounds)");
            return false;
        }
        return true;
    }

    /** The base URL; its text is never repeated in the message, as it may hold credentials. */
    static URI baseUrl(String text) throws UsageException {
        try {
            URI uri = new URI(text.strip());
            OpenAiChatModel.builder().baseUrl(uri);
            return uri;
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new UsageException("chat: --base-url must be an http:// or https:// URL with a host, such as"
                    + " http://localhost:11434/v1");
        }
    }

    /**
     * The model, remembering the failure that ended its last request, so that the command can print the
     * failure's own one-line message.
     */
    private static final class RecordingModel implements ModelClient {
        final OpenAiChatModel delegate;
        volatile ChatCompletionsException lastFailure;

        RecordingModel(OpenAiChatModel delegate) {
            this.delegate = delegate;
        }

        @Override
        public ModelReply send(ModelRequest request, ReplyListener listener) {
            lastFailure = null;
            try {
                return delegate.send(request, listener);
            } catch (ChatCompletionsException e) {
                lastFailure = e;
                throw e;
            }
        }
    }

    private static String systemPrompt(Path folder, Environment env) {
        return "You are a helpful assistant. You have tools for the user's notes (kept as files in " + folder
                + "), exact arithmetic and unit conversion, and the time in any time zone: use them rather than"
                + " guessing, then answer briefly. The user's time zone is " + env.clock().getZone().getId() + ".";
    }

    private static String toolNames(Toolkit toolkit) {
        List<String> names = new ArrayList<>();
        for (ToolSpec t : toolkit.tools()) {
            names.add(Terminal.line(t.name(), 80));
        }
        return String.join(", ", names);
    }

    private static boolean ask(ToolCall call, ToolSpec tool, ChatInput input, PrintStream out, Style style)
            throws InterruptedException {
        out.print(style.yellow("  allow " + Terminal.line(tool.name(), 80) + " " + Terminal.line(call.arguments().toString(),
                MAX_SHOWN_ARGUMENTS) + "? [y/N] "));
        out.flush();
        String answer = input.answer();
        return answer != null && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
    }
}
