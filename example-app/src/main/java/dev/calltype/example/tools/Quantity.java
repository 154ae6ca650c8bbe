package dev.calltype.example.tools;

import dev.calltype.annotations.Param;

/** An amount in a unit. */
public record Quantity(@Param(description = "The amount, e.g. 26.2") double value,
                       @Param(description = "The unit the amount is in") Unit unit) {
}
