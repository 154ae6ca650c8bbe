package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;

/** A client's end of an in-process stdio server: raw lines in, JSON lines out. */
final class StdioPeer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    final PipedOutputStream toServer = new PipedOutputStream();
    final PipedInputStream serverIn;
    final PipedOutputStream serverOut = new PipedOutputStream();
    final BufferedReader fromServer;

    StdioPeer() throws IOException {
        serverIn = new PipedInputStream(toServer, 1 << 20);
        fromServer = new BufferedReader(new InputStreamReader(new PipedInputStream(serverOut, 1 << 20),
                StandardCharsets.UTF_8));
    }

    void send(String line) throws IOException {
        toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
    }

    JsonNode read() throws IOException {
        String line = fromServer.readLine();
        if (line == null) {
            throw new IOException("the server's output ended");
        }
        return JSON.readTree(line);
    }

    /** Sends initialize and notifications/initialized and reads the answer. */
    JsonNode initialize() throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"peer\",\"version\":\"1\"}}}");
        JsonNode answer = read();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return answer;
    }

    static String call(Object id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    @Override
    public void close() throws IOException {
        toServer.close();
    }
}
