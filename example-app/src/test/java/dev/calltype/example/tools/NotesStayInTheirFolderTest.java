package dev.calltype.example.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The notes tools are what users copy: links never lead them out of their folder, and a file that is not a regular
 * file (a named pipe, a device) is not a note.
 */
// a separate thread: opening a named pipe blocks in the kernel, where an interrupt cannot end it
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NotesStayInTheirFolderTest {

    @TempDir
    Path dir;

    private Path folder;
    private Path outside;
    private Notes notes;

    @BeforeEach
    void folders() throws Exception {
        folder = Files.createDirectory(dir.resolve("notes"));
        outside = Files.createDirectory(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "# Secret\n\nthe API key is sk-12345\n", StandardCharsets.UTF_8);
        notes = new Notes(folder);
        notes.createNote("Groceries", "eggs and flour", List.of(), false);
    }

    private void mkfifo(Path path) throws Exception {
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
    }

    @Test
    void aLinkToAFileOutsideIsNeitherListedNorReadNorSearched() throws Exception {
        Files.createSymbolicLink(folder.resolve("leak.md"), Path.of("..", "outside", "secret.txt"));

        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title).containsExactly("Groceries");
        assertThatThrownBy(() -> notes.readNote("Secret")).hasMessageStartingWith("there is no note titled \"Secret\"");
        assertThatThrownBy(() -> notes.readNote("leak")).hasMessageStartingWith("there is no note titled \"leak\"");
        assertThat(notes.searchNotes(new NoteQuery("api key", Optional.empty(), 5))).isEmpty();
    }

    @Test
    void aLinkToTheProcessEnvironmentIsNotANote() throws Exception {
        Files.createSymbolicLink(folder.resolve("env.md"), Path.of("/proc/self/environ"));

        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title).containsExactly("Groceries");
        assertThatThrownBy(() -> notes.readNote("env")).hasMessageStartingWith("there is no note titled \"env\"");
        assertThat(notes.searchNotes(new NoteQuery("PATH=", Optional.empty(), 5))).isEmpty();
    }

    @Test
    void aNewNoteWhoseFileNameIsTakenByALinkGoesBesideItAndTheTargetIsUntouched() throws Exception {
        Files.createSymbolicLink(folder.resolve("secret.md"), outside.resolve("secret.txt"));

        notes.createNote("Secret", "a new note", List.of(), false);
        notes.deleteNote("Secret");

        assertThat(Files.readString(outside.resolve("secret.txt"), StandardCharsets.UTF_8)).contains("sk-12345");
        assertThat(Files.isSymbolicLink(folder.resolve("secret.md"))).isTrue();
        assertThat(Files.exists(folder.resolve("secret-2.md"))).isFalse();
    }

    @Test
    void aLockFileThatIsALinkStopsEveryChangeAndNothingIsCreatedOutside() throws Exception {
        Files.delete(folder.resolve(".notes.lock"));
        Path target = outside.resolve("created-by-notes");
        Files.createSymbolicLink(folder.resolve(".notes.lock"), target);

        assertThatThrownBy(() -> notes.createNote("Plan", "v1", List.of(), false))
                .hasMessage("cannot lock the notes folder: .notes.lock in it is a link or not a regular file; remove"
                        + " it by hand");
        assertThatThrownBy(() -> notes.deleteNote("Groceries")).hasMessageStartingWith("cannot lock the notes folder");
        assertThat(Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(notes.readNote("Groceries").body()).isEqualTo("eggs and flour");
    }

    @Test
    void namedPipesAndDevicesAreNotNotes() throws Exception {
        mkfifo(folder.resolve("pipe.md"));
        Files.createSymbolicLink(folder.resolve("zero.md"), Path.of("/dev/zero"));

        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title).containsExactly("Groceries");
        assertThat(notes.searchNotes(new NoteQuery("eggs", Optional.empty(), 5))).extracting(Notes.NoteMatch::title)
                .containsExactly("Groceries");
        assertThatThrownBy(() -> notes.readNote("pipe")).hasMessageStartingWith("there is no note titled \"pipe\"");
        notes.createNote("Pipe", "a note", List.of(), false);
        assertThat(notes.readNote("Pipe").body()).isEqualTo("a note");
        notes.deleteNote("Pipe");
        assertThat(Files.exists(folder.resolve("pipe.md"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    @Test
    void aLockFileThatIsANamedPipeStopsEveryChangeInsteadOfHanging() throws Exception {
        Files.delete(folder.resolve(".notes.lock"));
        mkfifo(folder.resolve(".notes.lock"));

        assertThatThrownBy(() -> notes.createNote("Plan", "v1", List.of(), false))
                .hasMessageStartingWith("cannot lock the notes folder: .notes.lock in it is a link or not a regular");
    }
}
