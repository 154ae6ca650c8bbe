package com.example.inventory;

/** How items are counted. */
public enum Unit {
    PIECE,
    BOX
}
