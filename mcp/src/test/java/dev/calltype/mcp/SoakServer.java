package dev.calltype.mcp;

import java.io.IOException;

/**
 * The server process of {@link McpSoakTest} and {@link McpStatelessSoakTest}: {@link StubbornToolkit}'s tools over
 * stdio ({@code stdio}), or over HTTP ({@code http}: the endpoint is printed on standard output, and the server
 * closes when standard input ends; each line {@code heap} on standard input is answered with a line
 * {@code USED_BYTES IN_FLIGHT_BYTES}: the heap in use after a collection, and the request bytes the server holds).
 */
public final class SoakServer {

    public static void main(String[] args) throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        if (args[0].equals("stdio")) {
            McpToolServer.builder(tools.toolkit).name("soak").stdio().awaitClosed();
            return;
        }
        McpToolServer server = McpToolServer.builder(tools.toolkit).name("soak").http(0);
        System.out.println(server.uri().orElseThrow());
        System.out.flush();
        try {
            java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                    java.nio.charset.StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.equals("heap")) {
                    System.gc();
                    Runtime runtime = Runtime.getRuntime();
                    System.out.println((runtime.totalMemory() - runtime.freeMemory()) + " " + server.bytesInFlight());
                    System.out.flush();
                }
            }
        } catch (IOException e) {
            // the test has gone
        }
        server.close();
    }
}
