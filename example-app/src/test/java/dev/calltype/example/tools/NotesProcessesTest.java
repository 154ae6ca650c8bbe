package dev.calltype.example.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Several programs (real JVMs, {@link NotesProcess}) on one notes folder. */
class NotesProcessesTest {

    private static final int RACERS = 3;
    private static final int TITLES = 150;

    @TempDir
    Path dir;

    private static Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), NotesProcess.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static BufferedReader lines(Process p) {
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void twoProgramsCreatingTheSameTitleNeverBothSucceed() throws Exception {
        Path folder = dir.resolve("notes");
        Path go = dir.resolve("go");
        List<Process> racers = new ArrayList<>();
        try {
            for (int r = 0; r < RACERS; r++) {
                racers.add(start("race", folder.toString(), go.toString(), "p" + r, Integer.toString(TITLES)));
            }
            List<BufferedReader> outputs = new ArrayList<>();
            for (Process p : racers) {
                BufferedReader out = lines(p);
                assertThat(out.readLine()).isEqualTo("ready");
                outputs.add(out);
            }
            Files.createFile(go);
            Map<Integer, List<String>> winners = new HashMap<>();
            for (int r = 0; r < RACERS; r++) {
                for (String line = outputs.get(r).readLine(); line != null && !line.equals("done");
                        line = outputs.get(r).readLine()) {
                    winners.computeIfAbsent(Integer.parseInt(line.substring(4)), k -> new ArrayList<>()).add("p" + r);
                }
                assertThat(racers.get(r).waitFor()).isZero();
            }
            Notes notes = new Notes(folder);
            for (int i = 0; i < TITLES; i++) {
                assertThat(winners.get(i)).as("creators of \"race %d\"", i).hasSize(1);
                assertThat(notes.readNote("race " + i).body()).isEqualTo("written by " + winners.get(i).get(0));
            }
        } finally {
            racers.forEach(Process::destroyForcibly);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aProgramKilledWhileWritingLeavesWholeNotesAndNoTemporaryFilesOnceAnotherWrites() throws Exception {
        Path folder = dir.resolve("notes");
        for (int kill = 0; kill < 6; kill++) {
            Process p = start("churn", folder.toString(), "k" + kill);
            try {
                BufferedReader out = lines(p);
                for (int i = 0; i <= kill; i++) {
                    assertThat(out.readLine()).startsWith("wrote ");
                }
            } finally {
                p.destroyForcibly().waitFor();
            }
        }
        Notes notes = new Notes(folder);
        notes.createNote("after", "the killed programs are gone", List.of(), false);
        assertThat(NoteFolders.temporaryFiles(folder)).isEmpty();
        for (Notes.NoteSummary s : notes.listNotes(Optional.empty())) {
            assertThat(notes.readNote(s.title()).body()).startsWith(s.title().equals("after") ? "the killed" : "churned by k");
        }
    }
}
