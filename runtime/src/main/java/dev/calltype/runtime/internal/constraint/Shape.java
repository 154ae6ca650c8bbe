package dev.calltype.runtime.internal.constraint;

import java.util.List;

/**
 * A wire format's calls for a list of tools: free text until one of {@code triggers}, then one of {@code tags}, whose
 * begin starts with a trigger.
 *
 * @param triggers the texts that open a call
 * @param tags the calls' markup
 */
record Shape(List<String> triggers, List<Piece.Tag> tags) {

    Shape {
        triggers = List.copyOf(triggers);
        tags = List.copyOf(tags);
    }
}
