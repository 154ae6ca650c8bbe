package dev.calltype.example.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A unit of measure the calculator converts between. */
public enum Unit {
    MILLIMETER(Dimension.LENGTH, 0.001),
    CENTIMETER(Dimension.LENGTH, 0.01),
    METER(Dimension.LENGTH, 1),
    KILOMETER(Dimension.LENGTH, 1000),
    INCH(Dimension.LENGTH, 0.0254),
    FOOT(Dimension.LENGTH, 0.3048),
    YARD(Dimension.LENGTH, 0.9144),
    MILE(Dimension.LENGTH, 1609.344),
    NAUTICAL_MILE(Dimension.LENGTH, 1852),

    GRAM(Dimension.MASS, 0.001),
    KILOGRAM(Dimension.MASS, 1),
    TONNE(Dimension.MASS, 1000),
    OUNCE(Dimension.MASS, 0.028349523125),
    POUND(Dimension.MASS, 0.45359237),
    STONE(Dimension.MASS, 6.35029318),

    MILLILITER(Dimension.VOLUME, 0.001),
    LITER(Dimension.VOLUME, 1),
    CUBIC_METER(Dimension.VOLUME, 1000),
    US_CUP(Dimension.VOLUME, 0.2365882365),
    US_GALLON(Dimension.VOLUME, 3.785411784),
    IMPERIAL_GALLON(Dimension.VOLUME, 4.54609),

    METERS_PER_SECOND(Dimension.SPEED, 1),
    KILOMETERS_PER_HOUR(Dimension.SPEED, 1000.0 / 3600),
    MILES_PER_HOUR(Dimension.SPEED, 1609.344 / 3600),
    KNOT(Dimension.SPEED, 1852.0 / 3600),

    CELSIUS(Dimension.TEMPERATURE, 1, 273.15, -273.15),
    FAHRENHEIT(Dimension.TEMPERATURE, 5.0 / 9, 459.67 * 5.0 / 9, -459.67),
    KELVIN(Dimension.TEMPERATURE, 1, 0, 0);

    /** What a unit measures; only units of the same dimension convert into each other. */
    public enum Dimension { LENGTH, MASS, VOLUME, SPEED, TEMPERATURE }

    private final Dimension dimension;
    private final double factor;
    private final double offset;
    private final double lowest;

    Unit(Dimension dimension, double factor) {
        this(dimension, factor, 0, Double.NEGATIVE_INFINITY);
    }

    /**
     * {@code base = value * factor + offset}, the base being metre, kilogram, litre, m/s or kelvin;
     * {@code lowest} is the smallest value there is in this unit (absolute zero for temperatures).
     */
    Unit(Dimension dimension, double factor, double offset, double lowest) {
        this.dimension = dimension;
        this.factor = factor;
        this.offset = offset;
        this.lowest = lowest;
    }

    public Dimension dimension() {
        return dimension;
    }

    /** The smallest value there is in this unit: absolute zero for temperatures, no limit for the others. */
    double lowest() {
        return lowest;
    }

    double toBase(double value) {
        return value * factor + offset;
    }

    double fromBase(double base) {
        return (base - offset) / factor;
    }

    /** The units of one dimension, lower case, for messages. */
    static String namesOf(Dimension dimension) {
        List<String> names = new ArrayList<>();
        for (Unit u : values()) {
            if (u.dimension == dimension) {
                names.add(u.name());
            }
        }
        return String.join(", ", names);
    }

    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
