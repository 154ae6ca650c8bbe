package dev.calltype.example.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.calltype.example.tools.ExpressionParser.Evaluation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionParserTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1 + 2 * 3                | 7",
            "(1 + 2) * 3              | 9",
            "(17.5 * 4) + 2^10 / 8    | 198",
            "2^3^2                    | 512",
            "2 ** 3 ** 2              | 512",
            "-2^2                     | -4",
            "(-2)^2                   | 4",
            "2^-1                     | 0.5",
            "10 - 4 - 3               | 3",
            "100 / 10 / 5             | 2",
            "17 % 5                   | 2",
            "--3                      | 3",
            "+4 - -4                  | 8",
            "1_000_000 / 1e3          | 1000",
            "2.5E-1 * 4               | 1",
            ".5 + .5                  | 1",
            "6 × 7 ÷ 2                | 21",
            "5 − 3                    | 2",
            "sqrt(16) + abs(-3)       | 7",
            "max(3, 7, 5) % 4         | 3",
            "min(3, 7, -5)            | -5",
            "round(3.14159, 2)        | 3.14",
            "round(2.5)               | 3",
            "floor(-1.5) + ceil(1.2)  | 0",
            "log(1000) + ln(e)        | 4",
            "log2(1024)               | 10",
            "hypot(3, 4)              | 5",
            "cbrt(27)                 | 3",
            "  PI * 0 + 1             | 1",
            "tau / pi                 | 2",
            "cos(0) + sin(0)          | 1",
            "exp(0)                   | 1",
    })
    void evaluatesArithmeticWithUsualPrecedence(String expression, double expected) {
        Evaluation e = ExpressionParser.evaluate(expression);
        assertThat(e.error()).isNull();
        assertThat(e.value()).isCloseTo(expected, within(1e-9));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1 / 0                  | division by zero",
            "1 % 0                  | division by zero",
            "2 +                    | ends where a number was expected",
            "(1 + 2                 | ')' is missing",
            "1 + 2)                 | unexpected ')'",
            "2 3                    | unexpected '3'",
            "foo + 1                | unknown name 'foo'",
            "system(1)              | unknown function 'system'",
            "sqrt(-1)               | sqrt of a negative number",
            "ln(0)                  | not positive",
            "(-8)^(1/3)             | not a real number",
            "sqrt(1, 2)             | takes 1 argument, got 2",
            "max()                  | at least one argument",
            "10^400                 | not a finite number",
            "2 * $                  | unexpected '$'",
            "'1' + 1                | unexpected '''",
            "__import__('os')       | unexpected '_'",
    })
    void rejectsWhatIsNotArithmeticWithAClearMessage(String expression, String message) {
        Evaluation e = ExpressionParser.evaluate(expression);
        assertThat(e.ok()).isFalse();
        assertThat(e.error()).contains(message);
    }

    @Test
    void emptyExpressionIsAnError() {
        assertThat(ExpressionParser.evaluate("   ").error()).isEqualTo("the expression is empty");
        assertThat(ExpressionParser.evaluate(null).error()).isEqualTo("the expression is empty");
    }

    @Test
    void errorsSayWhere() {
        Evaluation e = ExpressionParser.evaluate("1 + 2 * (3 - ) ");
        assertThat(e.position()).isEqualTo(13);
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String deep = "(".repeat(900) + "1" + ")".repeat(900);
        assertThat(ExpressionParser.evaluate(deep).error()).contains("nests deeper than " + ExpressionParser.MAX_DEPTH);
        String signs = "-".repeat(1500) + "1";
        assertThat(ExpressionParser.evaluate(signs).error()).contains("nests deeper");
        String powers = "2" + "^2".repeat(900);
        assertThat(ExpressionParser.evaluate(powers).error()).contains("nests deeper");
    }

    @Test
    void moderateNestingIsFine() {
        String nested = "(".repeat(20) + "2" + ")".repeat(20);
        assertThat(ExpressionParser.evaluate(nested).value()).isEqualTo(2);
    }

    @Test
    void sixtyFourLevelsOfParenthesesAreAcceptedAndTheNextOneIsNot() {
        int max = ExpressionParser.MAX_DEPTH;
        assertThat(ExpressionParser.evaluate("(".repeat(32) + "2" + ")".repeat(32)).value()).isEqualTo(2);
        assertThat(ExpressionParser.evaluate("(".repeat(max - 1) + "-2" + ")".repeat(max - 1)).value()).isEqualTo(-2);
        assertThat(ExpressionParser.evaluate("sqrt(".repeat(max) + "1" + ")".repeat(max)).value()).isEqualTo(1);
        assertThat(ExpressionParser.evaluate("-".repeat(max) + "1").value()).isEqualTo(1);
        assertThat(ExpressionParser.evaluate("(".repeat(max + 1) + "2" + ")".repeat(max + 1)).error())
                .isEqualTo("the expression nests deeper than " + max + " levels");
        assertThat(ExpressionParser.evaluate("-".repeat(max + 1) + "1").error()).contains("nests deeper");
    }

    @Test
    void overlongInputIsRefusedBeforeParsing() {
        String longSum = "1+".repeat(ExpressionParser.MAX_LENGTH) + "1";
        assertThat(ExpressionParser.evaluate(longSum).error()).contains("longer than");
    }
}
