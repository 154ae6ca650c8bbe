package dev.calltype.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsReadmeCodeTest {

    private static final String README = """
            # Project

            ## Using it

            Some prose.

            ```java
            Thing t = Thing.create();
                t.run();
            ```

            ## Next
            """;

    private static final String SOURCE = """
            class Example {
                void example() {
                    // README: Using it
                    Thing t = Thing.create();
                        t.run();
                    // README end
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void readmeBlockAndMarkedCodeAreReadIndentationAside() throws IOException {
        Path readme = write("README.md", README);
        Path source = write("Example.java", SOURCE);
        assertEquals(List.of("Thing t = Thing.create();", "t.run();"), ReadmeCode.block(readme, "## Using it"));
        assertEquals(List.of("Thing t = Thing.create();", "t.run();"), ReadmeCode.marked(source, "Using it"));
        ReadmeCode.assertReadmeShows(readme, "## Using it", source, "Using it");
    }

    @Test
    void anExampleThatDriftedFromItsCodeFailsAndSaysWhere() throws IOException {
        Path readme = write("README.md", README.replace("t.run();", "t.start();"));
        Path source = write("Example.java", SOURCE);
        AssertionError e = assertThrows(AssertionError.class,
                () -> ReadmeCode.assertReadmeShows(readme, "## Using it", source, "Using it"));
        assertTrue(e.getMessage().contains("## Using it"), e.getMessage());
    }

    @Test
    void aMissingHeadingOrMarkerIsNamed() throws IOException {
        Path readme = write("README.md", README);
        Path source = write("Example.java", SOURCE);
        assertThrows(IllegalStateException.class, () -> ReadmeCode.block(readme, "## Elsewhere"));
        assertThrows(IllegalStateException.class, () -> ReadmeCode.marked(source, "Elsewhere"));
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
