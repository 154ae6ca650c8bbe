package dev.calltype.example;

import dev.calltype.example.answers.Contact;
import dev.calltype.example.answers.ContactAnswer;
import dev.calltype.openai.ChatCompletionsException;
import dev.calltype.openai.OpenAiChatModel;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.agent.Answers;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.ReplyListener;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code answer}: asks a model for a typed answer, a {@link Contact} read from an e-mail signature, and prints
 * each reply, what was wrong with it, the correction sent back, and the value read. Without {@code --base-url}
 * the demo's embedded model answers (no network).
 */
final class AnswerCommand {

    static final String USAGE = """
            Usage: java -jar calltype.jar answer [--base-url URL --model NAME] [--text TEXT] [--timeout SECONDS]

            Asks a model to read a contact (name, e-mail, phones, company, role, preferred channel) out of
            an e-mail signature, as a typed Java record. The reply is read leniently (prose, fences,
            reasoning, repairs); a reply that cannot be read is sent back with its correction prompt, at
            most twice. A server is asked with response_format and the answer's strict JSON Schema.
            Without --base-url, the demo's embedded model answers (first cut off, then corrected).

            Options:
              --base-url URL      an OpenAI-compatible server, e.g. http://localhost:11434/v1
              --model NAME        the model's name on that server (required with --base-url)
              --text TEXT         the signature to read (default: a sample)
              --timeout SECONDS   how long one request may take (default 120)

            Environment:
              OPENAI_API_KEY      sent as a bearer token when set, to the --base-url's origin only
            """;

    /** How the embedded model is asked, for the header: it has no native structured output. */
    static final String INSTRUCTED = "the answer's format instructions";

    static final String SAMPLE = """
            Thanks, talk soon!
            --
            Ana Lima | Head of Partnerships
            Northwind Traders · ana.lima@northwind.example
            Mobile +351 912 345 678 · Office +351 21 000 1234
            (email is best, I'm rarely at my desk)""";

    /** The embedded model's replies: the first cut off mid-answer, the second written as small models write. */
    static final List<String> SCRIPTED = List.of(
            "<think>The signature gives a name, a title, a company, an e-mail and two phones.</think>\n"
                    + "Here are the details:\n```json\n{\"name\": \"Ana Lima\", \"email\": \"ana.lima@northwind.example\","
                    + " \"phones\": [\"+351 912 345 678\", \"+351 21",
            "Sorry about that, here is the complete answer:\n```json\n{name: 'Ana Lima', email:"
                    + " 'ana.lima@northwind.example', phones: ['+351 912 345 678', '+351 21 000 1234',],"
                    + " company: 'Northwind Traders', role: 'Head of Partnerships', preferred: 'email',"
                    + " confidence: 0.93}\n```\nLet me know if you need anything else.");

    private AnswerCommand() {
    }

    static int run(List<String> args, PrintStream out, Environment env) throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(USAGE);
            return 0;
        }
        Options options = Options.parse("answer", args, Set.of("base-url", "model", "text", "timeout"), Set.of());
        String text = options.value("text").orElse(SAMPLE);
        if (text.isBlank()) {
            throw new UsageException("answer: --text is empty");
        }
        int timeout = options.intValue("timeout", 120, 1, 3600);
        Style style = Style.forEnvironment(env);
        ModelClient model;
        String who;
        String how;
        if (options.has("base-url")) {
            URI baseUrl = ChatCommand.baseUrl(options.required("base-url"));
            String name = options.required("model");
            model = OpenAiChatModel.builder().baseUrl(baseUrl).model(name)
                    .apiKey(env.variable("OPENAI_API_KEY")).timeout(Duration.ofSeconds(timeout)).build();
            who = Terminal.line(name, 80);
            how = "response_format (strict JSON Schema)";
        } else if (options.has("model")) {
            throw new UsageException("answer: --model is for --base-url");
        } else {
            model = scripted();
            who = "the embedded model";
            how = INSTRUCTED;
        }
        return ask(model, who, how, text, out, style) ? 0 : 1;
    }

    /** The demo's embedded model, answering from {@link #SCRIPTED}. */
    static ModelClient scripted() {
        List<String> replies = new ArrayList<>(SCRIPTED);
        return ModelClient.of((messages, tools) -> ModelReply.text(replies.isEmpty() ? "" : replies.remove(0)));
    }

    /**
     * Asks, printing each reply and what was made of it; whether a contact was read. {@code how} says how the model
     * asks for the answer, for the header: the model decides that itself.
     */
    static boolean ask(ModelClient model, String who, String how, String text, PrintStream out, Style style) {
        ContactAnswer type = new ContactAnswer();
        Recording recording = new Recording(model);
        out.println(style.bold("answer") + " · a " + Contact.class.getSimpleName() + " from " + who + ", asked with "
                + how);
        ParsedAnswer<Contact> answer;
        try {
            answer = Answers.ask(recording, type, List.of(ChatMessage.user(
                    "Read the contact details from this e-mail signature:\n\n" + text)));
        } catch (ChatCompletionsException e) {
            throw e;
        } catch (Exception e) {
            throw new ChatFailure("the model failed: " + Terminal.snippet(String.valueOf(e.getMessage())));
        }
        for (int i = 0; i < recording.replies.size(); i++) {
            print(type, i + 1, recording.replies.get(i), out, style);
        }
        if (answer.value().isEmpty()) {
            out.println(style.red("✗ no contact could be read after " + recording.replies.size() + " replies"));
            return false;
        }
        out.println(label("value", style) + style.green(Terminal.text(answer.value().get().toString())));
        return true;
    }

    private static void print(AnswerType<Contact> type, int n, String reply, PrintStream out, Style style) {
        out.println(label("reply " + n, style) + style.dim(Terminal.text(reply).replace("\n", "\n" + " ".repeat(12))));
        ParsedAnswer<Contact> parsed = type.parse(reply);
        for (AnswerError e : parsed.errors()) {
            out.println(label("error", style) + style.red(e.kind() + " " + e.path() + ": " + Terminal.text(e.message())));
        }
        if (!parsed.repairs().isEmpty()) {
            out.println(label("repaired", style) + parsed.repairs());
        }
        if (!parsed.ignored().isEmpty()) {
            out.println(label("ignored", style) + String.join(", ", parsed.ignored()));
        }
        parsed.correctionPrompt().ifPresent(p -> out.println(label("sent back", style)
                + style.yellow(p.replace("\n", "\n" + " ".repeat(12)))));
    }

    private static String label(String text, Style style) {
        return style.dim(String.format("%-12s", text));
    }

    /**
     * A model whose replies are kept, to be shown: it hands each request on whole, so the model still sends the
     * answer's schema when it can.
     */
    private static final class Recording implements ModelClient {
        final ModelClient model;
        final List<String> replies = new ArrayList<>();

        Recording(ModelClient model) {
            this.model = model;
        }

        @Override
        public ModelReply send(ModelRequest request, ReplyListener listener) throws Exception {
            ModelReply reply = model.send(request, listener);
            replies.add(reply == null ? "" : reply.text());
            return reply;
        }
    }
}
