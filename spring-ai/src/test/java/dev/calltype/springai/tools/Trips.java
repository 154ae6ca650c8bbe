package dev.calltype.springai.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A travel desk whose parameters cover the kinds of type the processor supports, for the adapter tests. */
public class Trips {

    /** Travel class. */
    public enum Cabin { ECONOMY, BUSINESS }

    /** Who travels. */
    public record Traveller(String name, @Param(description = "age in years") int age) {
    }

    /** Where to sleep: one of two shapes. */
    public sealed interface Stay permits Hotel, Friends {
    }

    public record Hotel(String name, int nights) implements Stay {
    }

    public record Friends(String address) implements Stay {
    }

    /**
     * Books a trip.
     *
     * @param destination the city
     * @param departure the day to leave
     * @param cabin the travel class
     * @param travellers who travels
     * @param stay where to sleep
     * @param bags bags per traveller name
     * @param seats how many seats
     * @param remark a remark for the agent
     */
    @Tool
    public String book(String destination, LocalDate departure, Cabin cabin, List<Traveller> travellers, Stay stay,
                       Map<String, Integer> bags, @Param(defaultValue = "1") int seats, Optional<String> remark) {
        String where = stay instanceof Hotel h ? h.nights() + " nights at " + h.name()
                : "with friends at " + ((Friends) stay).address();
        return "Booked " + destination + " on " + departure + " in " + cabin + " for " + travellers.size()
                + " traveller(s), " + seats + " seat(s), " + where + ", " + bags.size() + " bag entries"
                + remark.map(r -> ", remark: " + r).orElse("");
    }

    /** Cancels a booking that cannot be cancelled, to show what a tool's exception becomes. */
    @Tool
    public String cancel(String reference) {
        throw new IllegalStateException("booking " + reference + " is already travelling");
    }
}
