package dev.calltype.runtime.internal.scan;

/**
 * The text a streaming extractor still holds, indexed by position in the whole response: characters before
 * {@link #dropBefore} was last told are gone, so memory is bounded by what is still undecided. Dropping is amortized
 * (the held text is compacted only once at least half of it is dead), so appending and dropping cost linear time
 * in total.
 */
public final class HeldText implements CharSequence {

    private final StringBuilder held = new StringBuilder();
    private int base;
    /** Characters read so far (a work measure for tests: linear time shows as a bounded count per character). */
    public long reads;

    public void append(CharSequence delta) {
        held.append(delta);
    }

    /** Characters before {@code pos} will not be read again. */
    public void dropBefore(int pos) {
        int dead = pos - base;
        if (dead > 4096 && dead * 2 >= held.length()) {
            held.delete(0, dead);
            base = pos;
        }
    }

    @Override
    public int length() {
        return base + held.length();
    }

    @Override
    public char charAt(int index) {
        reads++;
        return held.charAt(index - base);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        reads += end - start;
        return held.subSequence(start - base, end - base);
    }

    /** How many characters are held now. */
    public int held() {
        return held.length();
    }

    /** The text still held (not the whole response). */
    @Override
    public String toString() {
        return held.toString();
    }
}
