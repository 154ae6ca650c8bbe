package dev.calltype.openai.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.openai.ChatCompletionsException;
import dev.calltype.openai.ChatCompletionsException.Kind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Sends one Chat Completions request and reads the answer, streamed or whole, on the JDK {@link HttpClient}.
 *
 * <ul>
 *   <li>Redirects are handled here, not by the client: a 307 or 308 to the same origin (scheme, host, port) is
 *       followed, at most {@code maxRedirects} times, with the same method, body and credentials; any other redirect
 *       is refused with a message naming where it pointed, so credentials never reach another origin and a POST
 *       never silently becomes a GET.</li>
 *   <li>{@code responseTimeout} bounds everything up to a usable answer's headers: connecting, waiting, redirects
 *       and retries. {@code idleTimeout} then bounds the time between events that bring something (comments, empty
 *       events and chunks that add no text, reasoning, call or ending are not progress), or between reads of a
 *       whole JSON answer; {@code replyTimeout} bounds the whole reply, from sending the request to its last event,
 *       however steadily the server sends.</li>
 *   <li>429 and 503 are retried at most {@code maxRetries} times, after the server's {@code Retry-After} (seconds or
 *       an HTTP date) or else 1, 2, 4 … seconds, only when the wait is at most {@code maxRetryWait} and ends before
 *       the response timeout does.</li>
 *   <li>The body may hold at most {@code maxResponseBytes}, one event or line at most {@code maxEventBytes}, and the
 *       answer's text and arguments at most {@code maxResponseChars} characters.</li>
 * </ul>
 */
public final class ChatCompletionsClient {

    /** The limits and timeouts of a client. */
    public record Settings(Duration responseTimeout, Duration idleTimeout, Duration replyTimeout,
                           long maxResponseBytes, int maxEventBytes, long maxResponseChars, int maxRetries,
                           Duration maxRetryWait, int maxRedirects) {
    }

    public static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_ERROR_BODY = 4096;

    private final Endpoint endpoint;
    private final String authorization;
    private final Settings settings;
    private final HttpClient http;

