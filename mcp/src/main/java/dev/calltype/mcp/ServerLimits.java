package dev.calltype.mcp;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounds of one server, shared by its sessions: how long a tool call may take, how many run at once (for the
 * server and for one session), how large one message may be, and how many bytes of requests may be in flight
 * together. Tool calls run on the server's own elastic pool of daemon threads, never on the SDK's.
 */
final class ServerLimits {

    final Duration callTimeout;
    final int maxMessageBytes;
    final long maxBytesInFlight;
    final int callsPerSession;
    final int maxSessions;
    final Duration sessionIdle;
    /** HTTP: the most requests one client address may have open at once (being read, run or awaiting answer). */
    final int requestsPerClient;
    /** HTTP: the most sessions one client address may hold; past it the client's least recently used goes. */
    final int sessionsPerClient;
    final ExecutorService tools;
    private final AtomicLong inFlight = new AtomicLong();

    ServerLimits(Duration callTimeout, int maxMessageBytes, long maxBytesInFlight, int callsPerSession,
            int maxCalls, int maxSessions, Duration sessionIdle, int requestsPerClient, int sessionsPerClient) {
        this.callTimeout = callTimeout;
        this.maxMessageBytes = maxMessageBytes;
        this.maxBytesInFlight = maxBytesInFlight;
        this.callsPerSession = callsPerSession;
        this.maxSessions = maxSessions;
        this.sessionIdle = sessionIdle;
        this.requestsPerClient = requestsPerClient;
        this.sessionsPerClient = sessionsPerClient;
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(0, maxCalls, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                r -> {
                    Thread t = new Thread(r, "mcp-tool-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        this.tools = pool;
    }

    /** Takes {@code bytes} from the in-flight budget; {@code false} (nothing taken) when that would pass it. */
    boolean reserve(long bytes) {
        while (true) {
            long now = inFlight.get();
            if (now + bytes > maxBytesInFlight) {
                return false;
            }
            if (inFlight.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /** Gives back what {@link #reserve} took. */
    void release(long bytes) {
        inFlight.addAndGet(-bytes);
    }

    /** The bytes of requests in flight now. */
    long inFlight() {
        return inFlight.get();
    }

    /** What a request is told when the budget is spent. */
    String busy() {
        return "server busy: more than " + maxBytesInFlight + " bytes of requests are in flight; retry later";
    }
}
