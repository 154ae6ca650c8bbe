package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The XML-style formats, whose argument values are raw text: Qwen3-Coder and Seed-OSS
 * {@code <function=N><parameter=K>V</parameter></function>}, MiniMax-M2
 * {@code <invoke name="N"><parameter name="K">V</parameter></invoke>}, and DeepSeek DSML
 * {@code <｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter>}. Values are
 * typed by the known tool's schema ({@link Repair#VALUES_TYPED_BY_SCHEMA}); a DSML {@code string="false"} value is
 * JSON. One line break after an opening tag and one before a closing tag are not part of the value.
 *
 * <p>Read one parameter at a time, keeping what was read, so a call with many parameters is not re-read as it
 * streams; each invocation in a section is emitted as soon as the next one starts or the section closes.
 */
public final class XmlInvokes implements Recognizer {

    /**
     * How one format writes its invocations.
     *
     * @param sectionOpen the marker opening a section of invocations ({@code null}: an invocation stands alone)
     * @param sectionClose the marker closing it
     * @param invokeOpen the start of an invocation, up to its name
     * @param invokeClose the end of an invocation
     * @param paramOpen the start of a parameter, up to its name
     * @param paramClose the end of a parameter
     * @param stringAttribute whether parameters carry DSML's {@code string="true|false"}
     * @param typeAttribute whether parameters carry Kimi K3's {@code type="string|…"} (a string is raw, others JSON)
     * @param fillers tokens a section may hold around its invocations, skipped like blanks (Step-3's
     *     {@code <｜tool_call_begin｜>}, {@code <｜tool_sep｜>}, …)
     * @param uniqueParameters whether a parameter given twice makes the call an error (otherwise the last wins)
     * @param jsonOpen the start of a block holding all the arguments as one JSON object, up to its header's end
     *     ({@code null}: none; Kimi K3's {@code <|open|>json type="object"<|sep|>})
     * @param jsonClose the end of that block
     * @param paramSpellings other spellings of {@code paramOpen}, read alike (MiniCPM5's {@code <paramname=})
     * @param nameLine whether an invocation may follow its tool's name on a line of its own (Step-3's
     *     {@code function<｜tool_sep｜>NAME\n<steptml:invoke name="NAME">}); the invocation's own name is the call's
     * @param strayCloser {@code null}, or the invocation stands without the section that should hold it (Qwen3-Coder
     *     and MiMo drop their {@code <tool_call>}): then it is a call only as a whole, text that is no tag between its
     *     parameters or after a parameter's end making it prose, and this closing tag of the dropped section right
     *     after it is hidden with it
     */
    public record Spec(WireFormat format, String sectionOpen, String sectionClose, String invokeOpen, String invokeClose,
                String paramOpen, String paramClose, boolean stringAttribute, boolean typeAttribute, List<String> fillers,
                boolean uniqueParameters, String jsonOpen, String jsonClose, List<String> paramSpellings,
                boolean nameLine, String strayCloser) {

        /** The same invocations in a section between other markers ({@code null}: standing alone). */
        public Spec inSection(String open, String close) {
            return new Spec(format, open, close, invokeOpen, invokeClose, paramOpen, paramClose, stringAttribute,
                    typeAttribute, fillers, uniqueParameters, jsonOpen, jsonClose, paramSpellings, nameLine, null);
        }

        /** The same invocations standing alone, by mistake: see {@code strayCloser}. */
        public Spec bare(String strayCloser) {
            return new Spec(format, null, null, invokeOpen, invokeClose, paramOpen, paramClose, stringAttribute,
                    typeAttribute, fillers, uniqueParameters, jsonOpen, jsonClose, paramSpellings, nameLine,
                    strayCloser);
        }
    }

    /** Settings of a {@link Spec}, each named. */
    public static final class Builder {
        private final WireFormat format;
        private String sectionOpen;
        private String sectionClose;
        private String invokeOpen;
        private String invokeClose;
        private String paramOpen;
        private String paramClose;
        private boolean stringAttribute;
        private boolean typeAttribute;
        private List<String> fillers = List.of();
        private boolean uniqueParameters;
        private String jsonOpen;
        private String jsonClose;
        private List<String> paramSpellings = List.of();
        private boolean nameLine;

        private Builder(WireFormat format) {
            this.format = format;
        }

        /** Invocations sit in a section between these markers. */
        public Builder section(String open, String close) {
            this.sectionOpen = open;
            this.sectionClose = close;
            return this;
        }

        /** An invocation starts with {@code open} followed by its name and {@code >}, and ends with {@code close}. */
        public Builder invocation(String open, String close) {
            this.invokeOpen = open;
            this.invokeClose = close;
            return this;
        }

        /** A parameter starts with {@code open} followed by its name and {@code >}, and ends with {@code close}. */
        public Builder parameter(String open, String close) {
            this.paramOpen = open;
            this.paramClose = close;
            return this;
        }

