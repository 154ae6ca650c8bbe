package dev.calltype.mcp;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A child process for the client tests: the sample toolkit over stdio, plus {@code die}, which ends the process in
 * the middle of a call, and {@code stall}, which never answers.
 */
public final class SampleStdioServer {

    public static void main(String[] args) throws Exception {
        PrintStream protocol = System.out;
        System.setOut(System.err);
        Toolkit sample = SampleToolkit.create();
        List<ToolSpec> extra = new ArrayList<>(dev.calltype.runtime.ToolSpecs.fromJson(
                "[{\"name\":\"die\",\"parameters\":{\"type\":\"object\",\"properties\":{}}},"
                        + "{\"name\":\"stall\",\"parameters\":{\"type\":\"object\",\"properties\":{}}}]"));
        Toolkit lethal = Toolkits.of(extra, (name, arguments) -> {
            if (name.equals("die")) {
                Runtime.getRuntime().halt(3);
            }
            Thread.sleep(Long.MAX_VALUE);
            return null;
        });
        McpToolServer.builder(Toolkits.combine(sample, lethal)).name("sample-stdio").stdio(System.in, protocol)
                .awaitClosed();
    }
}
