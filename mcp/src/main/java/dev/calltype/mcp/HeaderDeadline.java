package dev.calltype.mcp;

import java.util.function.Predicate;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * The header deadline of one HTTP connection, for every request on it: from the moment bytes of a request's head
 * arrive (or the connection opens) until the request reaches the server, at most the deadline may pass, else the
 * connection is closed. A connection that sends nothing between requests is left to the idle timeout, and one whose
 * request is being served (its body read, its call run) is not watched meanwhile. Checked four times a deadline.
 */
final class HeaderDeadline implements Runnable {

    private final Connection connection;
    private final Scheduler scheduler;
    private final Predicate<Connection> serving;
    private final long deadlineNanos;
    private final long periodMillis;
    private long messages;
    private long bytes;
    /** Since when request bytes have waited without a request reaching the server; -1 when none wait. */
    private long waitingSince;

    private HeaderDeadline(Connection connection, Scheduler scheduler, Predicate<Connection> serving,
            long deadlineMillis) {
        this.connection = connection;
        this.scheduler = scheduler;
        this.serving = serving;
        this.deadlineNanos = deadlineMillis * 1_000_000L;
        this.periodMillis = Math.max(10, deadlineMillis / 4);
        this.waitingSince = System.nanoTime(); // the first request's head is due from the start
    }

    /** Watches {@code connection} from its opening. */
    static void watch(Connection connection, Scheduler scheduler, Predicate<Connection> serving, long deadlineMillis) {
        HeaderDeadline watch = new HeaderDeadline(connection, scheduler, serving, deadlineMillis);
        scheduler.schedule(watch, watch.periodMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    @Override
    public void run() {
        if (!connection.getEndPoint().isOpen()) {
            return;
        }
        long now = System.nanoTime();
        long m = connection.getMessagesIn();
        long b = connection.getBytesIn();
        if (m != messages || serving.test(connection)) {
            waitingSince = -1; // a request got through, or is being served
        } else if (b != bytes && waitingSince < 0) {
            waitingSince = now; // bytes of a new request's head, and no request yet
        }
        messages = m;
        bytes = b;
        if (waitingSince >= 0 && now - waitingSince >= deadlineNanos) {
            connection.getEndPoint().close();
            return;
        }
        scheduler.schedule(this, periodMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }
}
