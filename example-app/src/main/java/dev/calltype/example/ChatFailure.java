package dev.calltype.example;

/**
 * A failure talking to a chat server (down, non-2xx, malformed stream), with a one-line message
 * written for the person at the terminal. Never printed with a stack trace.
 */
final class ChatFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ChatFailure(String message) {
        super(message, null, false, false);
    }
}
