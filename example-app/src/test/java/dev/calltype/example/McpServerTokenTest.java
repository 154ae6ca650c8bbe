package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mcp-server}'s bearer token from a file or the environment, kept out of the process list. */
class McpServerTokenTest {

    private static Options options(String... args) throws UsageException {
        return Options.parse("mcp-server", List.of(args), Set.of("notes", "http", "token", "token-file",
                "allow-origin"), Set.of());
    }

    private static Environment env(Map<String, String> variables) {
        return new Environment(variables, false, Clock.systemUTC());
    }

    @Test
    void theTokenComesFromTheFilesFirstLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        Files.writeString(file, "  s3cret-from-file \nsecond line\n", StandardCharsets.UTF_8);
        assertThat(McpServerCommand.token(options("--http", "0", "--token-file", file.toString()),
                env(Map.of("CALLTYPE_MCP_TOKEN", "from-env")))).isEqualTo("s3cret-from-file");
    }

    @Test
    void theTokenComesFromTheEnvironmentWhenNoOptionGivesIt() throws Exception {
        assertThat(McpServerCommand.token(options("--http", "0"), env(Map.of("CALLTYPE_MCP_TOKEN", "from-env"))))
                .isEqualTo("from-env");
        assertThat(McpServerCommand.token(options("--http", "0"), env(Map.of()))).isNull();
        assertThat(McpServerCommand.token(options("--http", "0", "--token", "on-the-line"),
                env(Map.of("CALLTYPE_MCP_TOKEN", "from-env")))).isEqualTo("on-the-line");
    }

    @Test
    void anEmptyOrMissingTokenFileIsAUsageError(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        assertThatThrownBy(() -> McpServerCommand.token(options("--http", "0", "--token-file", empty.toString()),
                env(Map.of()))).isInstanceOf(UsageException.class).hasMessageContaining("is empty");
        assertThatThrownBy(() -> McpServerCommand.token(options("--http", "0", "--token-file",
                dir.resolve("missing").toString()), env(Map.of()))).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("mcp-server: cannot read --token-file");
    }
}
