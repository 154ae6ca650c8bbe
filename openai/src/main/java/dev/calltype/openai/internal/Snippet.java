package dev.calltype.openai.internal;

/** Text from a server shortened to one line for a message: control characters escaped, at most {@link #MAX} chars. */
public final class Snippet {

    public static final int MAX = 160;

    private Snippet() {
    }

    public static String of(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        int i = 0;
        for (; i < text.length() && s.length() < MAX; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' || c == '\t') {
                if (s.length() > 0 && s.charAt(s.length() - 1) != ' ') {
                    s.append(' ');
                }
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029'
                    || c >= '\u202a' && c <= '\u202e' || c >= '\u2066' && c <= '\u2069') {
                s.append("\\u").append(String.format("%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        String out = s.toString().strip();
        return i < text.length() ? out + "…" : out;
    }
}
