package com.example.types;

public record Circle(double radius) implements Shape {
}
