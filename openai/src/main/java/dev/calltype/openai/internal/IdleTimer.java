package dev.calltype.openai.internal;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Closes a response body when nothing counted as progress happened for the idle timeout, so that a read blocked on
 * a stalled server returns. {@link #touch()} marks progress; {@link #fired()} tells a reader whose stream ended that
 * it was this timer that ended it. One daemon thread serves every timer.
 */
public final class IdleTimer implements AutoCloseable {

    private static final ScheduledThreadPoolExecutor TIMERS = timers();

    private final Closeable body;
    private final long idleNanos;
    private volatile long deadline;
    private volatile boolean fired;
    private volatile boolean closed;
    private ScheduledFuture<?> task;

    public IdleTimer(Closeable body, long idleNanos) {
        this.body = body;
        this.idleNanos = idleNanos;
        this.deadline = System.nanoTime() + idleNanos;
        schedule(idleNanos);
    }

    private static ScheduledThreadPoolExecutor timers() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "calltype-openai-idle-timer");
            thread.setDaemon(true);
            return thread;
        });
        t.setRemoveOnCancelPolicy(true);
        return t;
    }

    private synchronized void schedule(long delayNanos) {
        if (!closed) {
            task = TIMERS.schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void check() {
        long left = deadline - System.nanoTime();
        if (closed) {
            return;
        }
        if (left > 0) {
            schedule(left);
            return;
        }
        fired = true;
        try {
            body.close();
        } catch (IOException | RuntimeException e) {
            // the reader sees the stream end either way
        }
    }

    /** Progress: the idle timeout starts again. */
    public void touch() {
        deadline = System.nanoTime() + idleNanos;
    }

    /** Whether the timeout passed and the body was closed. */
    public boolean fired() {
        return fired;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (task != null) {
            task.cancel(false);
        }
    }
}
