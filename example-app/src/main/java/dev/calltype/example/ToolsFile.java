package dev.calltype.example;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** A {@code --tools FILE}: an OpenAI {@code tools} array, an MCP {@code {"tools":[…]}} or an Anthropic listing. */
final class ToolsFile {

    private ToolsFile() {
    }

    /**
     * The tools the file lists.
     *
     * @throws UsageException with one line saying what is wrong with the file, after {@code command + ": "}
     */
    static List<ToolSpec> read(String command, String file) throws UsageException {
        try {
            return ToolSpecs.fromJson(Files.readString(Path.of(file), StandardCharsets.UTF_8));
        } catch (MalformedInputException e) {
            throw new UsageException(command + ": tools file " + file + " is not UTF-8 text");
        } catch (NoSuchFileException e) {
            throw new UsageException(command + ": cannot read tools file " + file + ": no such file");
        } catch (IOException | InvalidPathException e) {
            String m = e.getMessage();
            throw new UsageException(command + ": cannot read tools file " + file + ": " + e.getClass().getSimpleName()
                    + (m == null ? "" : " (" + m + ")"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": tools file " + file + ": " + e.getMessage().replace('\n', ' '));
        }
    }
}