        /**
         * MiniMax-M2's tag names, {@code invoke} for an invocation and {@code parameter} for a parameter, each after
         * {@code open} (its start, {@code <} with any namespace) or {@code close} (its end, {@code </} with it):
         * {@code <invoke name="N">…</invoke>}, {@code <atem:parameter name="K">…</atem:parameter>}.
         */
        public Builder invokeTags(String open, String close) {
            return invocation(open + "invoke name=", close + "invoke>")
                    .parameter(open + "parameter name=", close + "parameter>");
        }

        /** Parameters say {@code string="true"} (raw text) or {@code string="false"} (JSON). */
        public Builder stringAttribute() {
            this.stringAttribute = true;
            return this;
        }

        /** Parameters say {@code type="string"} (raw text) or another JSON type (JSON), as Kimi K3 writes them. */
        public Builder typeAttribute() {
            this.typeAttribute = true;
            return this;
        }

        /** Tokens a section may hold around its invocations, skipped like blanks. */
        public Builder fillers(String... tokens) {
            this.fillers = List.of(tokens);
            return this;
        }

        /** A parameter given twice makes the call an error (MiniCPM5), instead of the last value winning. */
        public Builder uniqueParameters() {
            this.uniqueParameters = true;
            return this;
        }

        /**
         * An invocation may hold its arguments as one JSON object in a block starting with {@code open} (then a
         * header up to {@code >}) and ending with {@code close}, instead of parameters (Kimi K3).
         */
        public Builder jsonBlock(String open, String close) {
            this.jsonOpen = open;
            this.jsonClose = close;
            return this;
        }

        /** Other spellings of the parameter's start, each read as {@link #parameter}'s {@code open}. */
        public Builder parameterSpellings(String... opens) {
            this.paramSpellings = List.of(opens);
            return this;
        }

        /** An invocation may follow its tool's name written on a line of its own. */
        public Builder nameLine() {
            this.nameLine = true;
            return this;
        }

        public Spec build() {
            return new Spec(format, sectionOpen, sectionClose, invokeOpen, invokeClose, paramOpen, paramClose,
                    stringAttribute, typeAttribute, fillers, uniqueParameters, jsonOpen, jsonClose, paramSpellings,
                    nameLine, null);
        }
    }

    /** Invocations written in {@code format}. */
    public static Builder of(WireFormat format) {
        return new Builder(format);
    }

    /**
     * The plain shape several families share: {@code <invoke name="N"><parameter name="K">V</parameter></invoke>}
     * in a section between {@code open} and {@code close}.
     */
    public static Spec plain(WireFormat format, String open, String close) {
        return of(format).section(open, close).invokeTags("<", "</").build();
    }

    private static final int MAX_HEADER = 1024;

    public final Spec spec;
    /** Every spelling of a parameter's start, the first {@code paramOpen}. */
    private final String[] opens;
    /** What may end a parameter's value: its close (0), a parameter's start, the invocation's end (last). */
    private final String[] valueEnds;
    /** The tags a value is scanned for: {@link #valueEnds}, then an invocation's start (last). */
    private final String[] valueTags;

    public XmlInvokes(Spec spec) {
        this.spec = spec;
        List<String> all = new ArrayList<>();
        all.add(spec.paramOpen());
        all.addAll(spec.paramSpellings());
        this.opens = all.toArray(String[]::new);
        all.add(0, spec.paramClose());
        all.add(spec.invokeClose());
        this.valueEnds = all.toArray(String[]::new);
        all.add(spec.invokeOpen());
        this.valueTags = all.toArray(String[]::new);
    }

    /** Registers the reader of {@code spec}'s invocations at the marker opening its section. */
    public static void addSection(MarkerTable markers, Spec spec) {
        markers.add(spec.sectionOpen(), new XmlInvokes(spec));
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        if (!at.cfg().on(spec.format())) {
            return Verdict.NO_MATCH;
        }
        return spec.sectionOpen() == null ? invoke(buf, at.cfg(), at.pos(), at.pos(), limit, atEnd)
                : section(buf, at.cfg(), at.pos(), at.markerEnd(), 0, limit, atEnd);
    }

