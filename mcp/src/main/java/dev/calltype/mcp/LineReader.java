package dev.calltype.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads newline-delimited messages from a stream, each at most a given number of bytes; a longer line is skipped to
 * its end and reported, never held whole. A trailing carriage return is dropped.
 */
final class LineReader {

    /** What {@link #next()} found: the line in {@code bytes[0, length)}, or a line too long, or the end. */
    record Line(byte[] bytes, int length, boolean tooLong) {
    }

    private final InputStream in;
    private final int max;
    private final byte[] buffer = new byte[1 << 16];
    private int pos;
    private int limit;
    private byte[] line = new byte[1 << 12];

    LineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.max = maxBytes;
    }

    /** The next line; {@code null} at the end of the stream (a last line without a newline is still returned). */
    Line next() throws IOException {
        int length = 0;
        boolean tooLong = false;
        boolean any = false;
        while (true) {
            if (pos == limit) {
                limit = in.read(buffer, 0, buffer.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    return any ? finish(length, tooLong) : null;
                }
            }
            any = true;
            int start = pos;
            int end = start;
            while (end < limit && buffer[end] != '\n') {
                end++;
            }
            int n = end - start;
            if (!tooLong) {
                if ((long) length + n > max + 1L) { // + 1: room for a carriage return before the newline
                    tooLong = true;
                } else {
                    if (length + n > line.length) {
                        line = Arrays.copyOf(line, Math.max(length + n, Math.min(max + 1, line.length * 2)));
                    }
                    System.arraycopy(buffer, start, line, length, n);
                    length += n;
                }
            }
            pos = end;
            if (end < limit) {
                pos++; // the newline
                return finish(length, tooLong);
            }
        }
    }

    private Line finish(int length, boolean tooLong) {
        if (!tooLong && length > 0 && line[length - 1] == '\r') {
            length--;
        }
        if (!tooLong && length > max) {
            tooLong = true;
        }
        Line read = new Line(line, tooLong ? 0 : length, tooLong);
        if (line.length > (1 << 20)) {
            line = new byte[1 << 12]; // do not keep a large message's buffer for the whole session
        }
        return read;
    }
}
