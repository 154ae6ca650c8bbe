package dev.calltype.mcp;

import java.io.IOException;

/**
 * The server process of {@link McpSoakTest}: {@link StubbornToolkit}'s tools over stdio ({@code stdio}), or over
 * HTTP ({@code http}: the endpoint is printed on standard output, and the server closes when standard input ends).
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
            while (System.in.read() >= 0) {
                // wait for the end of the input
            }
        } catch (IOException e) {
            // the test has gone
        }
        server.close();
    }
}
