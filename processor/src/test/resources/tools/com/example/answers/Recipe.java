package com.example.answers;

import dev.calltype.annotations.Answer;
import dev.calltype.annotations.Param;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A recipe read from a cookbook page.
 *
 * @param title the dish's name
 * @param servings how many people it feeds
 * @param ingredients what goes in, in order
 * @param steps the method, one step per entry
 * @param difficulty how hard it is
 * @param tags labels such as "vegetarian"
 * @param nutrition per-serving figures by name ("kcal", "protein_g")
 * @param note anything the cook should know
 * @param prepTime preparation time, ISO-8601
 */
@Answer
public record Recipe(@NotBlank String title,
                     @Min(1) int servings,
                     List<Ingredient> ingredients,
                     List<String> steps,
                     @Param(defaultValue = "\"MEDIUM\"") Difficulty difficulty,
                     Set<String> tags,
                     Map<String, Double> nutrition,
                     Optional<String> note,
                     Optional<Duration> prepTime) {

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
