package dev.calltype.example;

/** calltype.jar entry point (skeleton; the CLI is being written). */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("calltype");
    }
}
