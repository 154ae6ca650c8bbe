package dev.calltype.example.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A notes store on disk: one Markdown file per note in a folder, readable and editable by hand.
 *
 * <pre>
 * # Title
 * tags: home, shopping
 *
 * The body, as written.
 * </pre>
 *
 * Methods are synchronized: a tool loop may run several calls at once.
 */
public final class Notes {

    /** A whole note. */
    public record Note(String title, List<String> tags, String body) {
    }

    /** A note in a listing. */
    public record NoteSummary(String title, List<String> tags, int words) {
    }

    /** A note that matched a search: how many times the words occur, and where first. */
    public record NoteMatch(String title, int hits, String snippet) {
    }

    static final int MAX_BODY = 100_000;
    static final int MAX_TITLE = 120;
    private static final String EXTENSION = ".md";
    private static final int SNIPPET = 80;

    private final Path folder;

    /** Notes kept in {@code folder}, which is created when the first note is written. */
    public Notes(Path folder) {
        this.folder = folder;
    }

    /** The folder the notes are kept in. */
    public Path folder() {
        return folder;
    }

    /**
     * Saves a new note, or replaces one when {@code overwrite} is true.
     *
     * @param title the note's title, one line
     * @param body the note's text
     * @param tags short labels to find the note by, e.g. ["home", "shopping"]
     * @param overwrite replace an existing note with the same title
     */
    @Tool
    public synchronized NoteSummary createNote(String title, String body, @Param(defaultValue = "[]") List<String> tags,
                                               @Param(defaultValue = "false") boolean overwrite) {
        String cleanTitle = checkTitle(title);
        if (body.length() > MAX_BODY) {
            throw new IllegalArgumentException("the body is " + body.length() + " characters; the most is " + MAX_BODY);
        }
        Path file = fileFor(cleanTitle);
        if (Files.exists(file) && !overwrite) {
            throw new IllegalArgumentException("a note titled \"" + read(file).title()
                    + "\" already exists; choose another title or set overwrite to true to replace it");
        }
        Note note = new Note(cleanTitle, cleanTags(tags), body.strip());
        write(file, note);
        return summary(note);
    }

    /**
     * Lists the notes, sorted by title.
     *
     * @param tag only notes with this tag
     */
    @Tool(readOnly = true)
    public synchronized List<NoteSummary> listNotes(Optional<String> tag) {
        Optional<String> wanted = tag.map(Notes::cleanTag).filter(t -> !t.isEmpty());
        List<NoteSummary> out = new ArrayList<>();
        for (Note note : all()) {
            if (wanted.isEmpty() || note.tags().contains(wanted.get())) {
                out.add(summary(note));
            }
        }
        return out;
    }

    /** Finds notes whose title or body contains the words, best matches first. */
    @Tool(readOnly = true)
    public synchronized List<NoteMatch> searchNotes(NoteQuery query) {
        String needle = query.text() == null ? "" : query.text().strip().toLowerCase(Locale.ROOT);
        if (needle.isEmpty()) {
            throw new IllegalArgumentException("the search text is empty");
        }
        if (query.limit() < 1 || query.limit() > 100) {
            throw new IllegalArgumentException("limit must be between 1 and 100, got " + query.limit());
        }
        Optional<String> wanted = query.tag().map(Notes::cleanTag).filter(t -> !t.isEmpty());
        List<NoteMatch> matches = new ArrayList<>();
        for (Note note : all()) {
            if (wanted.isPresent() && !note.tags().contains(wanted.get())) {
                continue;
            }
            int titleHits = count(note.title().toLowerCase(Locale.ROOT), needle);
            String lowerBody = note.body().toLowerCase(Locale.ROOT);
            int bodyHits = count(lowerBody, needle);
            if (titleHits + bodyHits > 0) {
                int at = lowerBody.indexOf(needle);
                matches.add(new NoteMatch(note.title(), titleHits + bodyHits,
                        at < 0 ? snippet(note.body(), 0, 0) : snippet(note.body(), at, needle.length())));
            }
        }
        matches.sort(Comparator.comparingInt(NoteMatch::hits).reversed().thenComparing(NoteMatch::title));
        return matches.size() > query.limit() ? List.copyOf(matches.subList(0, query.limit())) : matches;
    }

    /**
     * Reads one note.
     *
     * @param title the note's title (case does not matter)
     */
    @Tool(readOnly = true)
    public synchronized Note readNote(String title) {
        Path file = fileFor(checkTitle(title));
        if (!Files.exists(file)) {
            List<String> titles = new ArrayList<>();
            for (Note n : all()) {
                titles.add(n.title());
            }
            throw new IllegalArgumentException("there is no note titled \"" + title.strip() + "\""
                    + (titles.isEmpty() ? "; there are no notes yet" : "; the notes are: " + String.join(", ", titles)));
        }
        return read(file);
    }

