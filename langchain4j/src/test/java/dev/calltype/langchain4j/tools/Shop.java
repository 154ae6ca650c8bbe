package dev.calltype.langchain4j.tools;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A tool class whose parameters cover every kind of type the processor supports, for the adapter tests. */
public class Shop {

    /** How fast an order ships. */
    public enum Speed { STANDARD, EXPRESS }

    /** Where an order goes. */
    public record Address(String street, String city, @Param(description = "postal code") String postcode) {
    }

    /** How an order is paid: one of two shapes. */
    public sealed interface Payment permits Card, BankTransfer {
    }

    public record Card(String number) implements Payment {
    }

    public record BankTransfer(String iban) implements Payment {
    }

    /** A category tree: a recursive record. */
    public record Category(String name, List<Category> children) {
    }

    /** What {@link #order} answers. */
    public record Confirmation(String reference, int quantity, String summary) {
    }

    /**
     * Places an order.
     *
     * @param sku the item
     * @param quantity how many
     * @param speed how fast
     * @param address where to
     * @param payment how it is paid
     * @param tags labels for the order
     * @param extras extra items by SKU and count
     * @param note a note for the courier
     * @param deliverOn the day to deliver
     */
    @Tool
    public Confirmation order(String sku, @Param(defaultValue = "1") int quantity, Speed speed, Address address,
                              Payment payment, List<String> tags, Map<String, Integer> extras, Optional<String> note,
                              LocalDate deliverOn) {
        String paidBy = payment instanceof Card c ? "card " + c.number() : "transfer " + ((BankTransfer) payment).iban();
        return new Confirmation(sku + "-" + quantity + "-" + speed, quantity, address.city() + ", " + paidBy + ", "
                + tags.size() + " tags, " + extras.size() + " extras, " + note.orElse("no note") + ", on " + deliverOn);
    }

    /**
     * Prices an item.
     *
     * @param sku the item
     * @param discount a discount, as a fraction
     * @param id the price list
     * @param express whether it ships express
     * @param speeds the speeds to price
     * @param category where it is filed
     */
    @Tool(name = "price")
    public String price(String sku, BigDecimal discount, UUID id, boolean express, Set<Speed> speeds,
                        Optional<Category> category) {
        return sku + " costs " + BigDecimal.TEN.subtract(discount) + (express ? " express" : "") + " for " + speeds.size()
                + " speeds";
    }

    /** Fails, to show what a tool's exception becomes. */
    @Tool
    public String broken() {
        throw new IllegalStateException("the price list is offline");
    }
}
