package com.example.recipes;

import dev.calltype.annotations.Answer;
import dev.calltype.annotations.Param;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A recipe read from a cookbook page.
 *
 * @param title the dish's name
 * @param servings how many people it feeds
 * @param ingredients what goes in, in order
 * @param difficulty how hard it is
 * @param prepTime preparation time, ISO-8601
 */
@Answer
public record Recipe(String title, int servings, List<Ingredient> ingredients,
                     @Param(defaultValue = "\"MEDIUM\"") Difficulty difficulty, Optional<Duration> prepTime) {

    /**
     * One ingredient.
     *
     * @param name what it is
     * @param grams how much, in grams
     */
    public record Ingredient(String name, @Param(required = false) Double grams) {
    }

    /** How hard a recipe is. */
    public enum Difficulty { EASY, MEDIUM, HARD }
}
