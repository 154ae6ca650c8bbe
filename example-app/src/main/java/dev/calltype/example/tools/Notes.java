package dev.calltype.example.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
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
 * <p>A note is its title: titles that differ (ignoring case) are different notes, however alike their
 * file names look. The file name is only a readable label ({@code groceries.md}, {@code note-2.md});
 * the title is the {@code # } line inside the file, and every lookup goes by it.
 *
 * <p>Safe for several threads and several programs on one folder: every change (create, replace,
 * delete) holds a lock on {@code .notes.lock} in the folder, so "does it exist? then write" is one
 * step for all of them; a note's text is written to a temporary file, forced to disk and then
 * renamed over the note, so a reader sees the old note or the new one, never half of one. Temporary
 * files a killed program left behind are removed by the next change.
 *
 * <p>The notes stay in their folder: only regular files are notes, and links are never followed. A symbolic link
 * in the folder ({@code leak.md -> ../outside/secret.txt}, {@code env.md -> /proc/self/environ}) is not listed,
 * read, searched or replaced; nor is a named pipe or a device; a {@code .notes.lock} that is a link or not a
 * regular file stops every change with an error instead of creating a file elsewhere.
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
    private static final String TEMPORARY_PREFIX = ".note-";
    private static final String TEMPORARY_SUFFIX = ".tmp";
    private static final String LOCK = ".notes.lock";
    private static final int SNIPPET = 80;
    /** One monitor per folder, so threads of one program take the folder's file lock one at a time. */
    private static final ConcurrentMap<Path, Object> FOLDER_MONITORS = new ConcurrentHashMap<>();

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
    public NoteSummary createNote(String title, String body, @Param(defaultValue = "[]") List<String> tags,
                                  @Param(defaultValue = "false") boolean overwrite) {
        String cleanTitle = checkTitle(title);
        if (body.length() > MAX_BODY) {
            throw new IllegalArgumentException("the body is " + body.length() + " characters; the most is " + MAX_BODY);
        }
        Note note = new Note(cleanTitle, cleanTags(tags), body.strip());
        return changing(() -> {
            Stored existing = find(cleanTitle);
            if (existing != null && !overwrite) {
                throw new IllegalArgumentException("a note titled \"" + existing.note().title()
                        + "\" already exists; choose another title or set overwrite to true to replace it");
            }
            write(existing != null ? existing.file() : freeFile(cleanTitle), note);
            return summary(note);
        });
    }

    /**
     * Lists the notes, sorted by title.
     *
     * @param tag only notes with this tag
     */
    @Tool(readOnly = true)
    public List<NoteSummary> listNotes(Optional<String> tag) {
        Optional<String> wanted = tag.map(Notes::cleanTag).filter(t -> !t.isEmpty());
        List<NoteSummary> out = new ArrayList<>();
        for (Stored stored : all()) {
            Note note = stored.note();
            if (wanted.isEmpty() || note.tags().contains(wanted.get())) {
                out.add(summary(note));
            }
        }
        return out;
    }

    /** Finds notes whose title or body contains the words, best matches first. */
    @Tool(readOnly = true)
    public List<NoteMatch> searchNotes(NoteQuery query) {
        String needle = query.text() == null ? "" : query.text().strip().toLowerCase(Locale.ROOT);
        if (needle.isEmpty()) {
            throw new IllegalArgumentException("the search text is empty");
        }
        if (query.limit() < 1 || query.limit() > 100) {
            throw new IllegalArgumentException("limit must be between 1 and 100, got " + query.limit());
        }
        Optional<String> wanted = query.tag().map(Notes::cleanTag).filter(t -> !t.isEmpty());
        List<NoteMatch> matches = new ArrayList<>();
        for (Stored stored : all()) {
            Note note = stored.note();
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
    public Note readNote(String title) {
        return existing(checkTitle(title)).note();
    }

    /**
     * Deletes a note. Asks the user first.
     *
     * @param title the note's title
     */
    @Tool(confirm = true)
    public String deleteNote(String title) {
        String cleanTitle = checkTitle(title);
        return changing(() -> {
            Stored stored = existing(cleanTitle);
            try {
                Files.delete(stored.file());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot delete the note: " + e.getMessage(), e);
            }
            return "deleted \"" + stored.note().title() + "\"";
        });
    }

    /** A note and the file it is kept in. */
    private record Stored(Note note, Path file) {
    }

    /** The note with this title, or a failure that lists the notes there are. */
    private Stored existing(String title) {
        Stored stored = find(title);
        if (stored == null) {
            List<String> titles = new ArrayList<>();
            for (Stored n : all()) {
                titles.add(n.note().title());
            }
            throw new IllegalArgumentException("there is no note titled \"" + title + "\""
                    + (titles.isEmpty() ? "; there are no notes yet" : "; the notes are: " + String.join(", ", titles)));
        }
        return stored;
    }

    /**
     * The note whose title is {@code title} ignoring case, or {@code null}; two files holding that
     * title (copied by hand) are refused rather than guessed between.
     */
    private Stored find(String title) {
        String key = key(title);
        Stored found = null;
        for (Stored stored : all()) {
            if (key(stored.note().title()).equals(key)) {
                if (found != null) {
                    throw new IllegalArgumentException("the files " + found.file().getFileName() + " and "
                            + stored.file().getFileName() + " both hold a note titled \"" + title
                            + "\"; rename or remove one of them by hand");
                }
                found = stored;
            }
        }
        return found;
    }

    /** What makes two titles the same note: the text without case (and in one Unicode form). */
    private static String key(String title) {
        return Normalizer.normalize(title.strip(), Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
    }

    private List<Stored> all() {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Stored> notes = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String name = f.getFileName().toString();
                if (name.endsWith(EXTENSION) && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    try {
                        notes.add(new Stored(read(f), f));
                    } catch (NoteGone e) {
                        // deleted, or replaced by a link, by another program while we listed: not a note
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
        }
        notes.sort(Comparator.comparing((Stored n) -> n.note().title().toLowerCase(Locale.ROOT))
                .thenComparing(n -> n.note().title()));
        return notes;
    }

    /** A file for a new note: its title's slug, numbered when that name is taken ({@code note-2.md}). */
    private Path freeFile(String title) {
        String slug = slug(title);
        Path file = folder.resolve(slug + EXTENSION);
        for (int n = 2; Files.exists(file, LinkOption.NOFOLLOW_LINKS); n++) {
            file = folder.resolve(slug + "-" + n + EXTENSION);
        }
        return file;
    }

    /**
     * Runs a change with the folder locked against other threads and programs, after removing the
     * temporary files a killed writer left (while the lock is held no one else is writing one).
     */
    private <T> T changing(Supplier<T> change) {
        Path real;
        try {
            Files.createDirectories(folder);
            real = folder.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + folder + ": " + e.getMessage(), e);
        }
        Path lockFile = real.resolve(LOCK);
        synchronized (FOLDER_MONITORS.computeIfAbsent(real, k -> new Object())) {
            if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                throw new IllegalStateException("cannot lock the notes folder: " + LOCK + " in it is a link or not a"
                        + " regular file; remove it by hand");
            }
            try (FileChannel lock = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
                 FileLock held = lock.lock()) {
                removeTemporaryFiles();
                return change.get();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lock " + folder.resolve(LOCK) + ": " + e.getMessage(), e);
            }
        }
    }

    private void removeTemporaryFiles() throws IOException {
        try (DirectoryStream<Path> left = Files.newDirectoryStream(folder,
                TEMPORARY_PREFIX + "*" + TEMPORARY_SUFFIX)) {
            for (Path f : left) {
                Files.deleteIfExists(f);
            }
        }
    }

    /**
     * Reads a note file; a file edited by hand without the header still reads, titled by its name. The file is
     * opened without following a link (a link put in its place since it was listed is not read).
     */
    static Note read(Path file) {
        String text;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new NoteGone(file);
        } catch (FileSystemException e) {
            if (Files.isSymbolicLink(file)) {
                throw new NoteGone(file); // opening with NOFOLLOW_LINKS refused a link (ELOOP)
            }
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
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

    /** Writes a temporary file, forces it to disk, then renames it over {@code file} (with the folder locked). */
    private void write(Path file, Note note) {
        StringBuilder text = new StringBuilder("# ").append(note.title()).append('\n');
        if (!note.tags().isEmpty()) {
            text.append("tags: ").append(String.join(", ", note.tags())).append('\n');
        }
        text.append('\n').append(note.body()).append('\n');
        Path tmp = null;
        try {
            tmp = Files.createTempFile(folder, TEMPORARY_PREFIX, TEMPORARY_SUFFIX);
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(text));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
            forceFolder();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // removed by the next change
                }
            }
        }
    }

    /** Forces the folder's entries (the rename) to disk where the platform allows opening a folder. */
    private void forceFolder() {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Windows cannot open a folder as a channel; its rename is durable once it returns
        }
    }

    /** A note file deleted (or replaced by a link) by another program between listing the folder and reading it. */
    private static final class NoteGone extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        NoteGone(Path file) {
            super("the note file " + file.getFileName() + " has gone");
        }
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
