package dev.calltype.example;


import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.TerminalText;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code calltype extract [--tools FILE] [--response-template FILE] [--finish stop|length] [--stream N] [--events]}: reads one model response on standard input and
 * prints what the extractor found as one JSON object,
 * {@code {"calls":[{"name","arguments","id","format","repairs"}],"errors":[{"kind","message","offset"}],"text":"…"}}.
 *
 * <p>{@code --tools FILE} names the known tools: an OpenAI {@code tools} array or an MCP {@code {"tools":[…]}}
 * listing. {@code --response-template FILE} names a model's {@code tokenizer_config.json} (or a file holding its
 * {@code response_template}): the calls it describes are read too, in the format {@code RESPONSE_TEMPLATE}. {@code --finish stop|length} says how the response ended (the server's finish reason): a call its end
 * leaves open (the closing marker never came) runs only after {@code stop}; without it the ending is unknown and such
 * a call is refused, as after {@code length} (see {@link Ending}). {@code --stream N} feeds the response to the streaming extractor in N-character deltas and prints the
 * same object (so any corpus can be replayed through the streaming path); {@code --events} prints the streaming
 * events instead, one JSON object per line (deltas of {@code --stream N}, default 1).
 *
 * <p>Exit status: 0 whenever the input was read (errors in the response are part of the output); 2 for a bad command
 * line or a tools file that cannot be read or is not a tools listing; 1 when standard input cannot be read. Messages
 * go to standard error on one line.
 */
public final class ExtractCommand {

    static final String USAGE = """
            Usage: java -jar calltype.jar extract [--tools FILE] [--response-template FILE] [--finish stop|length] [--stream N] [--events] < response.txt
              Reads one model response on standard input and prints the tool calls found as JSON:
              {"calls":[{"name","arguments","id","format","repairs"}],"errors":[{"kind","message","offset"}],"text":"..."}
              --tools FILE  the known tools: an OpenAI tools array or an MCP {"tools":[...]} listing
              --response-template FILE  the model's tokenizer_config.json (or its response_template alone):
                            its tool calls are read as that template describes them
              --finish stop|length  how the response ended (the finish reason); a call left open at the end
                            runs only after stop (default: unknown, refused as after length)
              --stream N    read the response through the streaming extractor in N-character deltas
              --events      print the streaming events instead, one JSON object per line""";

    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private ExtractCommand() {
    }

    /** Runs the command; returns the exit status. Never throws for bad input or arguments. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        String toolsFile = null;
        String templateFile = null;
        Ending ending = Ending.UNKNOWN;
        int stream = 0;
        boolean events = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return 0;
                }
                case "--tools" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, "--tools needs a file");
                    }
                    toolsFile = args[++i];
                }
                case "--response-template" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, "--response-template needs a file");
                    }
                    templateFile = args[++i];
                }
                case "--stream" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, "--stream needs a number of characters");
                    }
                    try {
                        stream = Integer.parseInt(args[++i]);
                    } catch (NumberFormatException e) {
                        return usage(err, "--stream needs a positive number, not '" + args[i] + "'");
                    }
                    if (stream < 1) {
                        return usage(err, "--stream needs a positive number, not '" + args[i] + "'");
                    }
                }
                case "--finish" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, "--finish needs stop or length");
                    }
                    switch (args[++i]) {
                        case "stop" -> ending = Ending.STOP;
                        case "length" -> ending = Ending.LENGTH;
                        case "unknown" -> ending = Ending.UNKNOWN;
                        default -> {
                            return usage(err, "--finish needs stop or length, not '" + TerminalText.line(args[i]) + "'");
                        }
                    }
                }
                case "--events" -> events = true;
                default -> {
                    return usage(err, "unknown argument '" + a + "'");
                }
            }
        }

        List<ToolSpec> tools = List.of();
        if (toolsFile != null) {
            try {
                tools = ToolsFile.read("extract", toolsFile);
            } catch (UsageException e) {
                err.println("calltype " + e.getMessage());
                return 2;
            }
        }

        ToolCallExtractor.Builder builder = ToolCallExtractor.builder().tools(tools).ending(ending);
        if (templateFile != null) {
            try {
                builder.responseTemplate(Path.of(templateFile));
            } catch (IllegalArgumentException e) {
                return fail(err, 2, "--response-template: " + TerminalText.line(e.getMessage()));
            }
        }

        String response;
        try {
            response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return fail(err, 1, "cannot read standard input: " + reason(e));
        }

        ToolCallExtractor extractor = builder.build();
        try {
            if (events) {
                printEvents(extractor, response, stream == 0 ? 1 : stream, out);
            } else if (stream > 0) {
                print(streamed(extractor, response, stream), out);
            } else {
                print(result(extractor.extract(response)), out);
            }
        } catch (JsonProcessingException e) {
            return fail(err, 1, "cannot write the result: " + e.getOriginalMessage());
        } catch (IOException e) {
            return fail(err, 1, "cannot write the result: " + reason(e));
        }
        out.flush();
        return 0;
    }

    /**
     * Writes {@code result} and a line break straight to {@code out}: the response's text is not
     * copied into one more string on the way.
     */
    private static void print(ObjectNode result, PrintStream out) throws IOException {
        try (JsonGenerator json = JSON.getFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            JSON.writeTree(json, result);
        }
        out.println();
    }

    /** The printed object for a batch extraction. */
    static ObjectNode result(Extraction x) {
        return result(x.calls(), x.errors(), x.text());
    }

    static ObjectNode result(List<ToolCall> calls, List<ExtractionError> errors, String text) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode c = root.putArray("calls");
        for (ToolCall call : calls) {
            c.add(call(call));
        }
        ArrayNode e = root.putArray("errors");
        for (ExtractionError error : errors) {
            e.add(error(error));
        }
        root.put("text", text);
        return root;
    }

    private static ObjectNode call(ToolCall call) {
        ObjectNode o = JSON.createObjectNode();
        o.put("name", call.name());
        o.set("arguments", call.arguments());
        o.put("id", call.id());
        o.put("format", call.format().name());
        ArrayNode repairs = o.putArray("repairs");
        for (Repair r : call.repairs()) {
            repairs.add(r.name());
        }
        return o;
    }

    private static ObjectNode error(ExtractionError error) {
        ObjectNode o = JSON.createObjectNode();
        o.put("kind", error.kind().name());
        o.put("message", error.message());
        o.put("offset", error.offset());
        return o;
    }

    /**
     * The same object, read through the streaming extractor in {@code n}-character deltas. Only the
     * visible text is kept from the events; each delta and its events are garbage once handled.
     */
    private static ObjectNode streamed(ToolCallExtractor extractor, String response, int n) {
        StreamingExtractor s = extractor.streaming();
        StringBuilder text = new StringBuilder(response.length());
        for (int at = 0; at < response.length(); at += n) {
            appendText(s.feed(delta(response, at, n)), text);
        }
        appendText(s.finish(), text);
        return result(s.calls(), s.errors(), text.toString());
    }

    private static void appendText(List<StreamEvent> events, StringBuilder text) {
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.TextDelta t) {
                text.append(t.text());
            } else if (e instanceof StreamEvent.TextWasReasoning) {
                text.setLength(0); // the text shown so far was reasoning
            }
        }
    }

    private static void printEvents(ToolCallExtractor extractor, String response, int n, PrintStream out)
            throws JsonProcessingException {
        StreamingExtractor s = extractor.streaming();
        for (int at = 0; at < response.length(); at += n) {
            for (StreamEvent e : s.feed(delta(response, at, n))) {
                out.println(JSON.writeValueAsString(event(e)));
            }
        }
        for (StreamEvent e : s.finish()) {
            out.println(JSON.writeValueAsString(event(e)));
        }
    }

    /** One event as a JSON object with a {@code type}. */
    static ObjectNode event(StreamEvent e) {
        ObjectNode o = JSON.createObjectNode();
        if (e instanceof StreamEvent.TextDelta t) {
            o.put("type", "text").put("text", t.text());
        } else if (e instanceof StreamEvent.ReasoningDelta r) {
            o.put("type", "reasoning").put("text", r.text());
        } else if (e instanceof StreamEvent.TextWasReasoning w) {
            o.put("type", "text_was_reasoning").put("text", w.text());
        } else if (e instanceof StreamEvent.CallStarted c) {
            o.put("type", "call_started").put("index", c.index()).put("name", c.name());
            if (c.id() != null) {
                o.put("id", c.id());
            }
        } else if (e instanceof StreamEvent.ArgumentsDelta a) {
            o.put("type", "arguments").put("index", a.index()).put("fragment", a.fragment());
        } else if (e instanceof StreamEvent.CallCompleted c) {
            o.put("type", "call").set("call", call(c.call()));
        } else if (e instanceof StreamEvent.Error x) {
            o.put("type", "error").set("error", error(x.error()));
        }
        return o;
    }

    /**
     * The delta of at most {@code n} characters from {@code at} (a surrogate pair may be split, as in a real
     * stream); made when it is fed, never all at once.
     */
    private static String delta(String response, int at, int n) {
        return response.substring(at, (int) Math.min(response.length(), (long) at + n));
    }

    private static int usage(PrintStream err, String problem) {
        err.println("calltype extract: " + problem + " (usage: java -jar calltype.jar extract [--tools FILE] [--response-template FILE] [--finish stop|length] [--stream N] [--events])");
        return 2;
    }

    private static int fail(PrintStream err, int status, String message) {
        err.println("calltype extract: " + message.replace('\n', ' '));
        return status;
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : " (" + m + ")");
    }
}
