package dev.calltype.example.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotesTest {

    @TempDir
    Path dir;

    @Test
    void createdNoteIsAMarkdownFileThatReadsBack() throws Exception {
        Notes notes = new Notes(dir.resolve("notes"));
        Notes.NoteSummary s = notes.createNote("Groceries", "eggs, flour, milk\n", List.of(" Home", "shopping", "home"), false);
        assertThat(s).isEqualTo(new Notes.NoteSummary("Groceries", List.of("home", "shopping"), 3));
        assertThat(Files.readString(dir.resolve("notes/groceries.md"), StandardCharsets.UTF_8))
                .isEqualTo("# Groceries\ntags: home, shopping\n\neggs, flour, milk\n");
        assertThat(notes.readNote("groceries")).isEqualTo(new Notes.Note("Groceries", List.of("home", "shopping"), "eggs, flour, milk"));
    }

    @Test
    void existingNoteIsNotReplacedUnlessAsked() {
        Notes notes = new Notes(dir);
        notes.createNote("Plan", "v1", List.of(), false);
        assertThatThrownBy(() -> notes.createNote("plan", "v2", List.of(), false))
                .hasMessage("a note titled \"Plan\" already exists; choose another title or set overwrite to true to replace it");
        notes.createNote("Plan", "v2", List.of(), true);
        assertThat(notes.readNote("Plan").body()).isEqualTo("v2");
    }

    @Test
    void listIsSortedByTitleAndFiltersByTag() {
        Notes notes = new Notes(dir);
        assertThat(notes.listNotes(Optional.empty())).isEmpty();
        notes.createNote("zebra facts", "stripes", List.of("animals"), false);
        notes.createNote("Apple pie", "apples and more apples", List.of("recipes"), false);
        notes.createNote("Bread", "flour water salt yeast", List.of("recipes"), false);
        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title)
                .containsExactly("Apple pie", "Bread", "zebra facts");
        assertThat(notes.listNotes(Optional.of("RECIPES"))).extracting(Notes.NoteSummary::title)
                .containsExactly("Apple pie", "Bread");
    }

    @Test
    void searchRanksByHitsAndShowsWhereTheWordsAre() {
        Notes notes = new Notes(dir);
        notes.createNote("Apple pie", "Peel six apples. Apple slices go on top.", List.of("recipes"), false);
        notes.createNote("Shopping", "flour, one apple", List.of("home"), false);
        notes.createNote("Bread", "flour water salt yeast", List.of("recipes"), false);
        List<Notes.NoteMatch> matches = notes.searchNotes(new NoteQuery("apple", Optional.empty(), 5));
        assertThat(matches).extracting(Notes.NoteMatch::title).containsExactly("Apple pie", "Shopping");
        assertThat(matches.get(0).hits()).isEqualTo(3);
        assertThat(matches.get(1).snippet()).isEqualTo("flour, one apple");
        assertThat(notes.searchNotes(new NoteQuery("flour", Optional.of("recipes"), 5)))
                .extracting(Notes.NoteMatch::title).containsExactly("Bread");
        assertThat(notes.searchNotes(new NoteQuery("apple", Optional.empty(), 1))).hasSize(1);
        assertThat(notes.searchNotes(new NoteQuery("kiwi", Optional.empty(), 5))).isEmpty();
    }

    @Test
    void searchRefusesAnEmptyTextOrABadLimit() {
        Notes notes = new Notes(dir);
        assertThatThrownBy(() -> notes.searchNotes(new NoteQuery(" ", Optional.empty(), 5))).hasMessage("the search text is empty");
        assertThatThrownBy(() -> notes.searchNotes(new NoteQuery("x", Optional.empty(), 0)))
                .hasMessage("limit must be between 1 and 100, got 0");
    }

    @Test
    void readingAMissingNoteListsTheNotesThatExist() {
        Notes notes = new Notes(dir);
        assertThatThrownBy(() -> notes.readNote("Nope")).hasMessage("there is no note titled \"Nope\"; there are no notes yet");
        notes.createNote("Bread", "flour", List.of(), false);
        assertThatThrownBy(() -> notes.readNote("Nope")).hasMessage("there is no note titled \"Nope\"; the notes are: Bread");
    }

    @Test
    void titlesNeverEscapeTheFolder() throws Exception {
        Notes notes = new Notes(dir.resolve("inner"));
        notes.createNote("../../etc/passwd", "x", List.of(), false);
        assertThat(Files.exists(dir.resolve("inner/etc-passwd.md"))).isTrue();
        assertThat(Notes.slug("..")).isEqualTo("note");
        assertThat(Notes.slug("Café au lait!")).isEqualTo("café-au-lait");
    }

    @Test
    void multiLineOrEmptyTitlesAndHugeBodiesAreRefused() {
        Notes notes = new Notes(dir);
        assertThatThrownBy(() -> notes.createNote("a\nb", "x", List.of(), false)).hasMessage("the title must be one line");
        assertThatThrownBy(() -> notes.createNote("  ", "x", List.of(), false)).hasMessage("the title is empty");
        assertThatThrownBy(() -> notes.createNote("big", "x".repeat(Notes.MAX_BODY + 1), List.of(), false))
                .hasMessageContaining("the most is " + Notes.MAX_BODY);
    }

    @Test
    void aFileWrittenByHandWithoutHeaderStillReads() throws Exception {
        Files.writeString(dir.resolve("todo.md"), "call the plumber\r\n");
        Notes notes = new Notes(dir);
        assertThat(notes.readNote("todo")).isEqualTo(new Notes.Note("todo", List.of(), "call the plumber"));
    }

    @Test
    void deleteRemovesTheFile() {
        Notes notes = new Notes(dir);
        notes.createNote("Old", "x", List.of(), false);
        assertThat(notes.deleteNote("old")).isEqualTo("deleted \"Old\"");
        assertThat(notes.listNotes(Optional.empty())).isEmpty();
    }

    private static final String LONG = "Minutes of the quarterly planning meeting with the whole team, ";

    @Test
    void longTitlesThatDifferOnlyAfterTheirFirstSixtyCharactersAreSeparateNotes() {
        Notes notes = new Notes(dir);
        notes.createNote(LONG + "part 1", "first", List.of(), false);
        notes.createNote(LONG + "part 2", "second", List.of(), false);
        assertThat(notes.readNote(LONG + "part 1").body()).isEqualTo("first");
        assertThat(notes.readNote(LONG + "part 2").body()).isEqualTo("second");

        notes.createNote(LONG + "part 2", "second, revised", List.of(), true);
        assertThat(notes.readNote(LONG + "part 1").body()).isEqualTo("first");

        assertThat(notes.deleteNote(LONG + "part 2")).isEqualTo("deleted \"" + LONG + "part 2\"");
        assertThat(notes.readNote(LONG + "part 1").body()).isEqualTo("first");
        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title).containsExactly(LONG + "part 1");
    }

    @Test
    void titlesWithoutLettersOrDigitsAreSeparateNotes() {
        Notes notes = new Notes(dir);
        List<String> titles = List.of("!!!", "~", "..", "note", "Note!");
        for (String t : titles) {
            notes.createNote(t, "body of " + t, List.of(), false);
        }
        for (String t : titles) {
            assertThat(notes.readNote(t)).isEqualTo(new Notes.Note(t, List.of(), "body of " + t));
        }
        notes.createNote("~", "replaced", List.of(), true);
        assertThat(notes.deleteNote("..")).isEqualTo("deleted \"..\"");
        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title)
                .containsExactlyInAnyOrder("!!!", "~", "note", "Note!");
        assertThat(notes.readNote("!!!").body()).isEqualTo("body of !!!");
        assertThat(notes.readNote("~").body()).isEqualTo("replaced");
    }

    @Test
    void onlyTheNoteWithThatTitleIsDeletedOrReplaced() {
        Notes notes = new Notes(dir);
        notes.createNote("Shopping", "eggs", List.of(), false);
        notes.createNote("shopping!", "milk", List.of(), false);
        assertThatThrownBy(() -> notes.deleteNote("shopping?"))
                .hasMessage("there is no note titled \"shopping?\"; the notes are: Shopping, shopping!");
        assertThat(notes.deleteNote("SHOPPING")).isEqualTo("deleted \"Shopping\"");
        assertThat(notes.readNote("shopping!").body()).isEqualTo("milk");
    }

    @Test
    void temporaryFilesLeftByAKilledProgramAreRemovedByTheNextWrite() throws Exception {
        Notes notes = new Notes(dir);
        notes.createNote("Kept", "x", List.of(), false);
        Files.writeString(dir.resolve(".note-123456789.tmp"), "# Half\n\nhalf a no");
        notes.createNote("Next", "y", List.of(), false);
        assertThat(NoteFolders.temporaryFiles(dir)).isEmpty();
        assertThat(notes.listNotes(Optional.empty())).extracting(Notes.NoteSummary::title).containsExactly("Kept", "Next");
    }
}
