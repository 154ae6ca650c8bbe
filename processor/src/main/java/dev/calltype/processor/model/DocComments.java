package dev.calltype.processor.model;

/**
 * Reads descriptions out of Javadoc: the first paragraph of a comment, and the text of an
 * {@code @param} tag. Inline tags keep their text ({@code {@code x}} → {@code x}, {@code {@link
 * A#b label}} → {@code label}), HTML tags are dropped, white space is collapsed.
 */
public final class DocComments {

    private DocComments() {
    }

    /** The first paragraph: up to a blank line, a {@code <p>} or the first block tag. */
    public static String summary(String doc) {
        if (doc == null) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (String line : doc.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("@")) {
                break;
            }
            if (t.isEmpty()) {
                if (text.length() > 0) {
                    break;
                }
                continue;
            }
            if (startsWithIgnoreCase(t, "<p>") || startsWithIgnoreCase(t, "<p ")) {
                if (text.length() > 0) {
                    break;
                }
                t = t.substring(t.indexOf('>') + 1);
            }
            int p = indexOfIgnoreCase(t, "<p>");
            if (p >= 0) {
                text.append(t, 0, p).append(' ');
                break;
            }
            text.append(t).append(' ');
        }
        return clean(text.toString());
    }

    /** The text of {@code @param name}, or {@code ""}. */
    public static String param(String doc, String name) {
        if (doc == null) {
            return "";
        }
        StringBuilder text = null;
        for (String line : doc.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("@")) {
                if (text != null) {
                    break;
                }
                if (t.startsWith("@param")) {
                    String rest = t.substring("@param".length()).strip();
                    int end = 0;
                    while (end < rest.length() && !Character.isWhitespace(rest.charAt(end))) {
                        end++;
                    }
                    if (rest.substring(0, end).equals(name)) {
                        text = new StringBuilder(rest.substring(end)).append(' ');
                    }
                }
            } else if (text != null) {
                text.append(t).append(' ');
            }
        }
        return text == null ? "" : clean(text.toString());
    }

    private static String clean(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '{' && i + 1 < s.length() && s.charAt(i + 1) == '@') {
                int close = s.indexOf('}', i);
                if (close > 0) {
                    String body = s.substring(i + 2, close).strip();
                    int space = indexOfWhitespace(body);
                    String tag = space < 0 ? body : body.substring(0, space);
                    String arg = space < 0 ? "" : body.substring(space).strip();
                    if ((tag.equals("link") || tag.equals("linkplain")) && !arg.isEmpty()) {
                        int sp = indexOfWhitespace(arg);
                        arg = sp < 0 ? linkText(arg) : arg.substring(sp).strip();
                    }
                    out.append(arg);
                    i = close + 1;
                    continue;
                }
            }
            if (c == '<' && i + 1 < s.length() && (Character.isLetter(s.charAt(i + 1)) || s.charAt(i + 1) == '/')) {
                int close = s.indexOf('>', i);
                if (close > 0) {
                    i = close + 1;
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        return collapse(out.toString()
                .replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&"));
    }

    private static String linkText(String ref) {
        int hash = ref.indexOf('#');
        String s;
        if (hash >= 0) {
            s = ref.substring(hash + 1);
        } else {
            int dot = ref.lastIndexOf('.');
            s = dot >= 0 ? ref.substring(dot + 1) : ref;
        }
        int paren = s.indexOf('(');
        return paren >= 0 ? s.substring(0, paren) : s;
    }

    private static String collapse(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                space = out.length() > 0;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    private static int indexOfWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWithIgnoreCase(String s, String prefix) {
        return s.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    private static int indexOfIgnoreCase(String s, String needle) {
        for (int i = 0; i + needle.length() <= s.length(); i++) {
            if (s.regionMatches(true, i, needle, 0, needle.length())) {
                return i;
            }
        }
        return -1;
    }
}
