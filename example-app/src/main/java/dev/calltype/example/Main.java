package dev.calltype.example;

import dev.calltype.runtime.TerminalText;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * {@code java -jar calltype.jar [COMMAND] [OPTIONS]}: the Calltype example application.
 *
 * <p>Exit status: 0 on success, 1 when something outside the command line failed (a chat server down
 * or answering badly), 2 for a bad command line. Errors are one line on stderr, never a stack trace.
 */
public final class Main {

    static final String USAGE = """
            Usage: java -jar calltype.jar [COMMAND] [OPTIONS]

            Calltype lets Java programs expose methods as tools a language model can call, and reads
            the calls back out of whatever the model wrote. This app shows it on a notes store, a
            calculator with unit conversion, and a world clock.

            Commands:
              demo          scripted conversations with an embedded model, no network (the default)
              chat          a live agent against any OpenAI-compatible server (Ollama, llama.cpp, vLLM, OpenAI)
              schema        print the example tools' schemas (OpenAI, Anthropic, Gemini, MCP, JSON Schema)
              instructions  print the system-prompt text that teaches a model a text call format
              extract       read one model response on stdin, print the tool calls found as JSON
              grammar       print the grammar or schema that makes a serving engine accept only valid calls
              mcp-server    serve the example tools over MCP (stdio, or streamable HTTP with --http PORT)

            Run 'java -jar calltype.jar COMMAND --help' for a command's options.
            """;

    private static final List<String> COMMANDS = List.of("demo", "chat", "schema", "instructions", "extract",
            "grammar", "mcp-server");

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream err = Terminal.visible(System.err);
        System.setErr(err); // libraries log text from servers here too
        int status = run(args, System.in, System.out, err, Environment.system());
        System.out.flush();
        System.exit(status);
    }

    /** Runs one command line; returns the exit status. Never throws. */
    static int run(String[] args, InputStream in, PrintStream out, PrintStream err, Environment env) {
        List<String> all = Arrays.asList(args);
        String command = "demo";
        List<String> rest = all;
        if (!all.isEmpty()) {
            String first = all.get(0);
            if (first.equals("--help") || first.equals("-h") || first.equals("help")) {
                out.print(USAGE);
                return 0;
            }
            if (!first.startsWith("-")) {
                command = first;
                rest = all.subList(1, all.size());
            }
        }
        try {
            switch (command) {
                case "demo":
                    return DemoCommand.run(rest, out, env);
                case "chat":
                    return ChatCommand.run(rest, in, out, err, env);
                case "schema":
                    return ToolsCommands.schema(rest, out);
                case "instructions":
                    return ToolsCommands.instructions(rest, out);
                case "extract":
                    return ExtractCommand.run(rest.toArray(new String[0]), in, out, err);
                case "grammar":
                    return GrammarCommand.run(rest, out, err);
                case "mcp-server":
                    return McpServerCommand.run(rest, in, out, err, env);
                default:
                    err.println("calltype: unknown command '" + command + "'; commands: " + String.join(", ", COMMANDS)
                            + " (see --help)");
                    return 2;
            }
        } catch (UsageException e) {
            err.println("calltype " + TerminalText.line(e.getMessage()));
            return 2;
        } catch (ChatFailure | dev.calltype.openai.ChatCompletionsException e) {
            err.println("calltype " + command + ": " + TerminalText.line(e.getMessage()));
            return 1;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            String message = e.getMessage() == null ? "" : ": " + Terminal.snippet(e.getMessage());
            err.println("calltype " + command + ": unexpected " + e.getClass().getSimpleName() + message);
            return 1;
        } finally {
            out.flush();
        }
    }
}