    /** Inside a section from {@code cursor}: the next invocation, or the section's end. */
    public Verdict section(CharSequence buf, Config cfg, int itemStart, int cursor, int count, int limit, boolean atEnd) {
        int i = skipFillers(buf, cursor, limit);
        if (i >= limit || i < 0 && !atEnd) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> section(b, cfg, itemStart, cursor, count, l, e));
            }
            return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncatedBlock(),
                    null, spec.format(), itemStart, limit)));
        }
        if (i < 0) {
            return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncatedBlock(),
                    null, spec.format(), itemStart, limit)));
        }
        int r = Chars.startsWith(buf, i, limit, spec.invokeOpen());
        if (r == Chars.FULL) {
            return invoke(buf, cfg, itemStart, i, limit, atEnd);
        }
        if (r == Chars.NO && spec.nameLine() && Chars.isNameChar(buf.charAt(i))) {
            // the tool's name on a line of its own before the invocation, which names it again
            int e = i;
            while (e < limit && e - i < MAX_HEADER && Chars.isNameChar(buf.charAt(e))) {
                e++;
            }
            int k = Chars.skipBlanks(buf, e, limit);
            int named = Chars.startsWith(buf, k, limit, spec.invokeOpen());
            if ((named == Chars.PARTIAL || k >= limit) && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, x) -> section(b, cfg, itemStart, i, count, l, x));
            }
            if (named == Chars.FULL) {
                return invoke(buf, cfg, itemStart, k, limit, atEnd);
            }
        }
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> section(b, cfg, itemStart, i, count, l, e));
        }
        if (r == Chars.NO && spec.sectionClose() != null && Chars.startsWith(buf, i, limit, spec.paramOpen()) == Chars.FULL) {
            // parameters written before the invocation's tag in its section (MiMo-V2-Flash at times): the call
            // of the invocation that follows them in the same section
            Chars.Found f = Chars.firstOf(buf, i, limit, spec.invokeOpen(), spec.sectionClose());
            if (f == null && !atEnd) {
                return Verdict.needMore(RetryWhen.text(i, spec.invokeOpen(), spec.sectionClose()),
                        (b, l, e) -> section(b, cfg, itemStart, i, count, l, e));
            }
            if (f != null && f.which() == 0) {
                return invoke(buf, cfg, itemStart, f.at(), i, limit, atEnd);
            }
        }
        int sc = spec.sectionClose() == null ? Chars.NO : Chars.startsWith(buf, i, limit, spec.sectionClose());
        if (sc == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> section(b, cfg, itemStart, i, count, l, e));
        }
        String problem = sc == Chars.FULL
                ? "the tool-call block holds no call"
                : "expected " + spec.invokeOpen() + "…> to start a call";
        return failed(buf, cfg, itemStart, i, null, ExtractionError.Kind.INVALID_CALL_SYNTAX,
                ErrorTexts.invalid(problem), limit, atEnd);
    }

    /** An invocation whose opening tag starts at {@code i}. */
    public Verdict invoke(CharSequence buf, Config cfg, int itemStart, int i, int limit, boolean atEnd) {
        return invoke(buf, cfg, itemStart, i, -1, limit, atEnd);
    }

    /**
     * An invocation whose opening tag starts at {@code i}; its parameters are read from {@code params} when they were
     * written before that tag ({@code -1}: after it).
     */
    private Verdict invoke(CharSequence buf, Config cfg, int itemStart, int i, int params, int limit, boolean atEnd) {
        int nameStart = i + spec.invokeOpen().length();
        int gt = indexOfBounded(buf, '>', nameStart, limit);
        if (gt == -2) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.text(nameStart, ">"),
                        (b, l, e) -> invoke(b, cfg, itemStart, i, params, l, e));
            }
            return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(null),
                    null, spec.format(), itemStart, limit)));
        }
        if (gt < 0) {
            return failed(buf, cfg, itemStart, nameStart, null, ExtractionError.Kind.INVALID_CALL_SYNTAX,
                    ErrorTexts.invalid("the call's opening tag is not closed with '>'"), limit, atEnd);
        }
        String name = headerName(buf, nameStart, gt);
        KnownTools.Found found = cfg.tools.find(name);
        Body body = new Body(itemStart, name, found == null ? null : found.spec(), gt + 1,
                JsonNodeFactory.instance.objectNode(), false, null);
        return params(buf, cfg, body, params < 0 ? gt + 1 : params, limit, atEnd);
    }

    /** What an invocation has read so far. */
    private record Body(int itemStart, String name, ToolSpec tool, int argsFrom, ObjectNode args, boolean typed,
                        String tooLong) {
        public Body with(String key, JsonNode value, boolean changed) {
            ObjectNode more = args.deepCopy();
            more.set(key, value);
            return new Body(itemStart, name, tool, argsFrom, more, typed || changed, tooLong);
        }

        /** The invocation is read to its end, then is a limit error. */
        public Body failing(String problem) {
            return new Body(itemStart, name, tool, argsFrom, args, typed, tooLong != null ? tooLong : problem);
        }
    }

    private Verdict params(CharSequence buf, Config cfg, Body body, int cursor, int limit, boolean atEnd) {
        int j = cursor;
        Body b = body;
        while (true) {
            j = Chars.skipBlanks(buf, j, limit);
            if (j >= limit) {
                return wait(buf, cfg, b, j, RetryWhen.length(limit + 1), limit, atEnd);
            }
            int close = Chars.startsWith(buf, j, limit, spec.invokeClose());
            if (close == Chars.FULL) {
                return done(buf, cfg, b, j + spec.invokeClose().length(), false, limit, atEnd);
            }
            int sectionEnd = spec.sectionClose() == null ? Chars.NO : Chars.startsWith(buf, j, limit, spec.sectionClose());
            if (sectionEnd == Chars.FULL) {
                // the section closes after a complete parameter: the invocation's end tag was dropped
                return done(buf, cfg, b, j, true, limit, atEnd);
            }
            if (sectionEnd == Chars.PARTIAL && !atEnd) {
                return wait(buf, cfg, b, j, RetryWhen.length(limit + 1), limit, false);
            }
            int open = Chars.NO;
            int openLength = 0;
            for (String o : opens) {
                int r = Chars.startsWith(buf, j, limit, o);
                if (r == Chars.FULL || r == Chars.PARTIAL && open == Chars.NO) {
                    open = r;
                    openLength = o.length();
                }
                if (r == Chars.FULL) {
                    break;
                }
            }
            int block = spec.jsonOpen() == null ? Chars.NO : Chars.startsWith(buf, j, limit, spec.jsonOpen());
            if ((close == Chars.PARTIAL || open == Chars.PARTIAL || block == Chars.PARTIAL) && !atEnd) {
                return wait(buf, cfg, b, j, RetryWhen.length(limit + 1), limit, false);
            }
            if (block == Chars.FULL && b.args().isEmpty()) {
                // the arguments as one JSON object in their own block: read whole, never dropped
                int hs = j + spec.jsonOpen().length();
                int gt = indexOfBounded(buf, '>', hs, limit);
                int e = gt < 0 ? -1 : Chars.indexOf(buf, spec.jsonClose(), gt + 1, limit);
                if (gt == -2 || gt >= 0 && e < 0) {
                    return wait(buf, cfg, b, j, RetryWhen.text(hs, spec.jsonClose()), limit, atEnd);
                }
                JsonNode json = gt < 0 ? null : RawValues.json(buf.subSequence(gt + 1, e).toString().strip(), cfg.limits);
                if (json == null || !json.isObject()) {
                    return failed(buf, cfg, b.itemStart(), j, b.name(), ExtractionError.Kind.MALFORMED_JSON,
                            ErrorTexts.invalid("the arguments of " + Chars.quoted(b.name())
                                    + " must be parameter tags or one JSON object"), limit, atEnd);
                }
                b = new Body(b.itemStart(), b.name(), b.tool(), b.argsFrom(), (ObjectNode) json, b.typed(), b.tooLong());
                j = e + spec.jsonClose().length();
                continue;
            }
            if (open != Chars.FULL && spec.strayCloser() != null) {
                int stray = Chars.startsWith(buf, j, limit, spec.strayCloser());
                if (stray == Chars.PARTIAL && !atEnd) {
                    return wait(buf, cfg, b, j, RetryWhen.length(limit + 1), limit, false);
                }
                // the dropped section's end after a complete parameter: the invocation's end tag was dropped too;
                // any other text: prose after a tag that looked like a call's start
                return stray == Chars.FULL ? done(buf, cfg, b, j, true, limit, atEnd) : Verdict.NO_MATCH;
            }
            if (open != Chars.FULL) {
                // text that is neither a parameter nor the end: skip to the next tag this call knows
                Chars.Found first = Chars.firstOf(buf, j, limit, valueEnds);
                int next = first == null ? -1 : first.at();
                if (next < 0) {
                    return wait(buf, cfg, b, j, RetryWhen.text(j, valueEnds), limit, atEnd);
                }
                if (first.which() == 0) {
                    // a parameter's end without a start this format writes (<param>V</param>): no call is guessed
                    return failed(buf, cfg, b.itemStart(), j, b.name(), ExtractionError.Kind.INVALID_CALL_SYNTAX,
                            ErrorTexts.invalid("a parameter of " + Chars.quoted(b.name()) + " has no name"), limit,
                            atEnd);
                }
                if (b.args().isEmpty() && buf.charAt(j) == '{' && first.which() == valueEnds.length - 1) {
                    // the arguments written as one JSON object instead of parameter tags: read, never dropped
                    String raw = buf.subSequence(j, next).toString();
                    JsonNode json = RawValues.json(raw, cfg.limits);
                    if (json == null || !json.isObject()) {
                        return failed(buf, cfg, b.itemStart(), j, b.name(), ExtractionError.Kind.MALFORMED_JSON,
                                ErrorTexts.invalid("the arguments of " + Chars.quoted(b.name())
                                        + " must be parameter tags or one JSON object"), limit, atEnd);
                    }
                    b = new Body(b.itemStart(), b.name(), b.tool(), b.argsFrom(), (ObjectNode) json, b.typed(),
                            b.tooLong());
                }
                j = next;
                continue;
            }
            int keyStart = j + openLength;
            int gt = indexOfBounded(buf, '>', keyStart, limit);
            if (gt == -2) {
                return wait(buf, cfg, b, j, RetryWhen.text(keyStart, ">"), limit, atEnd);
            }
            if (gt < 0) {
                return failed(buf, cfg, b.itemStart(), keyStart, b.name(), ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid("a parameter tag of " + Chars.quoted(b.name()) + " is not closed with '>'"), limit,
                        atEnd);
            }
            String key = headerName(buf, keyStart, gt);
            if (key.isEmpty() || spec.uniqueParameters() && b.args().has(key)) {
                // a value no parameter can take, or one parameter given twice: no call is guessed from it
                return failed(buf, cfg, b.itemStart(), keyStart, b.name(), ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid(key.isEmpty() ? "a parameter of " + Chars.quoted(b.name()) + " has no name"
                                : "the parameter " + Chars.quoted(key) + " of " + Chars.quoted(b.name())
                                + " is given twice"), limit, atEnd);
            }
            String stringAttr = spec.stringAttribute() ? attribute(buf, keyStart, gt, "string") : null;
            if (spec.typeAttribute()) {
                String type = attribute(buf, keyStart, gt, "type");
                stringAttr = type == null ? null : type.equals("string") ? "true" : "false";
            }
            int v = gt + 1;
            Chars.Found first = null;
            // the format's own tags the value holds as text (code or a template that writes a call), opened and
            // not yet closed: a closing tag among them closes one of them, never the value
            int depth = 0;
            for (int from = v; first == null; ) {
                Chars.Found f = Chars.firstOf(buf, from, limit, valueTags);
                if (f == null) {
                    return wait(buf, cfg, b, j, RetryWhen.text(from, valueTags), limit, atEnd);
                }
                boolean opening = f.which() == valueTags.length - 1 || f.which() > 0 && f.which() < valueEnds.length - 1;
                if (depth > 0 || f.which() == valueTags.length - 1) {
                    depth += opening ? 1 : f.which() == 0 || f.which() == valueEnds.length - 1 ? -1 : 0;
                    from = f.at() + valueTags[f.which()].length();
                    continue;
                }
                int ends = endsValue(buf, key, b, f, limit, atEnd);
                if (ends == Chars.NO && opening) {
                    depth++;
                }
                if (ends == Chars.NO && f.which() == 0 && spec.strayCloser() != null) {
                    return Verdict.NO_MATCH; // prose after a parameter's end: a call mentioned, not written
                }
                if (ends == Chars.PARTIAL) {
                    return wait(buf, cfg, b, j, RetryWhen.length(limit + 1), limit, false);
                }
                if (ends == Chars.FULL) {
                    first = f;
                } else {
                    from = f.at() + valueEnds[f.which()].length();
                }
            }
            int valueEnd = first.at();
            int x = first.which() == 0 ? first.at() : -1;
            int rawEnd = valueEnd;
            if (x < 0 && rawEnd > v && buf.charAt(rawEnd - 1) == '\n' && buf.charAt(v) != '\n' && buf.charAt(v) != '\r') {
                // a value whose end tag is missing ends at the line break before the next tag
                rawEnd -= rawEnd - 1 > v && buf.charAt(rawEnd - 2) == '\r' ? 2 : 1;
            }
            String raw = cdata(Chars.rawValue(buf, v, rawEnd));
            String tooLong = RawValues.tooLong(key.length() > raw.length() ? key : raw, cfg.limits);
            if (tooLong != null || b.tooLong() != null) {
                b = b.failing(tooLong);
                j = valueEnd == x ? x + spec.paramClose().length() : valueEnd;
                continue;
            }
            JsonNode value;
            boolean changed = false;
            if (RawValues.describes(b.tool(), key)) {
                // the schema decides, over DSML's string attribute
                RawValues.Typed t = RawValues.typed(b.tool(), key, raw, cfg.limits);
                value = t.value();
                changed = t.changed();
            } else if ("false".equals(stringAttr)) {
                // no schema: DSML string="false" says the value is JSON (kept as text when it is not)
                JsonNode parsed = RawValues.json(raw, cfg.limits);
                value = parsed != null ? parsed : TextNode.valueOf(raw);
            } else {
                value = TextNode.valueOf(raw);
            }
            b = b.with(key, value, changed);
            j = valueEnd == x ? x + spec.paramClose().length() : valueEnd;
        }
    }

    /**
     * Whether the tag {@code f} found in a value ends it ({@link Chars#FULL}), is text the value holds
     * ({@link Chars#NO}), or more text decides ({@link Chars#PARTIAL}). A value may hold the format's own tags as
     * text (code that writes them): a parameter's end tag, or the invocation's, ends the value only when the markup
     * goes on after it (a tag, or the end of the text; a parameter's start only when it names a parameter the known
     * tool has), and a parameter's start tag standing for a missing end tag only when it names a parameter the known
     * tool has that this call has not given yet, nor is the one being read ({@code key}). A start tag that ends no
     * value is text the value holds, and so is everything up to its end tag.
     */
    private int endsValue(CharSequence buf, String key, Body b, Chars.Found f, int limit, boolean atEnd) {
        String tag = valueEnds[f.which()];
        if (f.which() == valueEnds.length - 1 && spec.strayCloser() != null) {
            return Chars.FULL; // a call standing alone ends with its own end tag, whatever follows
        }
        if (f.which() > 0 && f.which() < valueEnds.length - 1) {
            int from = f.at() + tag.length();
            int named = namesParameter(buf, b, from, limit, atEnd);
            int gt = named == Chars.FULL ? indexOfBounded(buf, '>', from, limit) : -1;
            if (gt == -2 && !atEnd) {
                return Chars.PARTIAL;
            }
            if (gt >= 0) {
                String next = headerName(buf, from, gt);
                return next.equals(key) || b.args().has(next) ? Chars.NO : Chars.FULL;
            }
            return named;
        }
        int k = Chars.skipBlanks(buf, f.at() + tag.length(), limit);
        if (k >= limit) {
            return atEnd ? Chars.FULL : Chars.PARTIAL;
        }
        if (f.which() == 0 && spec.strayCloser() == null) {
            for (String o : opens) {
                int r = Chars.startsWith(buf, k, limit, o);
                if (r == Chars.FULL) {
                    // a parameter the known tool has goes on after the end tag; one it does not have only when its
                    // own end tag is followed by markup too (the dispatcher reports it), else both are text
                    int named = namesParameter(buf, b, k + o.length(), limit, atEnd);
                    return named == Chars.NO ? unlistedFollows(buf, k + o.length(), limit, atEnd) : named;
                }
                if (r == Chars.PARTIAL && !atEnd) {
                    return Chars.PARTIAL;
                }
            }
        }
        // markup goes on (a tag, even a parameter no schema lists: the dispatcher reports that one)
        return buf.charAt(k) == '<' ? Chars.FULL : Chars.NO;
    }

    /**
     * After a parameter's end tag, a parameter the known tool does not list begins at {@code from}: whether it is
     * markup ({@link Chars#FULL}: its value ends at its own end tag followed by a tag or the end of the text, or at
     * another tag of this format), text the value holds ({@link Chars#NO}), or more text decides. It looks ahead to
     * the next tag only; the text it passes is then read as the value's, never looked at again from here.
     */
    private int unlistedFollows(CharSequence buf, int from, int limit, boolean atEnd) {
        int gt = indexOfBounded(buf, '>', from, limit);
        if (gt == -2) {
            return atEnd ? Chars.FULL : Chars.PARTIAL;
        }
        Chars.Found f = gt < 0 ? null : Chars.firstOf(buf, gt + 1, limit, valueTags);
        if (f == null) {
            return atEnd || gt < 0 ? Chars.FULL : Chars.PARTIAL;
        }
        if (f.which() != 0) {
            return Chars.FULL;
        }
        int k = Chars.skipBlanks(buf, f.at() + spec.paramClose().length(), limit);
        if (k >= limit) {
            return atEnd ? Chars.FULL : Chars.PARTIAL;
        }
        return buf.charAt(k) == '<' ? Chars.FULL : Chars.NO;
    }

    /**
     * Whether the parameter tag whose name starts at {@code from} names a parameter of the known tool
     * ({@link Chars#FULL}; also when no schema lists the tool's parameters), not one ({@link Chars#NO}), or more text
     * decides ({@link Chars#PARTIAL}).
     */
    private static int namesParameter(CharSequence buf, Body b, int from, int limit, boolean atEnd) {
        JsonNode properties = b.tool() == null ? null : b.tool().parameters().path("properties");
        if (properties == null || !properties.isObject() || properties.isEmpty()) {
            return Chars.FULL;
        }
        int gt = indexOfBounded(buf, '>', from, limit);
        if (gt == -2) {
            return atEnd ? Chars.FULL : Chars.PARTIAL;
        }
        return gt < 0 || properties.has(headerName(buf, from, gt)) ? Chars.FULL : Chars.NO;
    }

    /** The invocation is incomplete: wait for more (keeping what was read), or it is truncated. */
    private Verdict wait(CharSequence buf, Config cfg, Body b, int j, RetryWhen hint, int limit, boolean atEnd) {
        if (atEnd && !b.args().isEmpty() && b.tooLong() == null && Chars.skipBlanks(buf, j, limit) >= limit) {
            // the text ended after a complete value, the invocation never closed: every value written is there, as
            // GLM's reader takes it; the driver runs such a call only when the text ended on purpose (Ending)
            return done(buf, cfg, b, limit, true, limit, true);
        }
        if (atEnd) {
            return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                    ErrorTexts.truncated(cfg.tools.display(b.name())), cfg.tools.display(b.name()),
                    spec.format(), b.itemStart(), limit)));
        }
        // a call standing alone is not said to have started: it may still turn out to be prose
        return Verdict.needMore(hint, (bb, l, e) -> params(bb, cfg, b, j, l, e), spec.strayCloser() != null ? null
                : new Verdict.Started(cfg.tools.display(b.name()), b.argsFrom(), spec.invokeClose()));
    }

    /**
     * The invocation closed at {@code end} ({@code unclosed}: its end tag dropped before the section's): the call,
     * and then the next invocation or the section's end.
     */
    private Verdict done(CharSequence buf, Config cfg, Body b, int end, boolean unclosed, int limit, boolean atEnd) {
        b = unwrapped(b, cfg);
        List<Repair> repairs = new ArrayList<>(2);
        if (unclosed) {
            repairs.add(Repair.MISSING_TAGS);
        }
        if (b.typed()) {
            repairs.add(Repair.VALUES_TYPED_BY_SCHEMA);
        }
        Finding call = b.tooLong() != null
                ? Finding.error(ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit(b.tooLong()),
                        cfg.tools.display(b.name()), spec.format(), b.itemStart(), end)
                : CallNormalizer.call(b.name(), b.args(), null, spec.format(), List.copyOf(repairs), b.itemStart(), end,
                        cfg);
        return following(buf, cfg, call, end, end, limit, atEnd);
    }

    /**
     * A lone {@code arguments} or {@code input} parameter holding an object, when the tool has no parameter of that
     * name, is a wrapper around the real arguments (DeepSeek V3.2 writes them so): unwrapped. So is a lone
     * {@code properties} parameter of a known tool that has none (MiniCPM5).
     */
    private static Body unwrapped(Body b, Config cfg) {
        if (b.args().size() != 1 || b.tooLong() != null) {
            return b;
        }
        String key = b.args().fieldNames().next();
        // MiniCPM5 also wraps them in "properties", which only a known tool's schema can tell from a real parameter
        boolean wrapper = key.equals("arguments") || key.equals("input") || key.equals("properties") && b.tool() != null;
        if (!wrapper || b.tool() != null && b.tool().parameters().path("properties").has(key)) {
            return b;
        }
        JsonNode v = b.args().get(key);
        if (v.isTextual()) {
            v = RawValues.json(v.textValue(), cfg.limits);
        }
        if (v == null || !v.isObject()) {
            return b;
        }
        return new Body(b.itemStart(), b.name(), b.tool(), b.argsFrom(), (ObjectNode) v, b.typed(), null);
    }

    /** After an invocation ending at {@code end}: what follows decides its span and what is read next. */
    private Verdict following(CharSequence buf, Config cfg, Finding call, int end, int scan, int limit, boolean atEnd) {
        int skipped = skipFillers(buf, scan, limit);
        int k = skipped < 0 ? (atEnd ? Chars.skipBlanks(buf, scan, limit) : limit) : skipped;
        if (k >= limit && (skipped >= 0 || !atEnd)) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> following(b, cfg, call, end, scan, l, e));
            }
            return Verdict.matched(end, List.of(call.span(call.start, end)));
        }
        int next = Chars.startsWith(buf, k, limit, spec.invokeOpen());
        int close = spec.sectionClose() != null ? Chars.startsWith(buf, k, limit, spec.sectionClose())
                : spec.strayCloser() != null ? Chars.startsWith(buf, k, limit, spec.strayCloser()) : Chars.NO;
        if ((next == Chars.PARTIAL || close == Chars.PARTIAL) && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> following(b, cfg, call, end, k, l, e));
        }
        if (next == Chars.FULL) {
            return Verdict.matched(k, List.of(call.span(call.start, k)), (b, l, e) -> invoke(b, cfg, k, k, l, e));
        }
        if (close == Chars.FULL) {
            int e = k + (spec.sectionClose() != null ? spec.sectionClose() : spec.strayCloser()).length();
            return Verdict.matched(e, List.of(call.span(call.start, e)));
        }
        if (spec.sectionClose() != null) {
            Closer.Ahead ahead = Closer.find(buf, k, limit, spec.sectionClose(), spec.sectionOpen());
            int x = ahead.closerAt();
            int o = ahead.openerAt();
            if (x >= 0) {
                int e = x + spec.sectionClose().length();
                return Verdict.matched(e, List.of(call.span(call.start, e).withRepair(Repair.TRAILING_GARBAGE)));
            }
            if (o < 0 && !atEnd) {
                return Verdict.needMore(RetryWhen.text(k, spec.sectionClose(), spec.sectionOpen()),
                        (b, l, e) -> following(b, cfg, call, end, k, l, e));
            }
        }
        return Verdict.matched(end, List.of(call.span(call.start, end)));
    }

    /**
     * Past blanks and the spec's fillers from {@code i}; -1 when the text ends inside a filler (more text decides).
     */
    private int skipFillers(CharSequence buf, int i, int limit) {
        int j = Chars.skipBlanks(buf, i, limit);
        boolean more = true;
        while (more && j < limit) {
            more = false;
            for (String f : spec.fillers()) {
                int r = Chars.startsWith(buf, j, limit, f);
                if (r == Chars.FULL) {
                    j = Chars.skipBlanks(buf, j + f.length(), limit);
                    more = true;
                    break;
                }
                if (r == Chars.PARTIAL) {
                    return -1;
                }
            }
        }
        return j;
    }

    /** A call that cannot be read: its span reaches the section's close when one follows, else the end. */
    private Verdict failed(CharSequence buf, Config cfg, int itemStart, int q, String name, ExtractionError.Kind kind,
                         String message, int limit, boolean atEnd) {
        String shown = cfg.tools.display(name);
        if (spec.sectionClose() == null) {
            int x = Chars.indexOf(buf, spec.invokeClose(), q, limit);
            if (x < 0 && !atEnd) {
                return Verdict.needMore(RetryWhen.text(q, spec.invokeClose()),
                        (b, l, e) -> failed(b, cfg, itemStart, q, name, kind, message, l, e));
            }
            int end = x < 0 ? limit : x + spec.invokeClose().length();
            return Verdict.matched(end, List.of(Finding.error(kind, message, shown, spec.format(), itemStart, end)));
        }
        // in a section: the failed invocation ends at its own end tag, and its siblings are read on; without one
        // before the section's end, the rest of the section goes with it
        Chars.Found f = Chars.firstOf(buf, q, limit, spec.invokeClose(), spec.sectionClose());
        if (f == null && !atEnd) {
            return Verdict.needMore(RetryWhen.text(q, spec.invokeClose(), spec.sectionClose()),
                    (b, l, e) -> failed(b, cfg, itemStart, q, name, kind, message, l, e));
        }
        if (f != null && f.which() == 0) {
            int end = f.at() + spec.invokeClose().length();
            Finding error = Finding.error(kind, message, shown, spec.format(), itemStart, end);
            return following(buf, cfg, error, end, end, limit, atEnd);
        }
        int end = f == null ? limit : f.at() + spec.sectionClose().length();
        return Verdict.matched(end, List.of(Finding.error(kind, message, shown, spec.format(), itemStart, end)));
    }

    // ------------------------------------------------------------------ text helpers

    /** Index of {@code c} from {@code from} within {@link #MAX_HEADER} chars; -2 if the text ends first, -1 if too far. */
    private static int indexOfBounded(CharSequence buf, char c, int from, int limit) {
        int max = Math.min(limit, from + MAX_HEADER);
        for (int i = from; i < max; i++) {
            if (buf.charAt(i) == c) {
                return i;
            }
        }
        return max == limit ? -2 : -1;
    }

    /** The name in a tag header {@code name>}, {@code "name">} or {@code "name" attr="…">}. */
    public static String headerName(CharSequence buf, int from, int gt) {
        int i = Chars.skipBlanks(buf, from, gt);
        if (i < gt && (buf.charAt(i) == '"' || buf.charAt(i) == '\'')) {
            char q = buf.charAt(i);
            int e = i + 1;
            while (e < gt && buf.charAt(e) != q) {
                e++;
            }
            return entities(buf.subSequence(i + 1, e).toString());
        }
        int e = i;
        while (e < gt && buf.charAt(e) != '"') {
            e++;
        }
        return entities(Chars.trimmed(buf, i, e));
    }

    /**
     * An attribute's text with XML character references decoded ({@code &amp;}, {@code &lt;}, {@code &gt;},
     * {@code &quot;}, {@code &apos;}, {@code &#95;}, {@code &#x5F;}), as Kimi K3 escapes its attributes; anything
     * else is kept as written.
     */
    static String entities(String s) {
        int amp = s.indexOf('&');
        if (amp < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        out.append(s, 0, amp);
        int i = amp;
        while (i < s.length()) {
            char c = s.charAt(i);
            int semi = -1;
            for (int k = i + 1; c == '&' && k < Math.min(s.length(), i + 11); k++) {
                if (s.charAt(k) == ';') {
                    semi = k;
                    break;
                }
            }
            String decoded = semi > i ? entity(s.substring(i + 1, semi)) : null;
            if (decoded != null) {
                out.append(decoded);
                i = semi + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The text of one character reference's name ({@code amp}, {@code #95}), or {@code null}. */
    private static String entity(String name) {
        switch (name) {
            case "amp":
                return "&";
            case "lt":
                return "<";
            case "gt":
                return ">";
            case "quot":
                return "\"";
            case "apos":
                return "'";
            default:
                break;
        }
        if (name.length() < 2 || name.charAt(0) != '#') {
            return null;
        }
        boolean hex = name.charAt(1) == 'x' || name.charAt(1) == 'X';
        try {
            int cp = Integer.parseInt(name.substring(hex ? 2 : 1), hex ? 16 : 10);
            return Character.isValidCodePoint(cp) && cp != 0 ? new String(Character.toChars(cp)) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A value written as {@code <![CDATA[…]]>}: its content, as written. */
    private static String cdata(String raw) {
        String t = raw.strip();
        return t.startsWith("<![CDATA[") && t.endsWith("]]>") ? t.substring(9, t.length() - 3) : raw;
    }

    /** The value of {@code name="…"} in a tag header, or {@code null}. */
    private static String attribute(CharSequence buf, int from, int gt, String name) {
        String key = name + "=\"";
        int a = Chars.indexOf(buf, key, from, gt);
        if (a < 0) {
            return null;
        }
        int v = a + key.length();
        int e = v;
        while (e < gt && buf.charAt(e) != '"') {
            e++;
        }
        return entities(buf.subSequence(v, e).toString().trim());
    }
}
