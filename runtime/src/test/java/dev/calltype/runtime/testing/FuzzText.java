package dev.calltype.runtime.testing;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ToolCall;
import dev.calltype.testsupport.JsonTrees;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What the fuzz targets share: how a fuzzer's bytes become text, how text is cut into deltas, and the checks every
 * target makes on a result.
 *
 * <p>Inputs are a selector byte followed by the text, so the seed files are readable: byte 0 picks the configuration
 * (and, for streaming, the random cut), the rest is UTF-8. The decoding is WTF-8: a three-byte sequence that encodes a
 * surrogate gives that surrogate, so the fuzzer can write lone surrogates and reversed pairs; any other invalid byte
 * becomes U+FFFD, one per byte. So every text a Java string can hold is reachable.
 */
public final class FuzzText {

    /** Small limits, so that every limit is within reach of short fuzz inputs. */
    public static final ExtractionLimits SMALL_LIMITS = new ExtractionLimits(400, 6, 3, 48, 12, 800);

    public static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Reads numbers back exactly: the engine keeps a number a double cannot hold (7E-777) as a decimal, and JSON
     * text carries it unchanged; only a reader that turns it into a double loses it.
     */
    public static final ObjectMapper EXACT = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private FuzzText() {
    }

    /** The selector byte of an input (0 when empty). */
    public static int selector(byte[] data) {
        return data.length == 0 ? 0 : data[0] & 0xff;
    }

    /** The text after the selector byte. */
    public static String text(byte[] data) {
        return data.length <= 1 ? "" : decode(data, 1, data.length);
    }

    /** WTF-8 decoding of {@code data[from, to)}: UTF-8 that also accepts encoded surrogates. */
    public static String decode(byte[] data, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        int i = from;
        while (i < to) {
            int b = data[i] & 0xff;
            int need;
            int cp;
            if (b < 0x80) {
                out.append((char) b);
                i++;
                continue;
            } else if (b >= 0xc2 && b < 0xe0) {
                need = 1;
                cp = b & 0x1f;
            } else if (b >= 0xe0 && b < 0xf0) {
                need = 2;
                cp = b & 0x0f;
            } else if (b >= 0xf0 && b < 0xf5) {
                need = 3;
                cp = b & 0x07;
            } else {
                out.append('\uFFFD');
                i++;
                continue;
            }
            if (i + need >= to) {
                out.append('\uFFFD');
                i++;
                continue;
            }
            boolean ok = true;
            for (int k = 1; k <= need; k++) {
                int c = data[i + k] & 0xff;
                if ((c & 0xc0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (c & 0x3f);
            }
            int min = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000;
            if (!ok || cp < min || cp > 0x10ffff) {
                out.append('\uFFFD');
                i++;
                continue;
            }
            out.appendCodePoint(cp);
            i += need + 1;
        }
        return out.toString();
    }

    /** The seed-file form of a text: the selector byte, then the text in UTF-8. */
    public static byte[] encode(int selector, String text) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[t.length + 1];
        out[0] = (byte) selector;
        System.arraycopy(t, 0, out, 1, t.length);
        return out;
    }

    /** The text cut at random points, the cuts drawn from {@code seed}; never inside nothing (no empty deltas). */
    public static List<String> randomDeltas(String text, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + text.length());
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            int max = random.nextInt(4) == 0 ? 64 : 8;
            int n = 1 + random.nextInt(max);
            int end = Math.min(text.length(), i + n);
            out.add(text.substring(i, end));
            i = end;
        }
        return out;
    }

    /**
     * Why the calls of an extraction are not what a program may run, or {@code null}: every call has a non-blank
     * name and its arguments are a complete JSON object (one that strict JSON writes and reads back the same).
     */
    public static String callProblem(List<ToolCall> calls, String text) {
        for (ToolCall c : calls) {
            if (c.name() == null || c.name().isBlank()) {
                return "a call without a name: " + c;
            }
            if (!(c.arguments() instanceof ObjectNode)) {
                return "arguments that are not an object: " + c;
            }
            if (c.start() < 0 || c.end() > text.length() || c.start() >= c.end()) {
                return "a call span outside the text: " + c;
            }
            String problem = completeJson(c.arguments(), 0);
            if (problem != null) {
                return "arguments of " + c.name() + " are not complete JSON: " + problem;
            }
            try {
                JsonNode back = EXACT.readTree(JSON.writeValueAsString(c.arguments()));
                if (!JsonTrees.sameByDecimal(back, c.arguments())) {
                    return "arguments of " + c.name() + " do not survive a JSON round trip: " + c.arguments();
                }
            } catch (Exception e) {
                return "arguments of " + c.name() + " cannot be written as JSON: " + e;
            }
        }
        return null;
    }

    /** Every node a real JSON value: no missing nodes, no POJO or binary nodes, no non-finite numbers. */
    private static String completeJson(JsonNode n, int depth) {
        if (n == null || n.isMissingNode()) {
            return "a missing value";
        }
        if (depth > 10_000) {
            return "absurd depth";
        }
        if (n.isPojo() || n.isBinary()) {
            return "a non-JSON node " + n.getNodeType();
        }
        if (n.isFloatingPointNumber() && !n.isBigDecimal() && !Double.isFinite(n.doubleValue())) {
            return "a non-finite number";
        }
        if (n.isContainerNode()) {
            for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) {
                String p = completeJson(it.next(), depth + 1);
                if (p != null) {
                    return p;
                }
            }
            if (n.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    if (it.next().getKey() == null) {
                        return "a null key";
                    }
                }
            }
        }
        return null;
    }

    /** Fails the fuzz run with {@code problem} and the input, when there is a problem. */
    public static void check(String problem, String text) {
        if (problem != null) {
            throw new AssertionError(problem + "\ninput: " + Streams.quote(text.length() > 2000
                    ? text.substring(0, 2000) + "…" : text));
        }
    }
}
