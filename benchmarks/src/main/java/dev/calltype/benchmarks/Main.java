package dev.calltype.benchmarks;

/** Entry point of {@code benchmarks.jar}: {@code quick}, {@code full}, or JMH's own command line. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(args);
    }
}
