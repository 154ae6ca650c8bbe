package com.example.types;

public enum Color {
    RED,
    DARK_BLUE
}
