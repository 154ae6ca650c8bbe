package dev.calltype.mcp;

import dev.calltype.testsupport.Npm;
import java.nio.file.Path;

/** The MCP reference servers the interoperability tests run, installed from npm at one pinned version. */
final class ReferenceServers {

    /** The version of every {@code @modelcontextprotocol/server-*} package installed. */
    static final String VERSION = "2026.8.31";

    private ReferenceServers() {
    }

    /** The everything, memory and filesystem servers, installed once under {@code target/npm/servers}. */
    static Npm.Installed install() {
        return Npm.install(Path.of("target", "npm", "servers").toAbsolutePath(),
                "@modelcontextprotocol/server-everything@" + VERSION,
                "@modelcontextprotocol/server-memory@" + VERSION,
                "@modelcontextprotocol/server-filesystem@" + VERSION);
    }
}
