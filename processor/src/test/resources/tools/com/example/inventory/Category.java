package com.example.inventory;

import java.util.List;

/**
 * A category of items, with sub-categories.
 *
 * @param name the category's name
 * @param children its sub-categories
 */
public record Category(String name, List<Category> children) {
}
