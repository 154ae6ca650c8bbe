package com.example.answers;

import dev.calltype.annotations.Answer;

/** A figure drawn on a page. */
@Answer
public sealed interface Figure {

    /**
     * A circle.
     *
     * @param size its diameter
     */
    record Circle(double size) implements Figure {
    }

    /**
     * A square.
     *
     * @param size its side
     */
    record Square(double size) implements Figure {
    }

    /**
     * A line.
     *
     * @param length how long it is
     */
    record Line(double length) implements Figure {
    }
}
