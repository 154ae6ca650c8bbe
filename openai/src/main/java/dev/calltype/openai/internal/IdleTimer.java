package dev.calltype.openai.internal;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Closes a response body when nothing counted as progress happened for the idle timeout, or when the reply's
 * overall deadline passes however much progress there was, so that a read blocked on a stalled (or endlessly
 * trickling) server returns. {@link #touch()} marks progress and never moves the time past the deadline;
 * {@link #fired()} tells a reader whose stream ended that it was this timer that ended it, {@link #pastDeadline()}
 * which of the two. One daemon thread serves every timer.
 */
public final class IdleTimer implements AutoCloseable {

    private static final ScheduledThreadPoolExecutor TIMERS = timers();

    private final Closeable body;
    private final long idleNanos;
    /** When the whole reply must be over, in {@link System#nanoTime()}'s terms. */
    private final long end;
    private volatile long deadline;
    private volatile boolean pastDeadline;
    private volatile boolean fired;
    private volatile boolean closed;
    private ScheduledFuture<?> task;

    /** A timer with no overall deadline. */
    public IdleTimer(Closeable body, long idleNanos) {
        this(body, idleNanos, System.nanoTime() + Long.MAX_VALUE / 2);
    }

    /**
     * @param idleNanos the longest time without progress
     * @param end when the reply must be over however much progress there is, as a {@link System#nanoTime()} value
     */
    public IdleTimer(Closeable body, long idleNanos, long end) {
        this.body = body;
        this.idleNanos = idleNanos;
        this.end = end;
        this.deadline = earlier(System.nanoTime() + idleNanos);
        schedule(Math.max(0, deadline - System.nanoTime()));
    }

    private long earlier(long t) {
        return t - end < 0 ? t : end;
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
        pastDeadline = end - System.nanoTime() <= 0;
        fired = true;
        try {
            body.close();
        } catch (IOException | RuntimeException e) {
            // the reader sees the stream end either way
        }
    }

    /** Progress: the idle timeout starts again, but never runs past the overall deadline. */
    public void touch() {
        deadline = earlier(System.nanoTime() + idleNanos);
    }

    /** Whether it was the overall deadline that closed the body (not the idle timeout). */
    public boolean pastDeadline() {
        return pastDeadline;
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
