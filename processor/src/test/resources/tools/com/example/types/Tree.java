package com.example.types;

import java.util.List;

public record Tree(String label, List<Tree> children) {
}
