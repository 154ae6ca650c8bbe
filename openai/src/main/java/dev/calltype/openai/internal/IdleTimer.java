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
    /** How often the reading thread's interrupt is looked at: how soon an interrupt cancels a request. */
    private static final long INTERRUPT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Closeable body;
    private final long idleNanos;
    private volatile long deadline;
    private volatile boolean fired;
    private volatile boolean closed;
    /** The thread that reads the body: when it is interrupted, the body is closed (the request cancelled). */
    private final Thread reader = Thread.currentThread();
    private volatile boolean interrupted;
    private ScheduledFuture<?> task;

    public IdleTimer(Closeable body, long idleNanos) {
        this.body = body;
        this.idleNanos = idleNanos;
        this.deadline = System.nanoTime() + idleNanos;
        schedule(Math.min(idleNanos, INTERRUPT_CHECK_NANOS));
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
            fired = true;
        }
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
