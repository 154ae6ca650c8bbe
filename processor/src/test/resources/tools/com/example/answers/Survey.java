package com.example.answers;

import dev.calltype.annotations.Answer;
import dev.calltype.annotations.Param;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A survey's result, with every member kind a shape can bind.
 *
 * @param id the survey
 * @param grade a letter grade
 * @param score the mean score
 * @param weight the weight
 * @param responses how many answered
 * @param rounds how many rounds
 * @param topics the topics, as a set of enums
 * @param matrix answers by question and respondent
 * @param tags free tags
 * @param taken when it was taken
 * @param length how long it took
 * @param first the first respondent
 * @param last the last respondent, when known
 * @param pair two labels
 * @param extra more respondents, when given
 */
@Answer
public record Survey(UUID id, char grade, float score, double weight, short responses, byte rounds,
                     Set<Topic> topics, List<List<String>> matrix, Collection<String> tags, Instant taken,
                     Duration length, Person first, @Param(required = false) Person last, Pair<String> pair,
                     Optional<List<Person>> extra) {

    /** Topics. */
    public enum Topic { PRICE, QUALITY, SERVICE }

    /**
     * A respondent.
     *
     * @param name the name
     * @param age the age
     */
    public record Person(String name, int age) {
    }

    /**
     * Two values.
     *
     * @param left one
     * @param right the other
     * @param <T> their type
     */
    public record Pair<T>(T left, T right) {
    }
}