    /** @param apiKey sent as a bearer token when not blank; else the base URL's user and password, if any */
    public ChatCompletionsClient(Endpoint endpoint, String apiKey, Settings settings) {
        this.endpoint = endpoint;
        this.authorization = apiKey != null && !apiKey.isBlank() ? "Bearer " + apiKey.strip()
                : endpoint.basicAuthorization();
        this.settings = settings;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.responseTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /**
     * Sends {@code body} and reads the whole answer.
     *
     * @param onText each piece of text as it arrives
     * @param onCallComplete each native call once a later one has started
     * @throws ChatCompletionsException for every failure
     */
    public Completion complete(String body, Consumer<String> onText, Consumer<Completion.NativeCall> onCallComplete) {
        return complete(body, new CompletionAssembler(onText, onCallComplete, settings.maxResponseChars()));
    }

    /**
     * Sends {@code body} and reads the whole answer, telling {@code listener} about text, reasoning and native calls
     * as they stream in.
     *
     * @throws ChatCompletionsException for every failure
     */
    public Completion complete(String body, CompletionAssembler.Listener listener) {
        return complete(body, new CompletionAssembler(listener, settings.maxResponseChars()));
    }

    private Completion complete(String body, CompletionAssembler assembler) {
        long end = System.nanoTime() + settings.replyTimeout().toNanos();
        HttpResponse<InputStream> response = send(body);
        String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        InputStream in = response.body();
        try (IdleTimer idle = new IdleTimer(in, settings.idleTimeout().toNanos(), end); in) {
            try {
                return type.contains("json") && !type.contains("stream") ? readJson(in, idle, assembler)
                        : readStream(in, idle, assembler);
            } catch (IOException e) {
                if (idle.interrupted() || e instanceof java.io.InterruptedIOException) {
                    throw cancelled();
                }
                if (idle.fired()) {
                    throw timeout(idle);
                }
                throw new ChatCompletionsException(Kind.UNREACHABLE, "the connection to " + endpoint
                        + " broke while reading the answer: " + reason(e));
            } catch (ChatCompletionsException e) {
                if (idle.interrupted()) {
                    throw cancelled();
                }
                if (idle.fired()) {
                    throw timeout(idle);
                }
                throw e;
            }
        } catch (IOException e) {
            throw new ChatCompletionsException(Kind.UNREACHABLE, "the connection to " + endpoint + " broke: " + reason(e));
        }
    }

    /** The calling thread was interrupted while the answer streamed: the request was cancelled, nothing of it used. */
    private ChatCompletionsException cancelled() {
        return new ChatCompletionsException(Kind.CANCELLED, "the request to " + endpoint + " was cancelled (the"
                + " thread was interrupted) while the answer streamed; nothing of it was used");
    }

    /** The failure for a body the timer closed: the idle timeout, or the reply's overall deadline. */
    private ChatCompletionsException timeout(IdleTimer idle) {
        if (idle.pastDeadline()) {
            return new ChatCompletionsException(Kind.TIMEOUT, "the server at " + endpoint + " did not finish its"
                    + " answer within " + seconds(settings.replyTimeout()) + " (reply timeout); nothing of it was used");
        }
        return new ChatCompletionsException(Kind.TIMEOUT, "the server at " + endpoint + " sent nothing new for "
                + seconds(settings.idleTimeout()) + " while answering (idle timeout)");
    }

    // ------------------------------------------------------------------ sending

    private HttpResponse<InputStream> send(String body) {
        long deadline = System.nanoTime() + settings.responseTimeout().toNanos();
        URI target = endpoint.uri();
        String origin = Endpoint.origin(target);
        int redirects = 0;
        int retries = 0;
        while (true) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw noAnswer();
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(target)
                    .timeout(Duration.ofNanos(remaining))
                    .header("Content-Type", "application/json")
                    .header("Accept", "text/event-stream, application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
            if (authorization != null && Endpoint.origin(target).equals(origin)) {
                request.header("Authorization", authorization);
            }
            HttpResponse<InputStream> response = await(http.sendAsync(request.build(),
                    InterruptibleBody.handler()), remaining);
            int status = response.statusCode();
            if (status / 100 == 2) {
                return response;
            }
            if (status == 301 || status == 302 || status == 303 || status == 307 || status == 308) {
                discard(response);
                URI next = location(response, target);
                boolean sameOrigin = next != null && Endpoint.origin(next).equals(origin);
                if (next == null) {
                    throw new ChatCompletionsException(Kind.REDIRECT_REFUSED, "the server at " + endpoint
                            + " answered HTTP " + status + " without a usable Location");
                }
                if (!sameOrigin) {
                    throw new ChatCompletionsException(Kind.REDIRECT_REFUSED, "the server at " + endpoint
                            + " redirected (HTTP " + status + ") to another origin, " + Endpoint.displayOf(next)
                            + "; credentials are never sent to another origin, so it was not followed: use that"
                            + " address as the base URL if you trust it");
                }
                if (status != 307 && status != 308) {
                    throw new ChatCompletionsException(Kind.REDIRECT_REFUSED, "the server at " + endpoint
                            + " redirected (HTTP " + status + ") to " + Endpoint.displayOf(next) + ", which would turn"
                            + " the POST into a GET; use that address as the base URL");
                }
                if (redirects >= settings.maxRedirects()) {
                    throw new ChatCompletionsException(Kind.REDIRECT_REFUSED, "the server at " + endpoint
                            + " redirected more than " + settings.maxRedirects() + " times (maxRedirects)");
                }
                redirects++;
                target = next;
                continue;
            }
            String detail = errorDetail(response);
            String notRetried = "";
            if ((status == 429 || status == 503) && retries < settings.maxRetries()) {
                Duration wait = retryAfter(response, retries);
                long left = deadline - System.nanoTime();
                if (wait != null && wait.compareTo(settings.maxRetryWait()) <= 0 && wait.toNanos() < left) {
                    sleep(wait);
                    retries++;
                    continue;
                }
                notRetried = wait == null ? " (its Retry-After cannot be read)"
                        : " (not retried: it asked to wait " + seconds(wait) + ", longer than "
                        + (wait.compareTo(settings.maxRetryWait()) > 0 ? "maxRetryWait" : "the response timeout left")
                        + ")";
            }
            throw new ChatCompletionsException(Kind.HTTP_STATUS, "the server at " + endpoint + " answered HTTP "
                    + status + (retries > 0 ? " after " + retries + (retries == 1 ? " retry" : " retries") : "")
                    + detail + notRetried);
        }
    }

    private HttpResponse<InputStream> await(CompletableFuture<HttpResponse<InputStream>> future, long nanos) {
        try {
            return future.get(nanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw noAnswer();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new ChatCompletionsException(Kind.CANCELLED, "interrupted while waiting for " + endpoint);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpConnectTimeoutException) {
                throw new ChatCompletionsException(Kind.TIMEOUT, "cannot connect to " + endpoint + ": no connection"
                        + " within " + seconds(settings.responseTimeout()));
            }
            if (cause instanceof HttpTimeoutException) {
                throw noAnswer();
            }
            if (cause instanceof ConnectException) {
                throw new ChatCompletionsException(Kind.UNREACHABLE, "cannot connect to " + endpoint + ": "
                        + connectReason(cause) + " (is the server running?)");
            }
            throw new ChatCompletionsException(Kind.UNREACHABLE, "the request to " + endpoint + " failed: "
                    + reason(cause));
        }
    }

    private ChatCompletionsException noAnswer() {
        return new ChatCompletionsException(Kind.TIMEOUT, "no answer from " + endpoint + " within "
                + seconds(settings.responseTimeout()) + " (response timeout)");
    }

    private static URI location(HttpResponse<?> response, URI base) {
        String location = response.headers().firstValue("Location").orElse(null);
        if (location == null || location.isBlank()) {
            return null;
        }
        try {
            URI next = base.resolve(location.strip());
            return next.getHost() == null ? null : next;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The wait before retry number {@code retries + 1}: {@code Retry-After}, else 1, 2, 4 … s; null when unusable. */
    static Duration retryAfter(HttpResponse<?> response, int retries) {
        String value = response.headers().firstValue("Retry-After").orElse(null);
        if (value == null || value.isBlank()) {
            return Duration.ofSeconds(1L << Math.min(retries, 10));
        }
        value = value.strip();
        try {
            long s = Long.parseLong(value);
            return s < 0 ? null : Duration.ofSeconds(Math.min(s, 1_000_000));
        } catch (NumberFormatException e) {
            // an HTTP date
        }
        try {
            Duration d = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(value,
                    DateTimeFormatter.RFC_1123_DATE_TIME));
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static void sleep(Duration wait) {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChatCompletionsException(Kind.UNREACHABLE, "interrupted while waiting to retry");
        }
    }

    private static void discard(HttpResponse<InputStream> response) {
        try (InputStream in = response.body()) {
            // closing without reading: the connection is not reused
        } catch (IOException e) {
            // nothing to do
        }
    }

    private String errorDetail(HttpResponse<InputStream> response) {
        byte[] bytes;
        try (InputStream in = response.body();
             IdleTimer idle = new IdleTimer(in, settings.idleTimeout().toNanos())) {
            bytes = in.readNBytes(MAX_ERROR_BODY);
        } catch (IOException e) {
            return "";
        }
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            return "";
        }
        try {
            JsonNode node = JSON.readTree(text);
            JsonNode error = node == null ? null : node.get("error");
            if (error != null && error.isTextual()) {
                return ": " + Snippet.of(error.textValue());
            }
            if (error != null && error.path("message").isTextual()) {
                return ": " + Snippet.of(error.path("message").textValue());
            }
        } catch (JsonProcessingException e) {
            // not JSON: show the text
        }
        return ": " + Snippet.of(text);
    }

    // ------------------------------------------------------------------ reading

    private Completion readStream(InputStream in, IdleTimer idle, CompletionAssembler assembler) throws IOException {
        ServerSentEvents events = new ServerSentEvents(in, settings.maxEventBytes(), settings.maxResponseBytes());
        boolean[] done = new boolean[1];
        events.read(event -> {
            String data = event.data();
            if (data.isBlank()) {
                return true;
            }
            if (data.strip().equals("[DONE]")) {
                done[0] = true;
                return false;
            }
            JsonNode chunk;
            try {
                chunk = JSON.readTree(data);
            } catch (JsonProcessingException e) {
                if (event.type().equals("error")) {
                    throw new ChatCompletionsException(Kind.SERVER_ERROR, "the server reported an error: "
                            + Snippet.of(data));
                }
                throw new ChatCompletionsException(Kind.MALFORMED, "malformed stream from " + endpoint
                        + ": an event is not JSON: " + Snippet.of(data));
            }
            if (event.type().equals("error")) {
                CompletionAssembler.failOnError(chunk);
                throw new ChatCompletionsException(Kind.SERVER_ERROR, "the server reported an error: "
                        + Snippet.of(data));
            }
            if (assembler.add(chunk)) {
                idle.touch();                               // an empty delta is not progress
            }
            return true;
        });
        if (idle.interrupted()) {
            throw cancelled();
        }
        if (idle.fired()) {
            throw timeout(idle);
        }
        if (!assembler.started()) {
            throw new ChatCompletionsException(Kind.MALFORMED, "malformed stream from " + endpoint
                    + ": no chat completion events" + (done[0] ? " before [DONE]" : ""));
        }
        if (!done[0] && !assembler.finished()) {
            throw new ChatCompletionsException(Kind.MALFORMED, "the stream from " + endpoint
                    + " ended before the answer was complete; nothing of it was used");
        }
        return assembler.completion();
    }

    private Completion readJson(InputStream in, IdleTimer idle, CompletionAssembler assembler) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            idle.touch();
            body.write(buf, 0, n);
            if (body.size() > settings.maxResponseBytes()) {
                throw new ChatCompletionsException(Kind.TOO_LARGE, "the answer is larger than "
                        + settings.maxResponseBytes() + " bytes (maxResponseBytes); it was not used");
            }
        }
        if (idle.interrupted()) {
            throw cancelled();
        }
        if (idle.fired()) {
            throw timeout(idle);
        }
        JsonNode root;
        try {
            root = JSON.readTree(body.toByteArray());
        } catch (JsonProcessingException e) {
            throw new ChatCompletionsException(Kind.MALFORMED, "malformed answer from " + endpoint + ": not JSON ("
                    + Snippet.of(e.getOriginalMessage()) + ")");
        }
        if (root == null || !root.isObject()) {
            throw new ChatCompletionsException(Kind.MALFORMED, "malformed answer from " + endpoint
                    + ": not a chat completion object");
        }
        CompletionAssembler.failOnError(root);
        if (!root.path("choices").isArray() || root.path("choices").isEmpty()) {
            throw new ChatCompletionsException(Kind.MALFORMED, "malformed answer from " + endpoint + ": no \"choices\"");
        }
        assembler.add(root); // a whole completion reads as one chunk whose delta is the message
        return assembler.completion();
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    private static String connectReason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnresolvedAddressException) {
                return "unknown host";
            }
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? "connection refused" : Snippet.of(e.getMessage());
    }

    private static String reason(Throwable e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : Snippet.of(e.getMessage());
    }
}
