package dev.calltype.testsupport;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A seeded generator of test inputs: the same {@link SplittableRandom} state gives the same value, so a failing case
 * of a {@link Property} is replayed from its seed alone.
 *
 * <p>Numbers and sizes lean towards their edges (empty, the bounds, zero, one) the way property-testing libraries
 * do, because that is where bugs sit; everything else is drawn uniformly.
 *
 * @param <T> the generated type
 */
@FunctionalInterface
public interface Gen<T> {

    /** The next value drawn from {@code random}. */
    T next(SplittableRandom random);

    // ------------------------------------------------------------------ combinators

    /** This generator's values, transformed. */
    default <R> Gen<R> map(Function<? super T, ? extends R> f) {
        return r -> f.apply(next(r));
    }

    /** A generator chosen by this generator's value, then drawn from. */
    default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> f) {
        return r -> f.apply(next(r)).next(r);
    }

    /** This generator's values that pass {@code keep} (redrawn up to 10,000 times, then an error). */
    default Gen<T> filter(Predicate<? super T> keep) {
        return r -> {
            for (int i = 0; i < 10_000; i++) {
                T value = next(r);
                if (keep.test(value)) {
                    return value;
                }
            }
            throw new IllegalStateException("filter rejected 10,000 values in a row");
        };
    }

    /** {@code null} with probability {@code p}, otherwise this generator's value. */
    default Gen<T> orNull(double p) {
        return r -> r.nextDouble() < p ? null : next(r);
    }

    /** Lists of this generator's values, {@code min} to {@code max} long (edge sizes more often). */
    default Gen<List<T>> list(int min, int max) {
        return r -> {
            int n = size(r, min, max);
            List<T> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(next(r));
            }
            return out;
        };
    }

    /** Lists of this generator's values, up to {@code max} long. */
    default Gen<List<T>> list(int max) {
        return list(0, max);
    }

    // ------------------------------------------------------------------ choices

    /** Always {@code value}. */
    static <T> Gen<T> constant(T value) {
        return r -> value;
    }

    /** One of {@code values}, uniformly. */
    @SafeVarargs
    static <T> Gen<T> of(T... values) {
        return of(List.of(values));
    }

    /** One of {@code values}, uniformly. */
    static <T> Gen<T> of(List<? extends T> values) {
        List<? extends T> copy = List.copyOf(values);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("no values to choose from");
        }
        return r -> copy.get(r.nextInt(copy.size()));
    }

    /** A value of one of {@code gens}, each chosen equally often. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Gen<? extends T>> copy = List.of(gens);
        return r -> copy.get(r.nextInt(copy.size())).next(r);
    }

    /** A value of {@code a} or {@code b}, chosen in proportion to their weights. */
    static <T> Gen<T> frequency(int wa, Gen<? extends T> a, int wb, Gen<? extends T> b) {
        return frequency(wa, a, wb, b, 0, a);
    }

    /** A value of {@code a}, {@code b} or {@code c}, chosen in proportion to their weights. */
    static <T> Gen<T> frequency(int wa, Gen<? extends T> a, int wb, Gen<? extends T> b, int wc, Gen<? extends T> c) {
        int total = wa + wb + wc;
        return r -> {
            int x = r.nextInt(total);
            return x < wa ? a.next(r) : x < wa + wb ? b.next(r) : c.next(r);
        };
    }

    /** {@code true} or {@code false}. */
    static Gen<Boolean> booleans() {
        return SplittableRandom::nextBoolean;
    }

    // ------------------------------------------------------------------ numbers

    /** Integers from {@code min} to {@code max}, both included; the bounds, 0 and ±1 more often. */
    static Gen<Integer> ints(int min, int max) {
        return longs(min, max).map(Long::intValue);
    }

    /** Any {@code int}. */
    static Gen<Integer> ints() {
        return ints(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** Any {@code short}. */
    static Gen<Short> shorts() {
        return ints(Short.MIN_VALUE, Short.MAX_VALUE).map(Integer::shortValue);
    }

    /** Any {@code long}. */
    static Gen<Long> longs() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Longs from {@code min} to {@code max}, both included: a fifth are edges (the bounds, 0, ±1 when in range),
     * two fifths small (up to 1,000 from 0), the rest of any magnitude.
     */
    static Gen<Long> longs(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        List<Long> edges = new ArrayList<>(List.of(min, max));
        for (long e : new long[] {0, 1, -1}) {
            if (e >= min && e <= max) {
                edges.add(e);
            }
        }
        return r -> {
            int kind = r.nextInt(5);
            if (kind == 0) {
                return edges.get(r.nextInt(edges.size()));
            }
            long lo = min;
            long hi = max;
            if (kind <= 2) {
                lo = Math.max(min, -1000);
                hi = Math.min(max, 1000);
                if (lo > hi) {
                    lo = min;
                    hi = max;
                }
            } else {
                // a random magnitude first, so that values of every size turn up
                int bits = 1 + r.nextInt(63);
                long bound = 1L << (bits - 1);
                long candidateLo = Math.max(min, -bound);
                long candidateHi = Math.min(max, bound);
                if (candidateLo <= candidateHi) {
                    lo = candidateLo;
                    hi = candidateHi;
                }
            }
            return uniform(r, lo, hi);
        };
    }

    /** Big integers from {@code min} to {@code max}, both included, of every number of digits. */
    static Gen<BigInteger> bigIntegers(BigInteger min, BigInteger max) {
        BigInteger span = max.subtract(min);
        int digits = span.toString().length();
        return r -> {
            int kind = r.nextInt(6);
            if (kind == 0) {
                BigInteger[] edges = {min, max, BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate()};
                BigInteger e = edges[r.nextInt(edges.length)];
                if (e.compareTo(min) >= 0 && e.compareTo(max) <= 0) {
                    return e;
                }
            }
            BigInteger bound = BigInteger.TEN.pow(1 + r.nextInt(digits)).min(span.add(BigInteger.ONE));
            BigInteger offset = new BigInteger(bound.bitLength() + 8, new java.util.Random(r.nextLong())).mod(bound);
            // around zero when the range holds it, otherwise from the lower bound
            BigInteger centre = min.signum() <= 0 && max.signum() >= 0 ? BigInteger.ZERO : min;
            BigInteger v = r.nextBoolean() ? centre.add(offset) : centre.subtract(offset);
            return v.max(min).min(max);
        };
    }

    /**
     * Finite doubles: edges (±0, ±{@code MIN_VALUE}, ±{@code MAX_VALUE}, ±1, 0.01), decimals with up to two places
     * of every magnitude, and arbitrary bit patterns.
     */
    static Gen<Double> doubles() {
        double[] edges = {0.0, -0.0, 1.0, -1.0, 0.01, -0.01, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
                -Double.MAX_VALUE};
        return r -> {
            int kind = r.nextInt(10);
            if (kind == 0) {
                return edges[r.nextInt(edges.length)];
            }
            if (kind <= 6) {
                return decimal(r, 2).doubleValue();
            }
            double d = Double.longBitsToDouble(r.nextLong());
            return Double.isFinite(d) ? d : r.nextDouble();
        };
    }

    /** Doubles from {@code min} to {@code max}, uniformly, the bounds more often. */
    static Gen<Double> doubles(double min, double max) {
        return r -> switch (r.nextInt(10)) {
            case 0 -> min;
            case 1 -> max;
            default -> min + (max - min) * r.nextDouble();
        };
    }

    /** Finite floats, drawn as {@link #doubles()} and narrowed (values beyond the float range become ±MAX). */
    static Gen<Float> floats() {
        return doubles().map(d -> {
            float f = d.floatValue();
            return Float.isInfinite(f) ? Math.copySign(Float.MAX_VALUE, f) : f;
        });
    }

    /** Decimals with exactly {@code scale} places, of every magnitude up to 20 integer digits. */
    static Gen<BigDecimal> bigDecimals(int scale) {
        return r -> decimal(r, scale);
    }

    // ------------------------------------------------------------------ characters and strings

    /** Any UTF-16 code unit, unpaired surrogates included; ASCII and control characters more often. */
    static Gen<Character> anyChar() {
        return r -> switch (r.nextInt(8)) {
            case 0, 1 -> (char) (' ' + r.nextInt(95));
            case 2 -> (char) r.nextInt(0x20);
            default -> (char) r.nextInt(0x10000);
        };
    }

    /** Characters from {@code from} to {@code to}, both included. */
    static Gen<Character> charRange(char from, char to) {
        return r -> (char) (from + r.nextInt(to - from + 1));
    }

    /** One of the characters of {@code chars}. */
    static Gen<Character> chars(String chars) {
        if (chars.isEmpty()) {
            throw new IllegalArgumentException("no characters to choose from");
        }
        return r -> chars.charAt(r.nextInt(chars.length()));
    }

    /** Strings of {@code min} to {@code max} characters of {@code chars} (the empty and the longest more often). */
    static Gen<String> strings(Gen<Character> chars, int min, int max) {
        return r -> {
            int n = size(r, min, max);
            StringBuilder b = new StringBuilder(n);
            for (int i = 0; i < n; i++) {
                b.append(chars.next(r));
            }
            return b.toString();
        };
    }

    /** Strings of up to {@code max} characters of {@code chars}. */
    static Gen<String> strings(Gen<Character> chars, int max) {
        return strings(chars, 0, max);
    }

    /** The fragments of {@code parts} concatenated: lists of up to {@code max} of its values, joined. */
    static Gen<String> joined(Gen<String> parts, int max) {
        return parts.list(max).map(l -> String.join("", l));
    }

    // ------------------------------------------------------------------ maps

    /**
     * Insertion-ordered maps of up to {@code max} entries with distinct keys (a size whose keys cannot all be
     * distinct gives a smaller map).
     */
    static <K, V> Gen<Map<K, V>> maps(Gen<? extends K> keys, Gen<? extends V> values, int max) {
        return r -> {
            int n = size(r, 0, max);
            Map<K, V> out = new LinkedHashMap<>();
            for (int tries = 0; out.size() < n && tries < 4 * n; tries++) {
                K k = keys.next(r);
                if (!out.containsKey(k)) {
                    out.put(k, values.next(r));
                }
            }
            return Collections.unmodifiableMap(out);
        };
    }

    // ------------------------------------------------------------------ helpers

    /** A size from {@code min} to {@code max}: each bound a tenth of the time, otherwise uniform. */
    private static int size(SplittableRandom r, int min, int max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        return switch (r.nextInt(10)) {
            case 0 -> min;
            case 1 -> max;
            default -> min + r.nextInt(max - min + 1);
        };
    }

    private static long uniform(SplittableRandom r, long lo, long hi) {
        long span = hi - lo + 1; // wraps when the range holds 2^63 values or more
        if (span > 0) {
            return lo + r.nextLong(span);
        }
        while (true) {
            long v = r.nextLong();
            if (v >= lo && v <= hi) {
                return v;
            }
        }
    }

    private static BigDecimal decimal(SplittableRandom r, int scale) {
        int digits = 1 + r.nextInt(20 + scale);
        StringBuilder b = new StringBuilder(digits + 1);
        if (r.nextBoolean()) {
            b.append('-');
        }
        for (int i = 0; i < digits; i++) {
            b.append((char) ('0' + r.nextInt(10)));
        }
        return new BigDecimal(new BigInteger(b.toString()), scale);
    }
}
