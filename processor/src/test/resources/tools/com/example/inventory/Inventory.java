package com.example.inventory;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import jakarta.validation.constraints.DecimalMin;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A small warehouse whose methods a model may call. */
public class Inventory {

    private final Map<String, Integer> stock = new LinkedHashMap<>();
    private final List<String> log = new ArrayList<>();

    /**
     * Adds units of an item to the stock.
     *
     * <p>The stock log records the note. This paragraph is not part of the tool's description.
     *
     * @param item the item and how many units arrive
     * @param note a note for the stock log
     */
    @Tool
    public Receipt addStock(Item item, @Nullable String note) {
        int total = stock.merge(item.sku(), item.quantity(), Integer::sum);
        log.add(item.sku() + "+" + item.quantity() + (note == null ? "" : " (" + note + ")"));
        return new Receipt(item.sku(), total, item.unit());
    }

    /** Finds items whose stock keeping unit contains the query. */
    @Tool(name = "search_items", readOnly = true)
    public List<Item> search(SearchRequest request) {
        List<Item> out = new ArrayList<>();
        for (Map.Entry<String, Integer> e : stock.entrySet()) {
            if (e.getKey().contains(request.query()) && out.size() < request.limit()) {
                out.add(new Item(e.getKey(), e.getValue(), Unit.PIECE));
            }
        }
        return out;
    }

    /**
     * Pays a supplier.
     *
     * @param payment how to pay
     * @param amount the amount in euros
     */
    @Tool(confirm = true)
    public void pay(Payment payment, @DecimalMin("0.01") BigDecimal amount) {
        if (payment instanceof Payment.Card card && card.number().startsWith("0000")) {
            throw new IllegalStateException("card " + card.number() + " was declined");
        }
        log.add("paid " + amount);
    }

    /**
     * Counts the categories in a tree of categories.
     *
     * @param root the root of the tree
     */
    @Tool
    public int countCategories(Category root) {
        int n = 1;
        for (Category c : root.children()) {
            n += countCategories(c);
        }
        return n;
    }

    /**
     * The units in stock of one item.
     *
     * @param sku the stock keeping unit
     * @param unit the unit to count in
     */
    @Tool
    public Map<String, Integer> getStock(String sku, @Param(defaultValue = "\"PIECE\"") Unit unit) {
        int pieces = stock.getOrDefault(sku, 0);
        return Map.of(unit.name(), unit == Unit.BOX ? pieces / 12 : pieces);
    }

    /** The stock log, oldest entry first. */
    public List<String> log() {
        return log;
    }
}
