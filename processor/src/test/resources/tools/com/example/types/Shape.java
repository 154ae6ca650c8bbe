package com.example.types;

public sealed interface Shape permits Circle, Square {
}
