package dev.calltype.openai.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A response body read as an {@link InputStream} that an interrupt of the reading thread cancels. The JDK's own
 * ({@code BodyHandlers.ofInputStream()}) swallows an interrupt that reaches a read waiting for the next bytes (on JDK
 * 17 it clears the flag and goes on waiting), so a Ctrl-C that interrupts the thread would not stop a streaming
 * reply. Here such a read cancels the request, keeps the thread's interrupt flag set and throws
 * {@link InterruptedIOException}. {@link InputStream#close()} from another thread (the {@link IdleTimer}) cancels the
 * request and ends a waiting read too. One list of buffers is asked for at a time: nothing piles up unread.
 */
final class InterruptibleBody implements HttpResponse.BodySubscriber<InputStream> {

    /** The body ended. */
    private static final Object END = new Object();
    /** The stream was closed: wakes a waiting read. */
    private static final Object CLOSED = new Object();

    private final BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
    private final Stream stream = new Stream();
    private volatile Flow.Subscription subscription;

    /** The handler that reads every response body this way. */
    static HttpResponse.BodyHandler<InputStream> handler() {
        return info -> new InterruptibleBody();
    }

    @Override
    public CompletionStage<InputStream> getBody() {
        return CompletableFuture.completedFuture(stream);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (stream.closed) {
            s.cancel();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        arrived.add(item);
    }

    @Override
    public void onError(Throwable throwable) {
        arrived.add(throwable);
    }

    @Override
    public void onComplete() {
        arrived.add(END);
    }

    private final class Stream extends InputStream {
        private volatile boolean closed;
        private boolean ended;
        private Iterator<ByteBuffer> buffers = List.<ByteBuffer>of().iterator();
        private ByteBuffer current;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            while (current == null || !current.hasRemaining()) {
                if (closed) {
                    throw new IOException("closed");
                }
                if (buffers.hasNext()) {
                    current = buffers.next();
                    continue;
                }
                if (ended) {
                    return -1;
                }
                Object next;
                try {
                    next = arrived.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    close();
                    throw new InterruptedIOException("interrupted while reading the response body");
                }
                if (next == END) {
                    ended = true;
                    return -1;
                }
                if (next == CLOSED) {
                    continue;
                }
                if (next instanceof Throwable t) {
                    throw t instanceof IOException io ? io : new IOException(t);
                }
                @SuppressWarnings("unchecked")
                List<ByteBuffer> list = (List<ByteBuffer>) next;
                buffers = list.iterator();
                Flow.Subscription s = subscription;
                if (s != null) {
                    s.request(1);
                }
            }
            int n = Math.min(len, current.remaining());
            current.get(b, off, n);
            return n;
        }

        @Override
        public int available() {
            return current == null ? 0 : current.remaining();
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
            arrived.add(CLOSED);
        }
    }
}
