package dev.calltype.example.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The current time anywhere, and meeting times converted between time zones. Zones are given as
 * region ids ({@code Europe/Paris}), city names ({@code Tokyo}, {@code new york}), offsets
 * ({@code +05:30}) or common abbreviations ({@code PST}).
 */
public final class WorldClock {

    /** A moment as seen in one time zone. */
    public record ZonedTime(String zone, String localTime, String utcOffset, String dayOfWeek, String text) {
    }

    /** The result of {@link #convertTime}. */
    public record TimeConversion(ZonedTime from, ZonedTime to, String text) {
    }

    private static final DateTimeFormatter TEXT = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ISO_LOCAL_DATE_TIME;

    private static final Map<String, String> BY_ID = new TreeMap<>();
    private static final Map<String, String> BY_CITY = new TreeMap<>();

    static {
        for (String id : new TreeSet<>(ZoneId.getAvailableZoneIds())) {
            BY_ID.putIfAbsent(id.toLowerCase(Locale.ROOT), id);
            int slash = id.lastIndexOf('/');
            if (slash > 0 && !id.startsWith("Etc/") && !id.startsWith("SystemV/")) {
                BY_CITY.putIfAbsent(id.substring(slash + 1).toLowerCase(Locale.ROOT), id);
            }
        }
    }

    private final Clock clock;

    /** A clock that reads {@code clock}; its zone is the default for {@link #currentTime}. */
    public WorldClock(Clock clock) {
        this.clock = clock;
    }

    /**
     * The current date and time in a time zone.
     *
     * @param zone a region id such as "Asia/Tokyo", a city such as "Tokyo", or an offset such as
     *     "+05:30"; the user's own zone when omitted
     */
    @Tool(readOnly = true)
    public ZonedTime currentTime(Optional<String> zone) {
        ZoneId id = zone.map(String::strip).filter(z -> !z.isEmpty()).map(WorldClock::resolve).orElse(clock.getZone());
        return describe(ZonedDateTime.now(clock).withZoneSameInstant(id).truncatedTo(ChronoUnit.SECONDS));
    }

    /**
     * Converts a local date and time in one time zone to the same moment in another, for example to
     * schedule a meeting.
     *
     * @param time the local date and time in the first zone, e.g. "2025-03-14T09:30"
     * @param fromZone the zone the time is given in
     * @param toZone the zone to convert to
     */
    @Tool(readOnly = true)
    public TimeConversion convertTime(LocalDateTime time, @Param(name = "from_zone") String fromZone,
                                      @Param(name = "to_zone") String toZone) {
        ZonedDateTime from = time.atZone(resolve(fromZone));
        ZonedDateTime to = from.withZoneSameInstant(resolve(toZone));
        ZonedTime a = describe(from);
        ZonedTime b = describe(to);
        return new TimeConversion(a, b, a.text() + " is " + b.text());
    }

    /**
     * Resolves a zone the way a person writes it.
     *
     * @throws IllegalArgumentException naming the zone and showing accepted forms
     */
    static ZoneId resolve(String zone) {
        String z = zone == null ? "" : zone.strip();
        if (z.isEmpty()) {
            throw new IllegalArgumentException("the time zone is empty; use a region id such as Europe/Paris");
        }
        try {
            return ZoneId.of(z, ZoneId.SHORT_IDS);
        } catch (DateTimeException e) {
            // not an exact id: try the forms people write
        }
        String key = z.toLowerCase(Locale.ROOT).replace(' ', '_');
        String id = BY_ID.get(key);
        if (id == null) {
            id = BY_CITY.get(key);
        }
        if (id == null && ZoneId.SHORT_IDS.containsKey(z.toUpperCase(Locale.ROOT))) {
            id = ZoneId.SHORT_IDS.get(z.toUpperCase(Locale.ROOT));
        }
        if (id == null) {
            throw new IllegalArgumentException("unknown time zone \"" + z + "\"; use a region id such as Europe/Paris,"
                    + " America/New_York or Asia/Tokyo, a city such as Tokyo, or an offset such as +05:30");
        }
        return ZoneId.of(id);
    }

    private static ZonedTime describe(ZonedDateTime t) {
        String offset = t.getOffset().getId().equals("Z") ? "+00:00" : t.getOffset().getId();
        String zone = t.getZone().getId();
        String text = TEXT.format(t) + " (" + zone + ", UTC" + offset + ")";
        return new ZonedTime(zone, LOCAL.format(t.toLocalDateTime()), offset,
                t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH), text);
    }
}
