package dev.calltype.openai.internal;

import dev.calltype.openai.ChatCompletionsException;
import dev.calltype.openai.ChatCompletionsException.Kind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a {@code text/event-stream} body as the HTML specification's event-stream interpretation says: lines end
 * in CR LF, LF or CR; a line starting with {@code :} is a comment; {@code field: value} lines with one optional space
 * after the colon; the {@code data} lines of an event are joined with LF and the event is dispatched at a blank
 * line; an event whose data is empty is not dispatched; {@code event} sets the event's type, {@code id} the last
 * event id, {@code retry} and unknown fields are ignored; a UTF-8 byte order mark at the start is skipped; an
 * event the end of the stream cuts off is discarded.
 *
 * <p>Bounded: one line may hold at most {@code maxLineBytes} bytes and one event at most as many in its data; the
 * whole body at most {@code maxBytes}. Each byte is read once.
 */
public final class ServerSentEvents {

    /** One dispatched event. */
    public record Event(String type, String data, String lastEventId) {
    }

    /** Receives events; returns false to stop reading. */
    @FunctionalInterface
    public interface Handler {
        boolean onEvent(Event event);
    }

    /** What reading stopped on. */
    public enum End { STOPPED, END_OF_STREAM }

    private final InputStream in;
    private final int maxLineBytes;
    private final long maxBytes;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int len;
    private long total;

    public ServerSentEvents(InputStream in, int maxLineBytes, long maxBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.maxBytes = maxBytes;
    }

    /** Reads events to {@code handler} until it returns false or the stream ends. */
    public End read(Handler handler) throws IOException {
        StringBuilder data = new StringBuilder();
        boolean hasData = false;
        String type = "";
        String lastId = "";
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        boolean first = true;
        while (true) {
            line.reset();
            int end = readLine(line);
            if (end == EOF) {
                return End.END_OF_STREAM; // an event without its blank line is discarded
            }
            byte[] bytes = line.toByteArray();
            int from = 0;
            if (first) {
                first = false;
                if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
                    from = 3;
                }
            }
            if (bytes.length - from == 0) {
                if (hasData && data.length() > 0) {
                    if (!handler.onEvent(new Event(type.isEmpty() ? "message" : type, data.toString(), lastId))) {
                        return End.STOPPED;
                    }
                }
                data.setLength(0);
                hasData = false;
                type = "";
                continue;
            }
            String text = new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
            if (text.charAt(0) == ':') {
                continue;
            }
            int colon = text.indexOf(':');
            String field = colon < 0 ? text : text.substring(0, colon);
            String value = colon < 0 ? "" : text.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "data":
                    if (hasData) {
                        data.append('\n');
                    }
                    data.append(value);
                    hasData = true;
                    if (data.length() > maxLineBytes) {
                        throw tooLarge("an event holds more than " + maxLineBytes + " bytes of data (maxEventBytes)");
                    }
                    break;
                case "event":
                    type = value;
                    break;
                case "id":
                    if (value.indexOf('\0') < 0) {
                        lastId = value;
                    }
                    break;
                default:
                    break; // retry and unknown fields
            }
        }
    }

    private static final int EOF = -1;

    /** Reads one line's bytes (without its end) into {@code line}; {@link #EOF} when the stream ended before a line end. */
    private int readLine(ByteArrayOutputStream line) throws IOException {
        while (true) {
            if (pos == len) {
                if (!fill()) {
                    return EOF;
                }
            }
            int start = pos;
            while (pos < len) {
                byte b = buf[pos];
                if (b == '\n' || b == '\r') {
                    line.write(buf, start, pos - start);
                    if (line.size() > maxLineBytes) {
                        throw tooLarge("a line of the event stream is longer than " + maxLineBytes
                                + " bytes (maxEventBytes)");
                    }
                    pos++;
                    if (b == '\r') {
                        if (pos == len && !fill()) {
                            return 0;
                        }
                        if (buf[pos] == '\n') {
                            pos++;
                        }
                    }
                    return 0;
                }
                pos++;
            }
            line.write(buf, start, pos - start);
            if (line.size() > maxLineBytes) {
                throw tooLarge("a line of the event stream is longer than " + maxLineBytes + " bytes (maxEventBytes)");
            }
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            if (n == 0) {
                throw new IOException("the stream returned no bytes");
            }
            return false;
        }
        total += n;
        if (total > maxBytes) {
            throw tooLarge("the answer is larger than " + maxBytes + " bytes (maxResponseBytes)");
        }
        pos = 0;
        len = n;
        return true;
    }

    private static ChatCompletionsException tooLarge(String what) {
        return new ChatCompletionsException(Kind.TOO_LARGE, what + "; it was not used");
    }
}
