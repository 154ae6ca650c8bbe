package com.example.inventory;

/** What a stock change left behind. */
public record Receipt(String sku, int total, Unit unit) {
}
