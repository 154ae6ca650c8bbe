package dev.calltype.runtime.internal.constraint;

import java.util.List;

/**
 * A wire format's calls for a list of tools: free text until one of {@code triggers}, then one of {@code tags}, whose
 * begin starts with a trigger.
 *
 * @param triggers the texts that open a call
 * @param tags the calls' markup
 * @param ownLines whether the extractor reads a call only on a line of its own (pythonic: spaces and tabs around it,
 *     a line break or the end of the text before and after)
 */
record Shape(List<String> triggers, List<Piece.Tag> tags, boolean ownLines) {

    Shape(List<String> triggers, List<Piece.Tag> tags) {
        this(triggers, tags, false);
    }

    Shape {
        triggers = List.copyOf(triggers);
        tags = List.copyOf(tags);
    }
}
