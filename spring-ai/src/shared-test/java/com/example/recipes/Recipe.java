package com.example.recipes;

import dev.calltype.annotations.Answer;
import java.util.List;

/**
 * A recipe.
 *
 * @param title the dish's name
 * @param servings how many people it feeds
 * @param ingredients what goes in
 */
@Answer
public record Recipe(String title, int servings, List<String> ingredients) {
}
