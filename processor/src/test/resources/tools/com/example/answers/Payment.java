package com.example.answers;

import dev.calltype.annotations.Answer;
import java.math.BigDecimal;

/** How an invoice was paid. */
@Answer
public sealed interface Payment {

    /**
     * Paid by card.
     *
     * @param last4 the card's last four digits
     * @param amount what was charged
     */
    record Card(String last4, BigDecimal amount) implements Payment {
    }

    /**
     * Paid by bank transfer.
     *
     * @param iban the payer's IBAN
     * @param amount what was sent
     */
    record BankTransfer(String iban, BigDecimal amount) implements Payment {
    }
}
