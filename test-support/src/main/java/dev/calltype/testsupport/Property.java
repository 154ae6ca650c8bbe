package dev.calltype.testsupport;

import java.util.SplittableRandom;

/**
 * Runs a property over generated cases, each drawn from its own seed, and names the seed of the case that fails.
 *
 * <p>The seeds are fixed by default (derived from the test class and method), so a build checks the same cases
 * every time. {@code -Dcalltype.seed=<seed>} starts from another seed, the first case using it exactly: the seed a
 * failure prints replays the failing case first. {@code -Dcalltype.seed=random} draws a fresh start, printed on
 * standard output. {@code -Dcalltype.tries=<factor>} multiplies every property's number of cases.
 */
public final class Property {

    /** The property's check; any exception or assertion error fails it. */
    @FunctionalInterface
    public interface Check<T> {
        void accept(T value) throws Exception;
    }

    /** The property's check over two values. */
    @FunctionalInterface
    public interface Check2<A, B> {
        void accept(A a, B b) throws Exception;
    }

    /** The property's check over three values. */
    @FunctionalInterface
    public interface Check3<A, B, C> {
        void accept(A a, B b, C c) throws Exception;
    }

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final int MAX_SHOWN = 4000;

    private Property() {
    }

    /** Checks {@code check} on {@code tries} values of {@code gen}. */
    public static <T> void forAll(int tries, Gen<T> gen, Check<? super T> check) {
        String caller = caller();
        long start = startSeed(caller);
        int n = tries * factor();
        for (int k = 0; k < n; k++) {
            long seed = start + k * GOLDEN_GAMMA;
            T value = gen.next(new SplittableRandom(seed));
            try {
                check.accept(value);
            } catch (Throwable t) {
                throw failure(caller, k, n, seed, show(value), t);
            }
        }
    }

    /** Checks {@code check} on {@code tries} pairs of values of {@code a} and {@code b}. */
    public static <A, B> void forAll(int tries, Gen<A> a, Gen<B> b, Check2<? super A, ? super B> check) {
        forAll(tries, r -> new Object[] {a.next(r), b.next(r)}, pair -> {
            @SuppressWarnings("unchecked") A first = (A) pair[0];
            @SuppressWarnings("unchecked") B second = (B) pair[1];
            check.accept(first, second);
        });
    }

    /** Checks {@code check} on {@code tries} triples of values of {@code a}, {@code b} and {@code c}. */
    public static <A, B, C> void forAll(int tries, Gen<A> a, Gen<B> b, Gen<C> c,
                                        Check3<? super A, ? super B, ? super C> check) {
        forAll(tries, r -> new Object[] {a.next(r), b.next(r), c.next(r)}, triple -> {
            @SuppressWarnings("unchecked") A first = (A) triple[0];
            @SuppressWarnings("unchecked") B second = (B) triple[1];
            @SuppressWarnings("unchecked") C third = (C) triple[2];
            check.accept(first, second, third);
        });
    }

    private static AssertionError failure(String caller, int k, int n, long seed, String value, Throwable cause) {
        String message = "property " + caller + " failed on case " + (k + 1) + " of " + n
                + "\n  input: " + value
                + "\n  replay it first with -Dcalltype.seed=" + Long.toHexString(seed) + " (e.g. mvn test -Dtest='"
                + caller + "' -Dcalltype.seed=" + Long.toHexString(seed) + ")"
                + "\n  " + cause;
        return new AssertionError(message, cause);
    }

    private static long startSeed(String caller) {
        String configured = System.getProperty("calltype.seed", "").trim();
        if (configured.isEmpty()) {
            return mix(caller.hashCode());
        }
        if (configured.equals("random")) {
            long seed = System.nanoTime() ^ Thread.currentThread().getId() * GOLDEN_GAMMA;
            System.out.println("property " + caller + " starts from seed " + Long.toHexString(seed));
            return seed;
        }
        return Long.parseUnsignedLong(configured, 16);
    }

    private static int factor() {
        String configured = System.getProperty("calltype.tries", "").trim();
        return configured.isEmpty() ? 1 : Math.max(1, Integer.parseInt(configured));
    }

    /** {@code Class#method} of the test that called {@link #forAll}. */
    private static String caller() {
        return StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !f.getClassName().equals(Property.class.getName()))
                .findFirst()
                .map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "#" + f.getMethodName())
                .orElse("unknown"));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    /** The value as Java source would write it, control and non-ASCII characters escaped, cut at 4,000 chars. */
    private static String show(Object value) {
        if (value instanceof Object[] values) {
            StringBuilder all = new StringBuilder();
            for (Object v : values) {
                all.append(all.length() == 0 ? "" : ", ").append(show(v));
            }
            return all.toString();
        }
        String s = String.valueOf(value);
        StringBuilder b = new StringBuilder(value instanceof CharSequence ? "\"" : "");
        for (int i = 0; i < s.length() && b.length() < MAX_SHOWN; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '"' -> b.append(value instanceof CharSequence ? "\\\"" : "\"");
                case '\\' -> b.append(value instanceof CharSequence ? "\\\\" : "\\");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        if (b.length() >= MAX_SHOWN) {
            b.append("... (").append(s.length()).append(" chars)");
        } else if (value instanceof CharSequence) {
            b.append('"');
        }
        return b.toString();
    }
}
