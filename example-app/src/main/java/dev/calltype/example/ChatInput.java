package dev.calltype.example;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The interactive chat's input: lines typed, the end of input, and Ctrl-C. Lines are read on a reader thread one at
 * a time, only when asked for, so that the answer to an approval question is not taken as the next message. Ctrl-C
 * while a reply is under way ({@link #replying}) interrupts the thread that runs it, which stops the reply (its HTTP
 * request is cancelled); at the prompt, it is an event {@link #next} returns.
 */
final class ChatInput implements AutoCloseable {

    /** What the user did. */
    sealed interface Event {
    }

    /** A line typed (without its line end). */
    record Line(String text) implements Event {
    }

    /** The input ended (Ctrl-D). */
    record End() implements Event {
    }

    /** Ctrl-C at the prompt. */
    record Interrupt() implements Event {
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<Boolean> wanted = new LinkedBlockingQueue<>();
    private final Thread reader;
    private final Interrupts.Handle handle;
    private volatile Thread replying;
    private volatile boolean stopped;
    /** Whether a line was asked for and has not arrived yet. */
    private boolean asked;

    ChatInput(BufferedReader in) {
        this.reader = new Thread(() -> read(in), "chat-input");
        reader.setDaemon(true);
        reader.start();
        this.handle = Interrupts.onCtrlC(this::ctrlC);
    }

    private void read(BufferedReader in) {
        try {
            while (true) {
                wanted.take();
                String line;
                try {
                    line = in.readLine();
                } catch (IOException e) {
                    line = null;
                }
                events.add(line == null ? new End() : new Line(line));
                if (line == null) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private void ctrlC() {
        Thread t = replying;
        if (t != null) {
            stopped = true;
            t.interrupt();
        } else {
            events.add(new Interrupt());
        }
    }

    /** Whether Ctrl-C is caught on this platform; without it, Ctrl-C ends the program as it always does. */
    boolean catchesCtrlC() {
        return handle != null;
    }

    /** The next line, the end of input or a Ctrl-C at the prompt. */
    Event next() throws InterruptedException {
        if (!asked) {
            asked = true;
            wanted.add(Boolean.TRUE);
        }
        Event e = events.take();
        if (!(e instanceof Interrupt)) {
            asked = false;
        }
        return e;
    }

    /** The next line for a question asked during a reply, or {@code null} at the end of input. */
    String answer() throws InterruptedException {
        while (true) {
            Event e = next();
            if (e instanceof Line l) {
                return l.text();
            }
            if (e instanceof End) {
                return null;
            }
        }
    }

    /** From now until {@link #endReply}, Ctrl-C interrupts the calling thread. */
    void beginReply() {
        stopped = false;
        replying = Thread.currentThread();
    }

    /**
     * The reply is over; clears the calling thread's interrupt.
     *
     * @return whether Ctrl-C stopped it
     */
    boolean endReply() {
        replying = null;
        Thread.interrupted();
        return stopped;
    }

    @Override
    public void close() {
        if (handle != null) {
            handle.restore();
        }
        reader.interrupt();
    }
}
