package dev.calltype.openai;

/**
 * Why a Chat Completions request failed, in one line written for a person: the server could not be reached, did
 * not answer in time, answered with an error, redirected where the credentials may not follow, or sent an answer
 * that cannot be read or is larger than allowed. Server text in the message is shortened and its control characters
 * escaped; credentials and URL queries never appear in it.
 */
public final class ChatCompletionsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The server could not be reached (refused, unknown host, broken connection before an answer). */
        UNREACHABLE,
        /** No answer within the response timeout, or no event within the idle timeout. */
        TIMEOUT,
        /** The server answered with an HTTP error status (after the retries allowed for 429 and 503). */
        HTTP_STATUS,
        /** A redirect that is not followed: to another origin, or one that would change the method. */
        REDIRECT_REFUSED,
        /** The answer cannot be read as a chat completion (not JSON, no choices, cut off, an error event). */
        MALFORMED,
        /** The server reported an error inside a successful answer (an {@code error} member or event). */
        SERVER_ERROR,
        /** The answer is larger than a limit allows. */
        TOO_LARGE,
        /** The calling thread was interrupted: the request was cancelled and nothing of the answer used. */
        CANCELLED
    }

    /** What went wrong. */
    private final Kind kind;

    /**
     * A failure of one request.
     *
     * @param kind what went wrong
     * @param message what happened, for a person: the endpoint without credentials, the status, the server's
     *     error text (bounded); never a stack trace
     */
    public ChatCompletionsException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    /**
     * What went wrong.
     *
     * @return the kind, for deciding whether to retry, fix the configuration or give up
     */
    public Kind kind() {
        return kind;
    }
}
