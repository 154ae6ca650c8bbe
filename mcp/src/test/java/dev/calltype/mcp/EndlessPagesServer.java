package dev.calltype.mcp;

import dev.calltype.testsupport.LineMcpServer;

import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * A hostile stdio server: it answers every {@code tools/list} with one new tool and a new {@code nextCursor},
 * forever. With the argument {@code wide} each page holds 1,000 tools instead.
 */
public final class EndlessPagesServer {

    public static void main(String[] args) throws Exception {
        int perPage = args.length > 0 && args[0].equals("wide") ? 1000 : 1;
        int[] page = {0};
        LineMcpServer.serve("endless", (method, params, result) -> {
            if (method.equals("tools/list")) {
                page[0]++;
                ArrayNode tools = result.putArray("tools");
                for (int i = 0; i < perPage; i++) {
                    tools.addObject().put("name", "tool_" + page[0] + "_" + i).putObject("inputSchema").put("type", "object");
                }
                result.put("nextCursor", "page-" + page[0]);
            }
        });
    }
}
