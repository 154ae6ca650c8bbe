package dev.calltype.benchmarks.answer;

import dev.calltype.annotations.Answer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * A purchase order read from an e-mail: the record both the answer parser and Jackson read.
 *
 * @param number the order number
 * @param customer who ordered
 * @param ordered the order date
 * @param lines what was ordered
 * @param total the total
 * @param express whether it ships express
 * @param notes remarks, in order
 */
@Answer
public record Order(String number, String customer, LocalDate ordered, List<Line> lines, BigDecimal total,
                    boolean express, List<String> notes) {

    /**
     * One line.
     *
     * @param sku the article number
     * @param description what it is
     * @param quantity how many
     * @param unitPrice the price of one
     */
    public record Line(String sku, String description, int quantity, BigDecimal unitPrice) {
    }
}
