package dev.calltype.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.openai.internal.ChatCompletionsClient;
import dev.calltype.openai.internal.Completion;
import dev.calltype.openai.internal.CompletionAssembler;
import dev.calltype.openai.internal.Endpoint;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.SchemaDialects;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ModelRequest;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ReplyListener;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.constraint.Constraints;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A {@link ModelClient} for any OpenAI-compatible Chat Completions server (OpenAI, Ollama, llama.cpp server, vLLM, LM
 * Studio), on the JDK {@code HttpClient} and Jackson.
 *
 * <pre>{@code
 * OpenAiChatModel model = OpenAiChatModel.builder()
 *         .baseUrl("http://localhost:11434/v1")
 *         .model("qwen3:8b")
 *         .apiKey(System.getenv("OPENAI_API_KEY"))   // null: no Authorization header
 *         .build();
 * ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("What is 17 * 23?");
 * }</pre>
 *
 * <p><b>Modes.</b> When the loop offers tools (its native mode) they are sent as {@code tools} in OpenAI's schema
 * dialect and the answer's {@code tool_calls} are read with {@link NativeTools#extraction}: argument
 * strings leniently, names matched to the tools, and a call that is cut off, unreadable or names no tool becomes a
 * rejected call the model is told about, never a call that runs. When it offers none (prompt mode) no tools are
 * sent and the calls are read from the text by the loop. The finish reason is reported in the reply's
 * {@link ReplyMetadata}: at {@code length} the loop refuses the reply's last call, native or in the text, as it does
 * for every client.
 *
 * <p><b>Streaming.</b> It always asks for a stream; text reaches {@link #stream}'s {@code onText} as it arrives, and
 * {@link #send}'s {@link ReplyListener} (what {@code ToolLoop} passes) and the builder's
 * {@link Builder#listener listener} hear, in {@link StreamEvent}s, the text, reasoning sent apart, and each native
 * call as it forms (start, argument text as it grows, completion or rejection). A server that answers with one JSON
 * body is read too.
 *
 * <p><b>Typed answers.</b> A request with an answer type ({@code Answers.ask}) carries the answer's strict JSON Schema
 * as {@code response_format}, also when it reaches this model through a decorator that hands the request on.
 *
 * <p><b>Timeouts and limits.</b> {@link Builder#responseTimeout} bounds everything up to a usable answer's headers:
 * connecting, waiting, redirects and retries. {@link Builder#idleTimeout} bounds the time between two events of the
 * stream that bring something (comments, empty events and empty deltas do not count), and {@link Builder#replyTimeout}
 * the whole reply, from sending the request to its last event, however steadily the server sends. The body may hold at most {@link Builder#maxResponseBytes}, one
 * event {@link Builder#maxEventBytes}, the answer's text and arguments {@link Builder#maxResponseChars}: past a
 * limit the request fails with a {@link ChatCompletionsException} of kind {@code TOO_LARGE}, and memory stays
 * bounded whatever the server sends. 429 and 503 answers are retried at most {@link Builder#maxRetries} times after
 * their {@code Retry-After} (or 1, 2, 4 … s), when that wait is at most {@link Builder#maxRetryWait} and ends within
 * the response timeout.
 *
 * <p><b>Credentials.</b> The API key is sent as {@code Authorization: Bearer …} (user and password in the base URL
 * as Basic authorization when no key is given) to the base URL's origin only (scheme, host and port). Redirects are
 * followed only when they are 307 or 308 to the same origin (at most {@link Builder#maxRedirects}); any other
 * redirect fails the request with a message naming where it pointed: credentials never go to another origin and a
 * POST never silently becomes a GET. Messages never show credentials or the URL's query.
 *
 * <p><b>Constrained decoding.</b> With {@link Builder#constrain} each request that offers no tools (prompt mode) carries
 * a constraint made from the toolkit for the format the system message teaches, in the fields the {@link ServerProfile}
 * names, so the server lets the model write only valid calls. Requests that offer tools natively carry none: the
 * server builds its own from {@code tools}, and {@code llama-server} rejects a {@code grammar} sent with
 * {@code tools}. Off by default.
 *
 * <p>Every failure is a {@link ChatCompletionsException} with one line for a person. Thread-safe: one model may
 * serve several conversations at once.
 */
public final class OpenAiChatModel implements ModelClient {

    /** Default {@link Builder#responseTimeout}: 120 s. */
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(120);
    /** Default {@link Builder#idleTimeout}: 60 s. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
    /** Default {@link Builder#replyTimeout}: 10 minutes. */
    public static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofMinutes(10);
    /** Default {@link Builder#maxResponseBytes}: 16 MiB. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 16L << 20;
    /** Default {@link Builder#maxEventBytes}: 1 MiB. */
    public static final int DEFAULT_MAX_EVENT_BYTES = 1 << 20;
    /** Default {@link Builder#maxResponseChars}: 2,000,000. */
    public static final long DEFAULT_MAX_RESPONSE_CHARS = 2_000_000;
    /** Default {@link Builder#maxRetries}: 2. */
    public static final int DEFAULT_MAX_RETRIES = 2;
    /** Default {@link Builder#maxRetryWait}: 30 s. */
    public static final Duration DEFAULT_MAX_RETRY_WAIT = Duration.ofSeconds(30);
    /** Default {@link Builder#maxRedirects}: 3. */
    public static final int DEFAULT_MAX_REDIRECTS = 3;

    private final ChatCompletionsClient client;
    private final String model;
    private final ToolCallExtractor extractor;
    /**
     * The extractor for the offered tools, made once per list of tools and kept while the loop offers the same list
     * (when the builder was given none). The tools themselves are sent as OpenAI's dialect renders the whole list.
     */
    private final NativeTools<ToolSpec> offered = new NativeTools<>(Function.identity());
    private final Consumer<StreamEvent> listener;
    private final ServerProfile profile;
    private final Constraints constraints;
    private final boolean includeUsage;
    /** Set once the server answered 400 to {@code stream_options}: later requests leave it out. */
    private volatile boolean usageRefused;

    private OpenAiChatModel(Builder b) {
        this.client = new ChatCompletionsClient(Endpoint.of(b.baseUrl), b.apiKey, new ChatCompletionsClient.Settings(
                b.responseTimeout, b.idleTimeout, b.replyTimeout, b.maxResponseBytes, b.maxEventBytes, b.maxResponseChars, b.maxRetries,
                b.maxRetryWait, b.maxRedirects));
        this.model = b.model;
        this.extractor = b.extractor;
        this.listener = b.listener;
        this.profile = b.profile;
        this.constraints = b.constraints;
        this.includeUsage = b.includeUsage;
    }

    /**
     * A builder; {@link Builder#baseUrl} and {@link Builder#model} are required.
     *
     * @return a new builder with the default timeouts and limits
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Where requests go, as messages show it: without credentials or query.
     *
     * @return the chat completions URL, safe to log
     */
    public String endpoint() {
        return client.endpoint().display();
    }

    /**
     * The model name sent with each request.
     *
     * @return the name given to the builder
     */
    public String model() {
        return model;
    }

    /** @throws ChatCompletionsException when the request fails */
    @Override
    public ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) {
        return send(ModelRequest.of(messages, tools), ReplyListener.NONE);
    }

    /** @throws ChatCompletionsException when the request fails */
    @Override
    public ModelReply stream(List<ChatMessage> messages, List<ToolSpec> tools, Consumer<String> onText) {
        return send(ModelRequest.of(messages, tools), ReplyListener.rawText(onText));
    }

    /**
     * Sends the request and streams the answer: its text to {@link ReplyListener#onRawText}, and to
     * {@link ReplyListener#onEvent} the reasoning a server sends apart ({@code reasoning_content} or
     * {@code reasoning}) and each native call as it forms: its start (name and id) once its name arrives, its
     * argument text piece by piece, then its completion or rejection once the next call starts or the answer ends.
     *
     * <p>A request with an {@link ModelRequest#answer() answer type} carries {@code response_format} with the
     * answer's strict JSON Schema ({@code SchemaDialect.OPENAI_STRICT}), which OpenAI, vLLM, llama.cpp and Ollama's
     * OpenAI-compatible endpoint follow, and the messages as they are (no prompt instructions); such a request
     * carries no constraint for calls (the schema is the constraint).
     *
     * @throws ChatCompletionsException when the request fails
     */
    @Override
    public ModelReply send(ModelRequest request, ReplyListener out) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(out, "out");
        return send(() -> requestBody(request), request.tools(), out);
    }

    /**
     * Sends the request {@code body} makes; when the server refuses {@code stream_options} (HTTP 400, before anything
     * streamed), makes it again without and sends it once more.
     */
    private ModelReply send(Supplier<String> body, List<ToolSpec> tools, ReplyListener out) {
        try {
            return complete(body.get(), tools, out);
        } catch (ChatCompletionsException e) {
            if (!refusesUsage(e)) {
                throw e;
            }
            usageRefused = true;
            return complete(body.get(), tools, out);
        }
    }

    /** Whether a failure is the server refusing {@code stream_options}, which this client sent. */
    private boolean refusesUsage(ChatCompletionsException e) {
        return includeUsage && !usageRefused && e.kind() == ChatCompletionsException.Kind.HTTP_STATUS
                && e.getMessage().contains("HTTP 400") && e.getMessage().contains("stream_options");
    }

    /**
     * The model requests ask for.
     *
     * @return the name given to the builder
     */
    @Override
    public String modelName() {
        return model;
    }

    private ModelReply complete(String requestBody, List<ToolSpec> tools, ReplyListener to) {
        // the builder's listener hears what the caller's does, in the same events
        ReplyListener out = new ReplyListener() {
            @Override
            public void onRawText(String delta) {
                to.onRawText(delta);
                listener.accept(new StreamEvent.TextDelta(delta));
            }

            @Override
            public void onEvent(StreamEvent event) {
                to.onEvent(event);
                listener.accept(event);
            }
        };
        ToolCallExtractor reader = extractor != null ? extractor : offered.offer(tools).extractor();
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> rejected = new ArrayList<>();
        long t0 = System.nanoTime();
        long[] first = {-1};
        Completion completion = client.complete(requestBody, new CompletionAssembler.Listener() {
            private void arrived() {
                if (first[0] < 0) {
                    first[0] = System.nanoTime();
                }
            }

            @Override
            public void text(String piece) {
                arrived();
                out.onRawText(piece);
            }

            @Override
            public void reasoning(String piece) {
                arrived();
                out.onEvent(new StreamEvent.ReasoningDelta(piece));
            }

            @Override
            public void callStarted(int index, String name, String id) {
                arrived();
                out.onEvent(new StreamEvent.CallStarted(index, name.strip(), id));
            }

            @Override
            public void arguments(int index, String piece) {
                out.onEvent(new StreamEvent.ArgumentsDelta(index, piece));
            }

            @Override
            public void callComplete(Completion.NativeCall call) {
                read(reader, call, calls, rejected, out);
            }
        });
        List<Completion.NativeCall> all = completion.toolCalls();
        int done = calls.size() + rejected.size();
        for (int i = done; i < all.size(); i++) {
            // the finish reason goes into the metadata: ToolLoop refuses the last call of a reply cut at the limit
            read(reader, all.get(i), calls, rejected, out);
        }
        long end = System.nanoTime();
        return new ModelReply(completion.content(), calls, rejected, metadata(completion, t0, first[0], end));
    }

    /** What the answer said of itself (model, finish reason, usage), and its timings on this client's clock. */
    private static ReplyMetadata metadata(Completion completion, long t0, long first, long end) {
        Completion.Usage u = completion.usage();
        TokenUsage usage = u == null ? null : new TokenUsage(Math.max(0, u.promptTokens()),
                Math.max(0, u.completionTokens()));
        Duration total = Duration.ofNanos(end - t0);
        return new ReplyMetadata(completion.model(), completion.finishReason(), usage,
                first < 0 ? total : Duration.ofNanos(first - t0), total);
    }

    private void read(ToolCallExtractor reader, Completion.NativeCall nc, List<ToolCall> calls, List<ToolResult> rejected,
                      ReplyListener out) {
        NativeTools.Call sent = new NativeTools.Call(nc.name(), nc.arguments(), nc.id());
        String name = sent.readName();
        Extraction read = NativeTools.extraction(reader, sent);
        for (ToolCall call : read.calls()) {
            calls.add(call);
            out.onEvent(new StreamEvent.CallCompleted(call));
        }
        if (!read.hasCalls()) {
            ToolResult failure = ToolResult.failure(name, nc.id(), read.correctionPrompt().orElseThrow());
            rejected.add(failure);
            out.onEvent(new StreamEvent.Error(read.errors().get(0)));
        }
    }

    /**
     * The request body: the model, the messages, {@code stream: true}, and the tools when offered; the answer's
     * schema as {@code response_format} when the request asks for a typed answer; else the constraint for calls, when
     * one is set and the toolkit has tools.
     */
    String requestBody(ModelRequest request) {
        AnswerType<?> answer = request.answer();
        // the answer's schema, not the calls' grammar
        ObjectNode body = requestJson(request.messages(), request.tools(), answer == null);
        if (answer != null) {
            try {
                body.set("response_format", ChatCompletionsClient.JSON.readTree(
                        answer.schemaJson(SchemaDialect.OPENAI_STRICT)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("the answer's OpenAI schema is not JSON", e);
            }
        }
        return write(body);
    }

    /** The request as JSON; {@code constrain}: with the calls' constraints when configured and no tools are sent. */
    private ObjectNode requestJson(List<ChatMessage> messages, List<ToolSpec> tools, boolean constrain) {
        ObjectNode body = ChatCompletionsClient.JSON.createObjectNode();
        body.put("model", model);
        body.set("messages", messagesJson(messages));
        body.put("stream", true);
        if (includeUsage && !usageRefused) {
            body.putObject("stream_options").put("include_usage", true);
        }
        if (!tools.isEmpty()) {
            try {
                body.set("tools", ChatCompletionsClient.JSON.readTree(SchemaDialects.render(tools, SchemaDialect.OPENAI)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("the tools' OpenAI schema is not JSON", e);
            }
        } else if (constrain && constraints != null && !constraints.tools().isEmpty()
                && !(profile.schemaOnly() && answersCall(messages))) {
            profile.addTo(body, constraints);
        }
        return body;
    }

    /**
     * Whether the latest assistant message made a call, so that this request brings the model the results it asked
     * for. A server that takes only a schema cannot allow words besides a call: such a request goes unconstrained, so
     * that the model can give its answer (or call again, read back as any prompt-mode call is).
     */
    private boolean answersCall(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            ChatMessage m = messages.get(i);
            if (m.role() == ChatMessage.Role.ASSISTANT) {
                return !m.toolCalls().isEmpty() || ToolCallExtractor.builder().tools(constraints.tools()).build()
                        .extract(m.content()).hasCalls();
            }
        }
        return false;
    }

    private static String write(ObjectNode body) {
        try {
            return ChatCompletionsClient.JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the request", e);
        }
    }

    /** The messages in Chat Completions form. */
    static ArrayNode messagesJson(List<ChatMessage> messages) {
        ArrayNode out = ChatCompletionsClient.JSON.createArrayNode();
        for (ChatMessage m : messages) {
            ObjectNode o = out.addObject();
            o.put("role", m.role().name().toLowerCase(Locale.ROOT));
            if (m.role() == ChatMessage.Role.TOOL) {
                o.put("tool_call_id", m.toolCallId());
                o.put("content", m.content());
            } else if (m.role() == ChatMessage.Role.ASSISTANT && !m.toolCalls().isEmpty()) {
                if (m.content().isEmpty()) {
                    o.putNull("content");
                } else {
                    o.put("content", m.content());
                }
                ArrayNode calls = o.putArray("tool_calls");
                for (ToolCall call : m.toolCalls()) {
                    ObjectNode c = calls.addObject();
                    c.put("id", call.id());
                    c.put("type", "function");
                    // The arguments as read (repaired), so a server that re-parses the history can.
                    c.putObject("function").put("name", call.name()).put("arguments", call.arguments().toString());
                }
            } else {
                o.put("content", m.content());
            }
        }
        return out;
    }

    /** Settings for an {@link OpenAiChatModel}. */
    public static final class Builder {
        private URI baseUrl;
        private String model;
        private String apiKey;
        private Duration responseTimeout = DEFAULT_RESPONSE_TIMEOUT;
        private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        private Duration replyTimeout = DEFAULT_REPLY_TIMEOUT;
        private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private int maxEventBytes = DEFAULT_MAX_EVENT_BYTES;
        private long maxResponseChars = DEFAULT_MAX_RESPONSE_CHARS;
        private int maxRetries = DEFAULT_MAX_RETRIES;
        private Duration maxRetryWait = DEFAULT_MAX_RETRY_WAIT;
        private int maxRedirects = DEFAULT_MAX_REDIRECTS;
        private ToolCallExtractor extractor;
        private Consumer<StreamEvent> listener = e -> {
        };
        private ServerProfile profile = ServerProfile.NONE;
        private Constraints constraints;
        private boolean includeUsage = true;

        private Builder() {
        }

        /**
         * The server's base URL, such as {@code http://localhost:11434/v1} or {@code https://api.openai.com/v1}:
         * {@code /chat/completions} is appended to its path (before any query) unless the path ends so already.
         *
         * @param url an {@code http} or {@code https} URL
         * @return this builder
         * @throws IllegalArgumentException when the URL cannot be used (no host, another scheme)
         */
        public Builder baseUrl(URI url) {
            Endpoint.of(Objects.requireNonNull(url, "url")); // fails early on a URL that cannot be used
            this.baseUrl = url;
            return this;
        }

        /**
         * The base URL as text, as {@link #baseUrl(URI)} takes it.
         *
         * @param url the URL; blanks around it are ignored
         * @return this builder
         * @throws IllegalArgumentException when the text is not a usable URL
         */
        public Builder baseUrl(String url) {
            Objects.requireNonNull(url, "url");
            try {
                return baseUrl(new URI(url.strip()));
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException("the base URL is not a URL: " + e.getReason());
            }
        }

        /**
         * The model name sent with each request (required).
         *
         * @param name the model as the server names it, such as {@code gpt-4o} or {@code qwen3:8b}
         * @return this builder
         * @throws IllegalArgumentException when {@code name} is {@code null} or blank
         */
        public Builder model(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("the model name must not be blank");
            }
            this.model = name;
            return this;
        }

        /**
         * The API key, sent as a bearer token to the base URL's origin only.
         *
         * @param key the key; {@code null} or blank sends none (local servers)
         * @return this builder
         */
        public Builder apiKey(String key) {
            this.apiKey = key;
            return this;
        }

        /**
         * The response timeout and the idle timeout both.
         *
         * @param d the timeout, positive
         * @return this builder
         */
        public Builder timeout(Duration d) {
            return responseTimeout(d).idleTimeout(d);
        }

        /**
         * The longest wait from sending a request to a usable answer's headers, connecting and retries included.
         *
         * @param d the timeout, positive
         * @return this builder
         * @throws IllegalArgumentException when {@code d} is not positive
         */
        public Builder responseTimeout(Duration d) {
            this.responseTimeout = positive(d, "responseTimeout");
            return this;
        }

        /**
         * The longest wait between two events of a streamed answer (or two reads of a whole one).
         *
         * @param d the timeout, positive
         * @return this builder
         * @throws IllegalArgumentException when {@code d} is not positive
         */
        public Builder idleTimeout(Duration d) {
            this.idleTimeout = positive(d, "idleTimeout");
            return this;
        }

        /**
         * The longest a whole reply may take, from sending the request to its last event, retries included: a server
         * that keeps sending (empty deltas, a token a minute) cannot hold a request open past it. A reply that does
         * not end in time fails as {@code TIMEOUT}, and nothing of it is used.
         *
         * @param d the timeout, positive
         * @return this builder
         * @throws IllegalArgumentException when {@code d} is not positive
         */
        public Builder replyTimeout(Duration d) {
            this.replyTimeout = positive(d, "replyTimeout");
            return this;
        }

        /**
         * The most bytes one answer's body may hold; a larger one fails as {@code TOO_LARGE}.
         *
         * @param n the limit, at least 1024
         * @return this builder
         * @throws IllegalArgumentException when {@code n} is below 1024
         */
        public Builder maxResponseBytes(long n) {
            this.maxResponseBytes = atLeast(n, 1024, "maxResponseBytes");
            return this;
        }

        /**
         * The most bytes one event (or one line) of a stream may hold; a larger one fails as {@code TOO_LARGE}.
         *
         * @param n the limit, at least 1024
         * @return this builder
         * @throws IllegalArgumentException when {@code n} is below 1024
         */
        public Builder maxEventBytes(int n) {
            this.maxEventBytes = (int) atLeast(n, 1024, "maxEventBytes");
            return this;
        }

        /**
         * The most characters of text and tool-call arguments one answer may hold.
         *
         * @param n the limit, at least 1
         * @return this builder
         * @throws IllegalArgumentException when {@code n} is below 1
         */
        public Builder maxResponseChars(long n) {
            this.maxResponseChars = atLeast(n, 1, "maxResponseChars");
            return this;
        }

        /**
         * How many times a 429 or 503 answer is retried (0: never).
         *
         * @param n the retries, at least 0
         * @return this builder
         * @throws IllegalArgumentException when {@code n} is negative
         */
        public Builder maxRetries(int n) {
            this.maxRetries = (int) atLeast(n, 0, "maxRetries");
            return this;
        }

        /**
         * The longest {@code Retry-After} that is waited for; a longer one fails at once.
         *
         * @param d the longest wait
         * @return this builder
         */
        public Builder maxRetryWait(Duration d) {
            this.maxRetryWait = Objects.requireNonNull(d, "maxRetryWait");
            return this;
        }

        /**
         * How many same-origin 307/308 redirects are followed (0: none).
         *
         * @param n the redirects, at least 0
         * @return this builder
         * @throws IllegalArgumentException when {@code n} is negative
         */
        public Builder maxRedirects(int n) {
            this.maxRedirects = (int) atLeast(n, 0, "maxRedirects");
            return this;
        }

        /**
         * The extractor that reads native calls (its tools, limits); by default one is made for the tools the
         * requests offer, with default limits, and kept while they offer the same tools.
         *
         * @param e the extractor whose rules read each native call's arguments
         * @return this builder
         */
        public Builder extractor(ToolCallExtractor e) {
            this.extractor = Objects.requireNonNull(e, "extractor");
            return this;
        }

        /**
         * Receives the answer as it arrives, on the calling thread, in the events every {@link ReplyListener} gets
         * ({@link #send}): {@link StreamEvent.TextDelta} for each piece of text as the server sent it,
         * {@link StreamEvent.ReasoningDelta} for reasoning sent apart, and for each native call
         * {@link StreamEvent.CallStarted}, its {@link StreamEvent.ArgumentsDelta}s, then {@link StreamEvent.CallCompleted}
         * (it will be in the reply's {@code toolCalls}) or {@link StreamEvent.Error} (in its {@code rejectedCalls}).
         * It hears every request, whichever method sent it.
         *
         * @param l the listener; the default ignores every event
         * @return this builder
         */
        public Builder listener(Consumer<StreamEvent> l) {
            this.listener = Objects.requireNonNull(l, "listener");
            return this;
        }

        /**
         * Constrained decoding: each request that offers no tools (ToolLoop's prompt mode) carries {@code constraints}
         * in the fields {@code profile} names, made for the toolkit's tools as they are at that request. Give the
         * constraints the format the loop teaches ({@code Constraints.of(toolkit).format(loopFormat)}); with
         * {@link ServerProfile#OLLAMA} and {@link ServerProfile#LM_STUDIO}, which take only a JSON schema, every
         * constrained answer is one bare call object.
         *
         * @param profile the server's kind; {@link ServerProfile#NONE} sends nothing (the default)
         * @param constraints what to constrain the answers to
         * @return this builder
         */
        public Builder constrain(ServerProfile profile, Constraints constraints) {
            this.profile = Objects.requireNonNull(profile, "profile");
            this.constraints = Objects.requireNonNull(constraints, "constraints");
            return this;
        }

        /**
         * Whether each request asks for the answer's token usage ({@code "stream_options": {"include_usage": true}},
         * which OpenAI, vLLM, SGLang, llama.cpp's server and Ollama take); the usage is then in each reply's
         * {@link ModelReply#metadata()}. On by default; a server that answers HTTP 400 naming {@code stream_options}
         * is asked again without it, and not asked for usage again. Usage a server sends unasked is read either way.
         *
         * @param on {@code false} never to send {@code stream_options}
         * @return this builder
         */
        public Builder includeUsage(boolean on) {
            this.includeUsage = on;
            return this;
        }

        /**
         * A model client with these settings.
         *
         * @return a new client, safe to share between threads
         * @throws IllegalStateException when the base URL or the model is missing
         */
        public OpenAiChatModel build() {
            if (baseUrl == null) {
                throw new IllegalStateException("set the base URL, e.g. http://localhost:11434/v1");
            }
            if (model == null) {
                throw new IllegalStateException("set the model name");
            }
            return new OpenAiChatModel(this);
        }

        private static Duration positive(Duration d, String what) {
            if (d == null || d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(what + " must be positive");
            }
            return d;
        }

        private static long atLeast(long n, long min, String what) {
            if (n < min) {
                throw new IllegalArgumentException(what + " must be at least " + min);
            }
            return n;
        }
    }
}
