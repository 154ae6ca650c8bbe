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
    /** How often the reading thread's interrupt is looked at: how soon an interrupt cancels a request. */
    private static final long INTERRUPT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Closeable body;
    private final long idleNanos;
    /** When the whole reply must be over, in {@link System#nanoTime()}'s terms. */
    private final long end;
    private volatile long deadline;
    private volatile boolean pastDeadline;
    private volatile boolean fired;
    private volatile boolean closed;
    /** The thread that reads the body: when it is interrupted, the body is closed (the request cancelled). */
    private final Thread reader = Thread.currentThread();
    private volatile boolean interrupted;
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
        schedule(Math.min(Math.max(0, deadline - System.nanoTime()), INTERRUPT_CHECK_NANOS));
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
        if (reader.isInterrupted()) {
            // a blocked read of the JDK's body stream does not end on an interrupt: closing the body ends it
            interrupted = true;
        } else if (left > 0) {
            schedule(Math.min(left, INTERRUPT_CHECK_NANOS));
            return;
        } else {
            pastDeadline = end - System.nanoTime() <= 0;
            fired = true;
        }
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

    /** Whether the reading thread was interrupted and the body closed for it. */
    public boolean interrupted() {
        return interrupted;
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
