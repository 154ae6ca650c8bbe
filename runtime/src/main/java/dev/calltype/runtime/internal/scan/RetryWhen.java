package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.BracketBalance;
import dev.calltype.runtime.internal.chars.Chars;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * When a recognizer that needed more text is worth asking again: when one of some strings appears, when the
 * brackets of a value balance, or when the text reaches a length. The streaming driver tracks hints over new
 * characters only; besides, it asks again whenever the held text has doubled, so a hint that never fires costs
 * latency, never correctness or linearity.
 */
public final class RetryWhen {

    public static final RetryWhen NONE = new RetryWhen(List.of(), -1, -1, -1);

    public final List<String> strings;
    public final int stringsFrom;
    public final int balanceFrom;
    public final int length;

    private RetryWhen(List<String> strings, int stringsFrom, int balanceFrom, int length) {
        this.strings = strings;
        this.stringsFrom = stringsFrom;
        this.balanceFrom = balanceFrom;
        this.length = length;
    }

    /** Ask again once one of {@code strings} (the {@code null}s left out) occurs at or after {@code from}. */
    public static RetryWhen text(int from, String... strings) {
        for (String s : strings) {
            if (s == null) {
                return new RetryWhen(Arrays.stream(strings).filter(Objects::nonNull).toList(), from, -1, -1);
            }
        }
        return new RetryWhen(List.of(strings), from, -1, -1);
    }

    /** Ask again once the value opening at {@code from} balances. */
    public static RetryWhen balance(int from) {
        return new RetryWhen(List.of(), -1, from, -1);
    }

    /** Ask again once the text is at least {@code length} long (a few more characters decide a short prefix). */
    public static RetryWhen length(int length) {
        return new RetryWhen(List.of(), -1, -1, length);
    }

    /** This hint or {@code other}, whichever fires first (one of each kind at most). */
    public RetryWhen or(RetryWhen other) {
        return new RetryWhen(strings.isEmpty() ? other.strings : strings,
                strings.isEmpty() ? other.stringsFrom : stringsFrom,
                balanceFrom >= 0 ? balanceFrom : other.balanceFrom,
                length >= 0 ? length : other.length);
    }

    /** The incremental state that watches for this hint. */
    public Tracker tracker() {
        return new Tracker(this);
    }

    /** Watches new text for a hint; each character is examined a bounded number of times. */
    public static final class Tracker {
        private final RetryWhen hint;
        private final BracketBalance balance;
        private int searched;

        public Tracker(RetryWhen hint) {
            this.hint = hint;
            this.balance = hint.balanceFrom >= 0 ? new BracketBalance(hint.balanceFrom) : null;
            this.searched = hint.stringsFrom;
        }

        /** Reads the text up to {@code limit}; whether the hint has fired. */
        public boolean fired(CharSequence b, int limit) {
            if (hint.length >= 0 && limit >= hint.length) {
                return true;
            }
            if (balance != null && balance.advance(b, limit) >= 0) {
                return true;
            }
            if (!hint.strings.isEmpty()) {
                int longest = 0;
                for (String s : hint.strings) {
                    longest = Math.max(longest, s.length());
                }
                for (String s : hint.strings) {
                    if (Chars.indexOf(b, s, searched, limit) >= 0) {
                        return true;
                    }
                }
                // next time, look again only where a string could still end
                searched = Math.max(searched, limit - longest + 1);
            }
            return false;
        }
    }
}
