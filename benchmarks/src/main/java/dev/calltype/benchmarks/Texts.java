package dev.calltype.benchmarks;

import java.util.List;

/** Inputs of a given size built from the mixed corpus, the same in every fork. */
final class Texts {

    private Texts() {
    }

    /** Call-free prose of exactly {@code size} characters: the corpus's prose responses, repeated. */
    static String prose(int size) {
        StringBuilder b = new StringBuilder(size + 4096);
        List<MixedCorpus.Case> cases = MixedCorpus.cases();
        while (b.length() < size) {
            for (MixedCorpus.Case c : cases) {
                if (c.kind().equals("prose")) {
                    b.append(c.response()).append("\n\n");
                }
            }
        }
        return cut(b, size);
    }

    /** One {@code <tool_call>} writing a file whose content (Java code, JSON-escaped) makes it {@code size} long. */
    static String hugeArgument(int size) {
        String head = "<tool_call>\n{\"name\": \"write_file\", \"arguments\": {\"path\": \"src/Big.java\", \"content\": \"";
        String tail = "\"}}\n</tool_call>";
        StringBuilder code = new StringBuilder(size);
        String[] lines = {
            "public int compute(int x) {\\n",
            "    return x * 31 + \\\"name\\\".length(); // hash\\n",
            "    if (x > 9) { throw new IllegalArgumentException(\\\"x: \\\" + x); }\\n",
            "}\\n",
            "\\tString s = \\\"tab\\\\there\\\";\\n",
        };
        int body = size - head.length() - tail.length();
        for (int i = 0; code.length() < body; i++) {
            code.append(lines[i % lines.length]);
        }
        // Cut on a line end so that no escape sequence is split.
        int cut = code.lastIndexOf("\\n", body) ;
        code.setLength(cut + 2);
        while (code.length() < body) {
            code.append(' ');
        }
        return head + code + tail;
    }

    /** Prose and small {@code <tool_call>}s, one after the other, {@code size} characters in all. */
    static String manyCalls(int size) {
        StringBuilder b = new StringBuilder(size + 256);
        for (int i = 0; ; i++) {
            String piece = "Checking item " + i + ".\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": "
                    + "{\"city\": \"Oslo\", \"unit\": \"celsius\"}}\n</tool_call>\n";
            if (b.length() + piece.length() > size) {
                break;
            }
            b.append(piece);
        }
        while (b.length() < size) {
            b.append(' ');
        }
        return b.toString();
    }

    static int calls(String manyCalls) {
        int n = 0;
        for (int i = manyCalls.indexOf("<tool_call>"); i >= 0; i = manyCalls.indexOf("<tool_call>", i + 1)) {
            n++;
        }
        return n;
    }

    private static String cut(StringBuilder b, int size) {
        b.setLength(size);
        // Never end between the two halves of a surrogate pair.
        if (Character.isHighSurrogate(b.charAt(size - 1))) {
            b.setCharAt(size - 1, ' ');
        }
        return b.toString();
    }

    /** Parses sizes such as {@code 10k}, {@code 1m}: 10,000 and 1,000,000 characters. */
    static int size(String s) {
        char unit = s.charAt(s.length() - 1);
        int n = Integer.parseInt(s.substring(0, s.length() - 1));
        return switch (unit) {
            case 'k' -> n * 1_000;
            case 'm' -> n * 1_000_000;
            default -> throw new IllegalArgumentException("size " + s + ": use a number and k or m, e.g. 10k");
        };
    }
}
