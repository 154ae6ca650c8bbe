package dev.calltype.example.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

class CalculatorTest {

    private final Calculator calculator = new Calculator();

    @Test
    void calculateReturnsTheExpressionAndAnExactLookingResult() {
        Calculator.Calculation c = calculator.calculate(" 0.1 + 0.2 ");
        assertThat(c.expression()).isEqualTo("0.1 + 0.2");
        assertThat(c.result().toPlainString()).isEqualTo("0.3");
        assertThat(calculator.calculate("2^10 * 1000").result().toPlainString()).isEqualTo("1024000");
        assertThat(calculator.calculate("1/3").result().toPlainString()).isEqualTo("0.333333333333333");
    }

    @Test
    void calculateFailsWithTheParsersMessageAndPosition() {
        assertThatThrownBy(() -> calculator.calculate("2 * (3 + x)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot evaluate \"2 * (3 + x)\": unknown name 'x'; constants: pi, e, tau; functions: "
                        + String.join(", ", ExpressionParser.FUNCTIONS) + " (at character 10)");
    }

    @Test
    void convertsLengthsMassesVolumesSpeedsAndTemperatures() {
        assertThat(calculator.convertUnits(new Quantity(26.2, Unit.MILE), Unit.KILOMETER, 4).to())
                .isEqualTo(new Quantity(42.1648, Unit.KILOMETER));
        assertThat(calculator.convertUnits(new Quantity(1, Unit.POUND), Unit.GRAM, 2).to().value()).isEqualTo(453.59);
        assertThat(calculator.convertUnits(new Quantity(2, Unit.US_GALLON), Unit.LITER, 3).to().value()).isEqualTo(7.571);
        assertThat(calculator.convertUnits(new Quantity(100, Unit.KILOMETERS_PER_HOUR), Unit.MILES_PER_HOUR, 1).to().value())
                .isEqualTo(62.1);
        assertThat(calculator.convertUnits(new Quantity(100, Unit.CELSIUS), Unit.FAHRENHEIT, 4).to().value()).isEqualTo(212);
        assertThat(calculator.convertUnits(new Quantity(-40, Unit.FAHRENHEIT), Unit.CELSIUS, 4).to().value()).isEqualTo(-40);
        assertThat(calculator.convertUnits(new Quantity(0, Unit.KELVIN), Unit.CELSIUS, 2).to().value()).isEqualTo(-273.15);
    }

    @Test
    void conversionSaysWhatHappenedInWords() {
        assertThat(calculator.convertUnits(new Quantity(5, Unit.KILOGRAM), Unit.POUND, 2).text())
                .isEqualTo("5 kilogram = 11.02 pound");
    }

    @Test
    void unitsOfDifferentKindsDoNotConvert() {
        assertThatThrownBy(() -> calculator.convertUnits(new Quantity(3, Unit.MILE), Unit.KILOGRAM, 4))
                .hasMessageStartingWith("cannot convert MILE (a length) to KILOGRAM (a mass); length units are MILLIMETER,");
    }

    @Test
    void decimalsOutOfRangeAreRefused() {
        assertThatThrownBy(() -> calculator.convertUnits(new Quantity(3, Unit.MILE), Unit.METER, 40))
                .hasMessage("decimals must be between 0 and 12, got 40");
    }

    @Test
    void roundKeepsNumbersLargerThanALong() {
        assertThat(calculator.calculate("round(1e20)").result().toPlainString()).isEqualTo("100000000000000000000");
        assertThat(calculator.calculate("round(1e300, 15)").result()).isEqualByComparingTo("1e300");
        assertThat(calculator.calculate("round(-1e20)").result().toPlainString()).isEqualTo("-100000000000000000000");
        assertThat(calculator.calculate("round(2.675, 2)").result().toPlainString()).isEqualTo("2.68");
        assertThat(calculator.calculate("round(1234.5, -2)").result().toPlainString()).isEqualTo("1200");
        assertThat(calculator.calculate("round(-2.5)").result().toPlainString()).isEqualTo("-3");
    }

    @Test
    void aConversionThatOverflowsIsAClearFailure() {
        assertThatThrownBy(() -> calculator.convertUnits(new Quantity(1e308, Unit.MILE), Unit.MILLIMETER, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("1E+308 mile is too large to express in millimeter");
        assertThat(calculator.convertUnits(new Quantity(1e300, Unit.MILE), Unit.MILLIMETER, 0).to().value())
                .isCloseTo(1.609344e306, withinPercentage(1e-9));
    }

    @Test
    void temperaturesBelowAbsoluteZeroAreRefused() {
        assertThatThrownBy(() -> calculator.convertUnits(new Quantity(-500, Unit.CELSIUS), Unit.KELVIN, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-500 celsius is below absolute zero (-273.15 celsius)");
        assertThatThrownBy(() -> calculator.convertUnits(new Quantity(-1, Unit.KELVIN), Unit.FAHRENHEIT, 2))
                .hasMessage("-1 kelvin is below absolute zero (0 kelvin)");
        assertThatThrownBy(() -> calculator.convertUnits(new Quantity(-460, Unit.FAHRENHEIT), Unit.CELSIUS, 2))
                .hasMessage("-460 fahrenheit is below absolute zero (-459.67 fahrenheit)");
        assertThat(calculator.convertUnits(new Quantity(-459.67, Unit.FAHRENHEIT), Unit.KELVIN, 2).to().value()).isEqualTo(0);
    }
}
