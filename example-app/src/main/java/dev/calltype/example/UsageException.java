package dev.calltype.example;

/** A bad command line: the message is printed on one line and the exit status is 2. */
final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message, null, false, false);
    }
}
