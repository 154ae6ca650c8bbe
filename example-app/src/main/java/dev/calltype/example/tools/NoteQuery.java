package dev.calltype.example.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.ToolParams;
import java.util.Optional;

/**
 * What to look for in the notes.
 *
 * @param text words to find in titles and bodies, case-insensitive
 * @param tag only notes with this tag
 * @param limit the most matches to return, best first
 */
@ToolParams
public record NoteQuery(String text, Optional<String> tag, @Param(defaultValue = "5") int limit) {
}
