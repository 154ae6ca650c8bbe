package com.example.answers;

import dev.calltype.annotations.Answer;
import dev.calltype.annotations.Param;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A shipment read from a delivery note: every member plain and required, so its answer is bound straight from the
 * text when it fits as written.
 *
 * @param id the shipment's number
 * @param parcels how many parcels
 * @param weightGrams the total weight, in grams
 * @param volume the volume, in cubic metres
 * @param value the declared value
 * @param fragile whether it is fragile
 * @param shipped when it left
 * @param carrier who carries it
 * @param stops where it stops, in order
 * @param labels the labels on the parcels
 * @param to where it goes
 * @param note a remark, when the note has one
 * @param floor the floor to deliver to, when given
 */
@Answer
public record Shipment(String id, int parcels, long weightGrams, double volume, BigDecimal value, boolean fragile,
                       LocalDate shipped, Carrier carrier, List<Stop> stops, Set<String> labels, Address to,
                       Optional<String> note, @Param(required = false) Integer floor) {

    /** Checks what the note cannot say. */
    public Shipment {
        if (parcels < 0) {
            throw new IllegalArgumentException("parcels must not be negative");
        }
    }

    /** The carriers. */
    public enum Carrier { POST, COURIER, FREIGHT }

    /**
     * A stop on the way.
     *
     * @param city where
     * @param order its place in the route
     */
    public record Stop(String city, int order) {
    }

    /**
     * An address.
     *
     * @param street the street and number
     * @param city the city
     * @param country the country code
     */
    public record Address(String street, String city, String country) {
    }
}
