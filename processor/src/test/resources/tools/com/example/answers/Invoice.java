package com.example.answers;

import dev.calltype.annotations.Answer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * An invoice read from a scanned document.
 *
 * @param number the invoice number
 * @param issued the issue date
 * @param due when it must be paid
 * @param lines the invoice lines
 * @param payment how it was paid, when it was
 * @param total the total, tax included
 * @param received when the scan was received
 */
@Answer(name = "invoice")
public record Invoice(String number, LocalDate issued, LocalDate due, List<Line> lines,
                      java.util.Optional<Payment> payment, BigDecimal total, OffsetDateTime received) {

    /**
     * One line.
     *
     * @param description what was sold
     * @param quantity how many
     * @param unitPrice the price of one
     */
    public record Line(String description, int quantity, BigDecimal unitPrice) {
    }
}
