package com.example.inventory;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.ToolParams;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

/**
 * What to search for.
 *
 * @param query text the stock keeping unit must contain
 * @param limit the largest number of items to return
 */
@ToolParams
public record SearchRequest(@NotBlank String query, @Param(defaultValue = "10") @Min(1) @Max(100) int limit) {
}
