package dev.calltype.modulepathtest;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A warehouse's stock: the tools of the modular program. */
public class Inventory {

    /** How items are counted. */
    public enum Unit { PIECE, BOX }

    /**
     * Items of one article.
     *
     * @param sku the article's stock-keeping unit, e.g. "A1"
     * @param quantity how many
     * @param unit pieces or boxes
     */
    public record Item(String sku, int quantity, Unit unit) {
    }

    /**
     * What is on hand of one article.
     *
     * @param sku the article
     * @param pieces pieces on hand
     */
    public record Stock(String sku, int pieces) {
    }

    private static final int PIECES_PER_BOX = 12;

    private final Map<String, Integer> pieces = new LinkedHashMap<>();

    /**
     * Adds items to the stock.
     *
     * @param item what arrived
     * @return the article's stock afterwards
     */
    @Tool
    public Stock addStock(Item item) {
        int added = item.unit() == Unit.BOX ? item.quantity() * PIECES_PER_BOX : item.quantity();
        return new Stock(item.sku(), pieces.merge(item.sku(), added, Integer::sum));
    }

    /**
     * The stock of some articles.
     *
     * @param skus the articles
     * @param limit at most this many
     * @return their stock, in the order asked
     */
    @Tool
    public List<Stock> report(List<String> skus, @Param(defaultValue = "10") Optional<Integer> limit) {
        List<Stock> out = new ArrayList<>();
        for (String sku : skus.subList(0, Math.min(skus.size(), limit.orElse(10)))) {
            out.add(new Stock(sku, pieces.getOrDefault(sku, 0)));
        }
        return out;
    }
}
