package com.example.answers;

import dev.calltype.annotations.Answer;
import java.util.List;

/** A document outline: nested sections. */
public final class Outline {

    private Outline() {
    }

    /**
     * A section and its subsections.
     *
     * @param heading the section's heading
     * @param children its subsections
     */
    @Answer
    public record Section(String heading, List<Section> children) {
    }
}
