package dev.calltype.openai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An HTTP/1.1 server on 127.0.0.1 (port chosen by the OS) that answers each request with a script written against
 * the raw socket, so a test can misbehave exactly as a hostile or broken server would: stall, redirect, stream
 * forever. Records every request. One thread per connection; closed by the test.
 */
final class LoopbackServer implements AutoCloseable {

    /** One request as received. */
    record Request(String method, String target, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** Writes the answer to one request. */
    @FunctionalInterface
    interface Script {
        void answer(Request request, OutputStream out) throws Exception;
    }

    private final ServerSocket socket;
    private final Script script;
    final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    LoopbackServer(Script script) throws IOException {
        this.script = script;
        this.socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread accept = new Thread(this::accept, "loopback-accept");
        accept.setDaemon(true);
        accept.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    /** {@code http://127.0.0.1:port} + path. */
    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    private void accept() {
        while (!closed) {
            try {
                Socket s = socket.accept();
                open.add(s);
                Thread t = new Thread(() -> serve(s), "loopback-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            String requestLine = line(in);
            if (requestLine == null || requestLine.isEmpty()) {
                return;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
                int colon = h.indexOf(':');
                if (colon > 0) {
                    headers.put(h.substring(0, colon).strip().toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
                }
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            String[] parts = requestLine.split(" ");
            Request r = new Request(parts[0], parts.length > 1 ? parts[1] : "", headers, body);
            requests.add(r);
            OutputStream out = s.getOutputStream();
            script.answer(r, out);
            out.flush();
        } catch (Exception e) {
            // the client went away: nothing to do
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                break;
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return c < 0 && b.size() == 0 ? null : b.toString(StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------ answers

    static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Status line and headers of a streamed answer without a length (the body ends when the connection closes). */
    static void streamHeaders(OutputStream out) throws IOException {
        write(out, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n");
    }

    /** A whole answer with a body. */
    static void answer(OutputStream out, int status, String contentType, String body, String... headers)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder h = new StringBuilder("HTTP/1.1 " + status + " X\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n");
        for (String header : headers) {
            h.append(header).append("\r\n");
        }
        write(out, h.append("\r\n").toString());
        out.write(bytes);
        out.flush();
    }

    /** A streamed answer of these {@code data:} payloads, then {@code [DONE]}. */
    static void events(OutputStream out, String... data) throws IOException {
        streamHeaders(out);
        for (String d : data) {
            write(out, "data: " + d + "\n\n");
        }
        write(out, "data: [DONE]\n\n");
    }

    /** A chunk with text. */
    static String text(String t) {
        return "{\"choices\":[{\"index\":0,\"delta\":{\"content\":" + quote(t) + "}}]}";
    }

    /** A chunk that ends the answer. */
    static String finish(String reason) {
        return "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + reason + "\"}]}";
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** Blocks until the test closes the server. */
    static void stall() throws InterruptedException {
        Thread.sleep(60_000);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        socket.close();
        for (Socket s : open) {
            s.close();
        }
    }
}
