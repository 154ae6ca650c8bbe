package com.example.types;

public record Point(int x, int y) {
}
