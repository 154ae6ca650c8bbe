package com.example.inventory;

import dev.calltype.annotations.Param;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

/**
 * An item and a quantity of it.
 *
 * @param sku the stock keeping unit, two capital letters and digits
 * @param quantity how many units
 * @param unit what one unit is
 */
public record Item(@Pattern(regexp = "[A-Z]{2}[0-9]+") String sku, @Min(1) int quantity,
                   @Param(defaultValue = "\"PIECE\"") Unit unit) {
}
