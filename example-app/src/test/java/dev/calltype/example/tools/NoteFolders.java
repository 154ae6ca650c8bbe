package dev.calltype.example.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What the notes tests look for in a notes folder. */
final class NoteFolders {

    private NoteFolders() {
    }

    /** The temporary files a write leaves while it runs ({@code *.tmp}); none may stay behind. */
    static List<Path> temporaryFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