    /**
     * Deletes a note. Asks the user first.
     *
     * @param title the note's title
     */
    @Tool(confirm = true)
    public synchronized String deleteNote(String title) {
        Note note = readNote(title);
        try {
            Files.delete(fileFor(note.title()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the note: " + e.getMessage(), e);
        }
        return "deleted \"" + note.title() + "\"";
    }

    private List<Note> all() {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Note> notes = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                if (f.getFileName().toString().endsWith(EXTENSION) && Files.isRegularFile(f)) {
                    notes.add(read(f));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
        }
        notes.sort(Comparator.comparing(n -> n.title().toLowerCase(Locale.ROOT)));
        return notes;
    }

    /** Reads a note file; a file edited by hand without the header still reads, titled by its name. */
    static Note read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the note file " + file.getFileName() + " has gone");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        text = text.replace("\r\n", "\n");
        String name = file.getFileName().toString();
        String title = name.substring(0, name.length() - EXTENSION.length());
        List<String> tags = List.of();
        String rest = text;
        if (rest.startsWith("# ")) {
            int eol = rest.indexOf('\n');
            title = (eol < 0 ? rest.substring(2) : rest.substring(2, eol)).strip();
            rest = eol < 0 ? "" : rest.substring(eol + 1);
            if (rest.startsWith("tags:")) {
                int end = rest.indexOf('\n');
                tags = cleanTags(List.of((end < 0 ? rest.substring(5) : rest.substring(5, end)).split(",")));
                rest = end < 0 ? "" : rest.substring(end + 1);
            }
        }
        return new Note(title, tags, rest.strip());
    }

    private void write(Path file, Note note) {
        StringBuilder text = new StringBuilder("# ").append(note.title()).append('\n');
        if (!note.tags().isEmpty()) {
            text.append("tags: ").append(String.join(", ", note.tags())).append('\n');
        }
        text.append('\n').append(note.body()).append('\n');
        try {
            Files.createDirectories(folder);
            Path tmp = Files.createTempFile(folder, ".note-", ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private Path fileFor(String title) {
        return folder.resolve(slug(title) + EXTENSION);
    }

    /** The file name for a title: lower-case letters and digits joined by '-', never a path. */
    static String slug(String title) {
        StringBuilder s = new StringBuilder();
        boolean dash = false;
        for (int i = 0; i < title.length() && s.length() < 60; ) {
            int cp = title.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetterOrDigit(cp)) {
                if (dash && s.length() > 0) {
                    s.append('-');
                }
                dash = false;
                s.appendCodePoint(Character.toLowerCase(cp));
            } else {
                dash = true;
            }
        }
        return s.length() == 0 ? "note" : s.toString();
    }

    private static String checkTitle(String title) {
        String t = title == null ? "" : title.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("the title is empty");
        }
        if (t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("the title must be one line");
        }
        if (t.length() > MAX_TITLE) {
            throw new IllegalArgumentException("the title is longer than " + MAX_TITLE + " characters");
        }
        return t;
    }

    private static List<String> cleanTags(List<String> tags) {
        Set<String> out = new LinkedHashSet<>();
        for (String t : tags) {
            String c = cleanTag(t);
            if (!c.isEmpty()) {
                out.add(c);
            }
        }
        return List.copyOf(out);
    }

    private static String cleanTag(String tag) {
        return tag == null ? "" : tag.strip().replace(",", " ").replace("\n", " ").toLowerCase(Locale.ROOT);
    }

    private static NoteSummary summary(Note note) {
        return new NoteSummary(note.title(), note.tags(), words(note.body()));
    }

    private static int words(String text) {
        int n = 0;
        boolean in = false;
        for (int i = 0; i < text.length(); i++) {
            boolean letter = !Character.isWhitespace(text.charAt(i));
            if (letter && !in) {
                n++;
            }
            in = letter;
        }
        return n;
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length())) {
            n++;
        }
        return n;
    }

    private static String snippet(String body, int at, int length) {
        int from = Math.min(body.length(), Math.max(0, at - SNIPPET / 2));
        int to = Math.min(body.length(), Math.max(at + length, from + SNIPPET));
        String s = body.substring(from, to).replaceAll("\\s+", " ").strip();
        return (from > 0 ? "…" : "") + s + (to < body.length() ? "…" : "");
    }
}
