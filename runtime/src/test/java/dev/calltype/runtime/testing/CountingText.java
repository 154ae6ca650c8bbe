package dev.calltype.runtime.testing;

/**
 * A text that counts the characters read from it, so that tests can measure the work a scanner does without a
 * clock.
 */
public final class CountingText implements CharSequence {

    private final String s;
    private long reads;

    public CountingText(String s) {
        this.s = s;
    }

    /** {@code s} repeated until the result is at least {@code n} characters long. */
    public static String repeat(String s, int n) {
        StringBuilder b = new StringBuilder(n + s.length());
        while (b.length() < n) {
            b.append(s);
        }
        return b.toString();
    }

    /** The characters read so far ({@code subSequence} and {@code toString} count every character they copy). */
    public long reads() {
        return reads;
    }

    @Override
    public int length() {
        return s.length();
    }

    @Override
    public char charAt(int i) {
        reads++;
        return s.charAt(i);
    }

    @Override
    public CharSequence subSequence(int a, int b) {
        reads += b - a;
        return s.subSequence(a, b);
    }

    @Override
    public String toString() {
        reads += s.length();
        return s;
    }
}
