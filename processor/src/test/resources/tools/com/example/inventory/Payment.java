package com.example.inventory;

import jakarta.validation.constraints.Size;

/** A way to pay. */
public sealed interface Payment permits Payment.Card, Payment.BankTransfer {

    /**
     * A card payment.
     *
     * @param number the card number
     */
    record Card(@Size(min = 12, max = 19) String number) implements Payment {
    }

    /**
     * A bank transfer.
     *
     * @param iban the payee's account
     * @param reference the text on the statement
     */
    record BankTransfer(String iban, String reference) implements Payment {
    }
}
