package com.example.types;

import java.util.Optional;

public record Square(double side, Optional<String> label) implements Shape {
}
