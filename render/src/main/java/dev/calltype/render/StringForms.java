package dev.calltype.render;

import java.util.Map;

/**
 * The {@code pattern}s that state the ISO form of the {@code java.time} types JSON Schema has no {@code format}
 * for, as generated schemas carry them, with an example of each for prompt instructions (an example that the
 * type's reader reads).
 */
public final class StringForms {

    /** {@code Period}: {@code P1Y2M3D}, {@code P2W} (a date-based duration, which has no time part). */
    public static final String PERIOD = "^-?P(-?[0-9]+[YMWD])+$";
    /** {@code YearMonth}: {@code 2024-05}. */
    public static final String YEAR_MONTH = "^-?[0-9]{4,9}-[0-9]{2}$";
    /** {@code MonthDay}: {@code --05-31}. */
    public static final String MONTH_DAY = "^--[0-9]{2}-[0-9]{2}$";
    /** {@code ZoneOffset}: {@code +02:00}, {@code Z}. */
    public static final String ZONE_OFFSET = "^(Z|[+-][0-9]{2}:[0-9]{2}(:[0-9]{2})?)$";
    /** {@code ZoneId}: {@code Europe/Paris}, {@code UTC}, {@code +02:00}. */
    public static final String ZONE_ID = "^[A-Za-z0-9/_+:-]+$";

    private static final Map<String, String> EXAMPLES = Map.of(PERIOD, "P1M", YEAR_MONTH, "2024-05", MONTH_DAY, "--05-17",
            ZONE_OFFSET, "+02:00", ZONE_ID, "Europe/Paris");

    private StringForms() {
    }

    /** An example of a string in the form {@code pattern} states, or {@code null} when the pattern is none of these. */
    public static String example(String pattern) {
        return EXAMPLES.get(pattern);
    }
}
