package dev.calltype.example;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.function.Predicate;

/**
 * Reads a {@code text/event-stream} body: events are runs of lines ended by a blank line; the
 * {@code data:} lines of an event are joined with newlines; {@code event:}, {@code id:},
 * {@code retry:} and comment lines ({@code :}) carry nothing a chat completion needs and are skipped.
 * Each line is read once.
 */
final class ServerSentEvents {

    /** What reading stopped on. */
    enum End { DONE_MARKER, STOPPED, END_OF_STREAM }

    private ServerSentEvents() {
    }

    /**
     * Delivers each event's data to {@code onData} until the data is {@code [DONE]}, {@code onData}
     * returns false, or the stream ends (an event still open at the end is delivered first).
     */
    static End read(BufferedReader reader, Predicate<String> onData) throws IOException {
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    End end = dispatch(data.toString(), onData);
                    data = null;
                    if (end != null) {
                        return end;
                    }
                }
                continue;
            }
            if (line.charAt(0) == ':') {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            if (!field.equals("data")) {
                continue;
            }
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            if (data == null) {
                data = new StringBuilder(value);
            } else {
                data.append('\n').append(value);
            }
        }
        if (data != null) {
            End end = dispatch(data.toString(), onData);
            if (end != null) {
                return end;
            }
        }
        return End.END_OF_STREAM;
    }

    private static End dispatch(String data, Predicate<String> onData) {
        if (data.strip().equals("[DONE]")) {
            return End.DONE_MARKER;
        }
        return onData.test(data) ? null : End.STOPPED;
    }
}
