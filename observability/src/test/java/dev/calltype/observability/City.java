package dev.calltype.observability;

import dev.calltype.annotations.Answer;

/**
 * A city, as a model answers with it.
 *
 * @param name the city's name
 * @param population how many live there
 */
@Answer
public record City(String name, long population) {
}
