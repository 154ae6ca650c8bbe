package dev.calltype.benchmarks.mcp;

import dev.calltype.benchmarks.dispatch.Warehouse;
import dev.calltype.benchmarks.dispatch.WarehouseTools;
import dev.calltype.mcp.McpToolServer;

import java.io.PrintStream;

/** The child process of {@link McpRoundTripBenchmark}: the warehouse tool served by Calltype over stdio. */
public final class WarehouseServer {

    private WarehouseServer() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = System.out;
        System.setOut(System.err);
        McpToolServer.builder(new WarehouseTools(new Warehouse())).name("warehouse").stdio(System.in, protocol)
                .awaitClosed();
        System.exit(0);
    }
}
