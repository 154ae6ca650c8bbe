package dev.calltype.example;

/** Text from a server or a model shortened to one readable line for a message. */
final class Snippet {

    static final int MAX = 160;

    private Snippet() {
    }

    static String of(String text) {
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
            } else if (c < 0x20 || c == 0x7f) {
                s.append(String.format("\\u%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        String out = s.toString().strip();
        return i < text.length() ? out + "…" : out;
    }
}
