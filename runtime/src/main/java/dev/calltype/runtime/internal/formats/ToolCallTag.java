package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * {@code <tool_call>} (and Seed-OSS {@code <seed:tool_call>}), which several model families fill differently; the
 * content decides: JSON is {@link Hermes} ({@code {"name": …, "arguments": …}}), {@code <function=…>} (or its
 * {@code <parameter=…>} tags written first) is {@link Qwen3Coder} / {@link SeedOss}, {@code <function name="…">} is
 * Hermes 2 Pro's variant with a JSON body (or
 * {@link MiniCpm5}'s, when {@code <param name=…>} tags follow), a bare name followed by {@code <arg_key>} pairs is
 * {@link Glm} ({@code <param_key>} pairs: TeleChat4 / Xing 4.0's, {@code TELECHAT4}), {@code function} and a name
 * on the next line is {@link StepAudio2}, a pythonic call is read as one. Whatever the content, the tag is explicit
 * markup: content that is none of these is an error.
 */
public final class ToolCallTag implements Recognizer {

    private final JsonBlock json;
    private final XmlInvokes xml;
    private final Glm glm;
    private final XmlInvokes named;
    private final StepAudio2 stepAudio;
    private final XmlInvokes miniCpm;
    private final Glm teleChat;

    public ToolCallTag(String open, String close) {
        this.json = block(open, close);
        this.xml = Qwen3Coder.inSection(open, close);
        this.glm = new Glm(open, close);
        this.named = namedFunctions(open, close);
        this.stepAudio = new StepAudio2(close);
        this.miniCpm = MiniCpm5.inSection(open, close);
        this.teleChat = new Glm(open, close, TELECHAT_PAIRS, WireFormat.TELECHAT4);
    }

    /** TeleChat4 / Xing 4.0's pairs: {@code <param_key>K</param_key><param_value>V</param_value>}. */
    private static final Glm.Pairs TELECHAT_PAIRS = new Glm.Pairs("", "", "param_key", "param_value", null);

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
        if (i >= limit) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1)); // the content decides who reads it
            }
            return cfg.on(WireFormat.HERMES) || cfg.on(WireFormat.GLM) || cfg.on(WireFormat.QWEN3_CODER)
                    ? json.open(buf, cfg, at.pos(), at.markerEnd(), false, limit, atEnd) : Verdict.NO_MATCH;
        }
        char c = buf.charAt(i);
        if (c == '<') {
            int r = Chars.startsWith(buf, i, limit, "<function=");
            int n = Chars.startsWith(buf, i, limit, "<function name=");
            int p = Chars.startsWith(buf, i, limit, "<parameter=");
            if ((r == Chars.PARTIAL || n == Chars.PARTIAL || p == Chars.PARTIAL) && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (r == Chars.FULL || p == Chars.FULL) {
                return cfg.on(WireFormat.QWEN3_CODER) ? xml.section(buf, cfg, at.pos(), at.markerEnd(), 0, limit, atEnd)
                        : Verdict.NO_MATCH;
            }
            if (n == Chars.FULL) {
                // MiniCPM5's <param name=…> tags in the tag, or Hermes 2 Pro's JSON body (or <parameter name=…>)
                int params = MiniCpm5.paramsFollow(buf, i + "<function name=".length(), limit);
                if (params == Chars.PARTIAL && !atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                if (params == Chars.FULL) {
                    return cfg.on(WireFormat.MINICPM5)
                            ? miniCpm.section(buf, cfg, at.pos(), at.markerEnd(), 0, limit, atEnd) : Verdict.NO_MATCH;
                }
                return cfg.on(WireFormat.HERMES) ? named.section(buf, cfg, at.pos(), at.markerEnd(), 0, limit, atEnd)
                        : Verdict.NO_MATCH;
            }
        }
        if (Chars.isIdentStart(c)) {
            int j = i;
            while (j < limit && Chars.isNameChar(buf.charAt(j))) {
                j++;
            }
            if (j >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (j < limit && buf.charAt(j) == '(') {
                return cfg.on(WireFormat.HERMES) ? json.open(buf, cfg, at.pos(), at.markerEnd(), false, limit, atEnd)
                        : Verdict.NO_MATCH;
            }
            if (j - i == 8 && Chars.startsWith(buf, i, j, "function") == Chars.FULL) {
                Verdict step = stepAudio.read(buf, cfg, at.pos(), j, limit, atEnd);
                if (step != null) {
                    return step;
                }
            }
            int k = Chars.skipBlanks(buf, j, limit);
            int p = Chars.startsWith(buf, k, limit, "<param_key>");
            if (p == Chars.PARTIAL && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (p == Chars.FULL) {
                return cfg.on(WireFormat.TELECHAT4) ? teleChat.read(buf, cfg, at.pos(), i, j, limit, atEnd)
                        : Verdict.NO_MATCH;
            }
            if (!cfg.on(WireFormat.GLM)) {
                return Verdict.NO_MATCH;
            }
            return glm.read(buf, cfg, at.pos(), i, j, limit, atEnd);
        }
        return cfg.on(WireFormat.HERMES) ? json.open(buf, cfg, at.pos(), at.markerEnd(), false, limit, atEnd)
                : Verdict.NO_MATCH;
    }

    /** Hermes's JSON calls (or a pythonic call) between {@code open} and {@code close}. */
    static JsonBlock block(String open, String close) {
        return JsonBlock.tags(WireFormat.HERMES, open, close).pythonicAllowed().recognizer();
    }

    /** Hermes 2 Pro's {@code <function name="N">{…}</function>} invocations between {@code open} and {@code close}. */
    static XmlInvokes namedFunctions(String open, String close) {
        return new XmlInvokes(XmlInvokes.of(WireFormat.HERMES).section(open, close)
                .invocation("<function name=", "</function>").parameter("<parameter name=", "</parameter>").build());
    }
}
