package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.chars.LinearPattern;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The family a model's {@link ResponseTemplate} describes, read as the engine reads every family
 * ({@link WireFormat#RESPONSE_TEMPLATE}): its {@code tool_calls} region is the call markup, found by the fixed text
 * its opener begins with, matched by the opener's pattern, read to its closer, parsed by the field's content parser,
 * reshaped by its transform, and then normalized as every call is (names resolved, raw values typed by the tool's
 * schema, repairs and refusals as elsewhere). The other regions' markers are hidden: a thinking region is reasoning,
 * a content region opened by a marker is the answer, and closing markers and the start anchor are not shown.
 */
public final class TemplateFamily implements Family {

    private static final WireFormat FORMAT = WireFormat.RESPONSE_TEMPLATE;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> THINKING = Set.of("thinking", "reasoning", "reasoning_content");
    /** An opener pattern still undecided this close to its marker is asked again at each character. */
    private static final int SHORT_OPENER = 256;

    private final ResponseTemplate template;

    public TemplateFamily(ResponseTemplate template) {
        this.template = template;
    }

    @Override
    public void register(Config cfg, MarkerTable markers) {
        ResponseTemplate.Field calls = template.toolCalls();
        if (calls != null) {
            Recognizer r = new CallRegion(calls);
            for (String m : markers(calls.open())) {
                markers.add(m, r);
            }
        }
        for (ResponseTemplate.Field f : template.fields().values()) {
            if (f == calls) {
                continue;
            }
            String close = closeMarker(f.close());
            if (f.open() != null && !f.open().eos()) {
                LinearPattern header = f.open().literals() != null ? null : f.open().pattern();
                for (String m : markers(f.open())) {
                    markers.add(m, THINKING.contains(f.name()) ? new Opened(header, close, true)
                            : f.name().equals("content") ? new Opened(header, close, false)
                            : new Opened(header, null, false));
                }
            }
            if (f.close() != null && !f.close().eos()) {
                // a closer is hidden: a literal as it stands, a pattern as far as it matches from its fixed text
                LinearPattern pattern = f.close().literals() != null ? null : f.close().pattern();
                for (String m : markers(f.close())) {
                    markers.add(m, new Opened(pattern, null, false));
                }
            }
        }
        if (template.startAnchor() != null && template.startAnchor().literals() != null) {
            for (String m : template.startAnchor().literals()) {
                markers.add(m, new Opened(null, null, false));
            }
        }
    }

    /** The marker texts of an opener: its literals, or the text its pattern begins with. */
    private static List<String> markers(ResponseTemplate.Bound open) {
        return open.literals() != null ? open.literals() : open.pattern().entryLiterals();
    }

    /**
     * The one text a region's closer always contains, where a thinking or content region ends: its literal, or the
     * fixed text its pattern begins with ({@code <\|end\|>\s*} ends at {@code <|end|>}, {@code \n?</response>} at
     * {@code </response>}); {@code null} when there is none, and the region runs to the end of the text.
     */
    private static String closeMarker(ResponseTemplate.Bound b) {
        if (b == null || b.eos()) {
            return null;
        }
        List<String> texts = markers(b);
        String shortest = null;
        for (String t : texts) {
            if (shortest == null || t.length() < shortest.length()) {
                shortest = t;
            }
        }
        for (String t : texts) {
            if (!t.contains(shortest)) {
                return null;
            }
        }
        return shortest;
    }

    /**
     * A marker of a region other than the calls: hidden, and opening reasoning (a thinking region) or the answer (a
     * content region) until {@code close} when it has one literal closer.
     */
    private static final class Opened implements Recognizer {
        /** The opener's pattern, matched from the marker; {@code null} when the marker is the whole opener. */
        private final LinearPattern header;
        private final String close;
        private final boolean reasoning;

        Opened(LinearPattern header, String close, boolean reasoning) {
            this.header = header;
            this.close = close;
            this.reasoning = reasoning;
        }

        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
            if (!at.cfg().on(FORMAT)) {
                return Verdict.NO_MATCH;
            }
            return open(buf, at.pos(), at.markerEnd(), limit, atEnd);
        }

        private Verdict open(CharSequence buf, int pos, int markerEnd, int limit, boolean atEnd) {
            int end = markerEnd;
            if (header != null) {
                LinearPattern.Match m = header.matchAt(buf, pos, Math.min(limit, pos + SHORT_OPENER),
                        atEnd || limit >= pos + SHORT_OPENER);
                if (m.status() == LinearPattern.Status.NEED_MORE) {
                    return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> open(b, pos, markerEnd, l, e));
                }
                if (!m.matched()) {
                    return Verdict.NO_MATCH;
                }
                end = m.end();
            }
            List<Finding> hidden = List.of(Finding.reasoning(pos, end));
            if (close == null) {
                return Verdict.matched(end, hidden);
            }
            return reasoning ? Verdict.reasoning(end, hidden, close) : Verdict.answer(end, hidden, close);
        }
    }

    /** The {@code tool_calls} region: opener, body, closer. */
    private static final class CallRegion implements Recognizer {
        private final ResponseTemplate.Field field;
        /** The texts another region of this field opens with. */
        private final List<String> markers;
        /** The closing bracket that begins the closer when it closes the call's own JSON, or 0. */
        private final char ownBracket;

        CallRegion(ResponseTemplate.Field field) {
            this.field = field;
            this.markers = TemplateFamily.markers(field.open());
            this.ownBracket = ownBracket(field);
        }

        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
            if (!at.cfg().on(FORMAT)) {
                return Verdict.NO_MATCH;
            }
            String marker = buf.subSequence(at.pos(), at.markerEnd()).toString();
            return open(buf, at.cfg(), at.pos(), marker, limit, atEnd);
        }

        /**
         * Where another region of this field opens, from {@code from}: the first of its markers its opener matches
         * at ({@code at}, -1 when none is in sight), or one where it may still match as text comes
         * ({@code undecided}); every marker before {@code checked} was tried and opens nothing, so the search goes on
         * from there. A marker alone opens nothing (LFM2.5's {@code ,} between arguments is not a call's {@code , NAME(}).
         */
        private record Next(int at, boolean undecided, int checked) {
        }

        private Next nextOpener(CharSequence buf, int from, int limit, boolean atEnd) {
            int longest = 0;
            for (String m : markers) {
                longest = Math.max(longest, m.length());
            }
            int j = from;
            while (true) {
                int first = -1;
                String which = null;
                for (String m : markers) {
                    int at = Chars.indexOf(buf, m, j, limit);
                    if (at >= 0 && (first < 0 || at < first)) {
                        first = at;
                        which = m;
                    }
                }
                if (first < 0) {
                    return new Next(-1, false, Math.max(j, limit - longest + 1));
                }
                int bound = Chars.indexOf(buf, which, first + 1, limit);
                LinearPattern.Match m = bound >= 0 ? field.open().pattern().matchAt(buf, first, bound, true)
                        : field.open().pattern().matchAt(buf, first, limit, atEnd);
                if (m.status() == LinearPattern.Status.NEED_MORE) {
                    return new Next(first, true, first);
                }
                if (m.matched()) {
                    return new Next(first, false, first);
                }
                j = first + 1;
            }
        }

        /** The hint to ask again: one of {@code watch} (and of the openers) completed by new text. */
        private RetryWhen whenOneOf(List<String> watch, int from, int limit) {
            List<String> all = new ArrayList<>(watch);
            all.addAll(markers);
            int longest = 0;
            for (String w : all) {
                longest = Math.max(longest, w.length());
            }
            return RetryWhen.text(Math.max(from, limit - longest + 1), all.toArray(new String[0]));
        }

        /**
         * The opener at {@code pos}, found at {@code marker}. Its match does not run past the next occurrence of that
         * marker (there another region opens), which keeps every candidate's work to its own stretch of text.
         */
        private Verdict open(CharSequence buf, Config cfg, int pos, String marker, int limit, boolean atEnd) {
            int stop = Chars.indexOf(buf, marker, pos + 1, limit);
            LinearPattern.Match m = stop >= 0 ? field.open().pattern().matchAt(buf, pos, stop, true)
                    : field.open().pattern().matchAt(buf, pos, limit, atEnd);
            if (m.status() == LinearPattern.Status.NEED_MORE) {
                RetryWhen hint = limit - pos < SHORT_OPENER ? RetryWhen.length(limit + 1)
                        : whenOneOf(List.of(), pos + 1, limit);
                return Verdict.needMore(hint, (b, l, e) -> open(b, cfg, pos, marker, l, e));
            }
            if (!m.matched()) {
                return Verdict.NO_MATCH;
            }
            Map<String, JsonNode> captures = new HashMap<>();
            for (String g : field.open().pattern().groupNames()) {
                String v = m.group(buf, g);
                if (v != null) {
                    captures.put(g, TextNode.valueOf(v));
                }
            }
            return body(buf, cfg, pos, m.end(), m.end(), captures, limit, atEnd);
        }

        /**
         * The body from {@code bodyStart} to the closer. A region whose closer does not come before another region
         * of this field opens ends there, its closer missing ({@link Repair#MISSING_TAGS}), as every family's block
         * does.
         */
        private Verdict body(CharSequence buf, Config cfg, int pos, int bodyStart, int openerFrom,
                Map<String, JsonNode> captures, int limit, boolean atEnd) {
            ResponseTemplate.Bound close = field.close();
            Next next = nextOpener(buf, openerFrom, limit, atEnd);
            int stop = next.at();
            int checked = next.checked();
            if (next.undecided()) {
                // another region may open at stop: this one's closer must come before it, or the next text decides
                LinearPattern.Match c = close == null || close.eos() ? null
                        : close.pattern().search(buf, bodyStart, stop, true);
                if (c != null && c.matched()) {
                    return decide(buf, cfg, pos, bodyStart, c.start(), c.end(), captures);
                }
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> body(b, cfg, pos, bodyStart, checked, captures, l, e));
            }
            if (close == null || close.eos()) {
                if (stop >= 0) {
                    return unclosed(buf, cfg, pos, bodyStart, stop, captures, true);
                }
                if (!atEnd) {
                    return Verdict.needMore(whenOneOf(List.of(), bodyStart, limit),
                            (b, l, e) -> body(b, cfg, pos, bodyStart, checked, captures, l, e));
                }
                return unclosed(buf, cfg, pos, bodyStart, limit, captures, false);
            }
            LinearPattern.Match c = stop >= 0 ? close.pattern().search(buf, bodyStart, stop, true)
                    : close.pattern().search(buf, bodyStart, limit, atEnd);
            if (c.status() == LinearPattern.Status.NEED_MORE) {
                List<String> watch = close.literals() != null ? close.literals()
                        : close.pattern().literalPrefix().isEmpty() ? List.of()
                        : List.of(close.pattern().literalPrefix());
                RetryWhen hint = whenOneOf(watch, bodyStart, limit);
                for (String w : watch) {
                    if (limit - w.length() >= bodyStart
                            && Chars.startsWith(buf, limit - w.length(), limit, w) == Chars.FULL) {
                        // a closer at the edge that a longer one may extend: the next character decides
                        hint = RetryWhen.length(limit + 1);
                    }
                }
                if (watch.isEmpty() && limit - bodyStart < SHORT_OPENER) {
                    hint = RetryWhen.length(limit + 1); // a closing pattern with no fixed start: asked while short
                }
                return Verdict.needMore(hint, (b, l, e) -> body(b, cfg, pos, bodyStart, checked, captures, l, e));
            }
            if (!c.matched()) {
                return stop >= 0 ? unclosed(buf, cfg, pos, bodyStart, stop, captures, true)
                        : unclosed(buf, cfg, pos, bodyStart, limit, captures, false);
            }
            return decide(buf, cfg, pos, bodyStart, c.start(), c.end(), captures);
        }

        /**
         * A region whose closer never came before the end of the text: JSON content ends where its value does, tags
         * where the last of them does, text at the end; the one truncation rule then decides whether the call stands
         * (it runs when the text ended on purpose).
         */
        private Verdict unclosed(CharSequence buf, Config cfg, int pos, int bodyStart, int limit,
                Map<String, JsonNode> captures, boolean cut) {
            Verdict v = unclosed(buf, cfg, pos, bodyStart, limit, captures);
            if (!cut || !(v instanceof Verdict.Found f)) {
                return v;
            }
            List<Finding> items = new ArrayList<>();
            for (Finding it : f.findings()) {
                items.add(it.isCall() ? it.withRepair(Repair.MISSING_TAGS) : it);
            }
            return Verdict.matched(f.end(), items);
        }

        private Verdict unclosed(CharSequence buf, Config cfg, int pos, int bodyStart, int limit,
                Map<String, JsonNode> captures) {
            String name = name(captures);
            if (Chars.skipBlanks(buf, bodyStart, limit) >= limit) {
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        name == null ? ErrorTexts.truncatedBlock() : ErrorTexts.truncated(name), name, FORMAT, pos,
                        limit)));
            }
            if (json()) {
                JsonRead r = LenientJson.read(buf, bodyStart, limit, true, cfg.limits,
                        TemplateValues.rawQuote(field.contentArgs()));
                int end = r.isComplete() ? r.end() : limit;
                char bracket = r.isComplete() ? ownBracket : 0;
                if (bracket != 0) {
                    // the closer begins with the call's own bracket (Llama 3's }<|eot_id|>): a call the end left
                    // before it is open, and one followed by other text is not a whole call
                    int next = Chars.skipBlanks(buf, end, limit);
                    if (next < limit && buf.charAt(next) == bracket) {
                        return decide(buf, cfg, pos, bodyStart, end, next + 1, captures);
                    }
                    if (next < limit) {
                        return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.MALFORMED_JSON,
                                ErrorTexts.malformed(name, "the call's closing " + bracket + " never came"), name,
                                FORMAT, pos, end)));
                    }
                }
                return decide(buf, cfg, pos, bodyStart, end, end, captures);
            }
            if (field.content().equals("xml-inline")) {
                // tags whose region never closed stand only when nothing but blanks follows the last of them
                int last = bodyStart + TemplateValues.lastTagEnd(field.tagPattern(),
                        buf.subSequence(bodyStart, limit).toString());
                if (Chars.skipBlanks(buf, last, limit) < limit) {
                    return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                            ErrorTexts.truncated(name), name, FORMAT, pos, limit)));
                }
            }
            // text: the one truncation rule decides (a region read to the end reads otherwise were text to follow)
            return decide(buf, cfg, pos, bodyStart, limit, limit, captures);
        }

        /**
         * The bracket every text of the field's closer begins with (Llama 3's closing brace before
         * {@code <|eot_id|>}): there the closer ends the call's own JSON object, whose value the content is; {@code 0}
         * when the closer is markup of its own.
         */
        private static char ownBracket(ResponseTemplate.Field field) {
            ResponseTemplate.Bound close = field.close();
            if (close == null || close.eos()) {
                return 0;
            }
            char bracket = 0;
            for (String t : markers(close)) {
                char c = t.charAt(0);
                if (c != '}' && c != ']' || bracket != 0 && c != bracket) {
                    return 0;
                }
                bracket = c;
            }
            return bracket;
        }

        private boolean json() {
            return field.content().equals("json") || field.content().equals("json-lax");
        }

        private static String name(Map<String, JsonNode> captures) {
            return captures.get("name") instanceof TextNode t ? t.textValue() : null;
        }

        /**
         * The region {@code [pos, end)} whose body is {@code [bodyStart, bodyEnd)}, read; {@code end == bodyEnd} for a
         * region the end of the text closed.
         */
        private Verdict decide(CharSequence buf, Config cfg, int pos, int bodyStart, int bodyEnd, int end,
                Map<String, JsonNode> captures) {
            String name = name(captures);
            Set<JsonNode> raw = JsonRead.newIdentitySet();
            JsonNode args = field.contentArgs();
            try {
                List<JsonNode> contents = new ArrayList<>();
                List<Repair> repairs = new ArrayList<>();
                Set<JsonNode> autoClosed = JsonRead.newIdentitySet();
                switch (field.content()) {
                    case "json", "json-lax" -> {
                        Finding failed = readJson(buf, cfg, pos, bodyStart, bodyEnd, end, name, contents, repairs,
                                autoClosed);
                        if (failed != null) {
                            return Verdict.matched(end, List.of(failed));
                        }
                    }
                    case "xml-inline" -> contents.add(TemplateValues.xmlInline(field.tagPattern(),
                            buf.subSequence(bodyStart, bodyEnd).toString(), args, raw));
                    default -> contents.add(TemplateValues.plain(field.content(),
                            buf.subSequence(bodyStart, bodyEnd).toString(), args));
                }
                ArrayNode values = NODES.arrayNode();
                for (JsonNode content : contents) {
                    JsonNode value = shaped(content, captures);
                    typeRawValues(value, raw, cfg);
                    if (value.isArray() && (contents.size() > 1 || field.transformEach())) {
                        values.addAll((ArrayNode) value);
                    } else {
                        values.add(value);
                    }
                }
                JsonNode value = values.size() == 1 ? values.get(0) : values;
                JsonRead read = new JsonRead(JsonRead.Status.COMPLETE, value, bodyEnd, repairs, autoClosed, Map.of(),
                        null, -1);
                List<Finding> items = CallNormalizer.fromJson(buf, read, true, FORMAT, pos, end, bodyStart, cfg);
                if (items != null && json() && TemplateValues.rawQuote(field.contentArgs()) != null) {
                    // strings between the template's own delimiters are raw text, typed as the families type theirs
                    items = items.stream().map(f -> RawArguments.stringsTypedBySchema(f, cfg)).toList();
                }
                if (items == null || items.isEmpty()) {
                    return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                            ErrorTexts.invalid("the tool-call region holds no call"), name, FORMAT, pos, end)));
                }
                return Verdict.matched(end, items);
            } catch (IllegalArgumentException e) {
                return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid(e.getMessage()), name, FORMAT, pos, end)));
            }
        }

        /**
         * The JSON values of a body, one after another (blanks between), into {@code out}; the error when the body
         * is not JSON (kept as text when the field allows other text), or {@code null}.
         */
        private Finding readJson(CharSequence buf, Config cfg, int pos, int bodyStart, int bodyEnd, int end,
                String name, List<JsonNode> out, List<Repair> repairs, Set<JsonNode> autoClosed) {
            JsonNode args = field.contentArgs();
            String rawQuote = TemplateValues.rawQuote(args);
            boolean closed = end > bodyEnd;
            // a closed region's value must end before its closer; a raw-quoted string may end at it (Gemma 4)
            String closer = closed && rawQuote != null ? buf.subSequence(bodyEnd, end).toString() : null;
            int lim = closer != null ? end : bodyEnd;
            int from = bodyStart;
            while (true) {
                JsonRead r = LenientJson.read(buf, from, lim, !closed, cfg.limits, rawQuote, closer);
                int first = Chars.skipBlanks(buf, from, bodyEnd);
                String problem = null;
                ExtractionError.Kind kind = ExtractionError.Kind.MALFORMED_JSON;
                if (r.status() == JsonRead.Status.NEED_MORE) {
                    problem = ErrorTexts.malformed(name, "the region closes before its JSON value is complete");
                } else if (!r.isComplete()) {
                    kind = first >= bodyEnd || r.problemOffset() == first && out.isEmpty()
                            && buf.charAt(first) != '{' && buf.charAt(first) != '['
                            ? ExtractionError.Kind.INVALID_CALL_SYNTAX : ErrorTexts.kind(r);
                    problem = kind == ExtractionError.Kind.INVALID_CALL_SYNTAX
                            ? ErrorTexts.invalid("the tool-call region holds no JSON") : ErrorTexts.failedRead(name, r);
                }
                if (problem == null) {
                    out.add(r.value());
                    repairs.addAll(r.repairs());
                    autoClosed.addAll(r.autoClosed());
                    int next = Chars.skipBlanks(buf, Math.min(r.end(), bodyEnd), bodyEnd);
                    if (next >= bodyEnd) {
                        return null;
                    }
                    if (buf.charAt(next) == '{' || buf.charAt(next) == '[') {
                        from = next; // several values in one region: each is the region's content in turn
                        continue;
                    }
                    problem = ErrorTexts.malformed(name, "text follows the JSON value");
                }
                if (args.path("allow_non_json").asBoolean(false)) {
                    out.clear();
                    repairs.clear();
                    out.add(TextNode.valueOf(buf.subSequence(bodyStart, bodyEnd).toString().strip()));
                    return null;
                }
                return Finding.error(kind, problem, name, FORMAT, pos, end);
            }
        }

        /** The parsed content after the field's transform. */
        private JsonNode shaped(JsonNode content, Map<String, JsonNode> captures) {
            if (field.transform() == null) {
                return content;
            }
            if (!field.transformEach()) {
                Map<String, JsonNode> scope = new HashMap<>(captures);
                scope.put("content", content);
                return TemplateValues.transform(field.transform(), scope);
            }
            if (!content.isArray()) {
                throw new IllegalArgumentException("transform_each needs a list, not " + TemplateValues.kind(content));
            }
            ArrayNode out = NODES.arrayNode();
            for (JsonNode item : content) {
                if (!item.isObject()) {
                    throw new IllegalArgumentException("transform_each needs a list of objects, not of "
                            + TemplateValues.kind(item));
                }
                Map<String, JsonNode> scope = new HashMap<>(captures);
                for (Iterator<Map.Entry<String, JsonNode>> it = item.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    scope.put(e.getKey(), e.getValue());
                }
                out.add(TemplateValues.transform(field.transform(), scope));
            }
            return out;
        }

        /**
         * Types the raw tag values of each call's arguments: a value written as one string literal the field's
         * {@code value_parser} reads is its content ({@link TemplateValues#stringContent}); then by the tool's schema
         * where it describes the parameter (as every family types raw values), else as the value_parser reads them.
         */
        private void typeRawValues(JsonNode value, Set<JsonNode> raw, Config cfg) {
            if (raw.isEmpty()) {
                return;
            }
            if (value.isArray()) {
                value.forEach(v -> typeRawValues(v, raw, cfg));
                return;
            }
            JsonNode call = value.path("function").isObject() ? value.get("function") : value;
            JsonNode args = call.path("arguments");
            if (!(args instanceof ObjectNode o) || !raw.contains(o)) {
                return;
            }
            KnownTools.Found found = call.path("name").isTextual() ? cfg.tools.find(call.get("name").textValue())
                    : null;
            ToolSpec spec = found == null ? null : found.spec();
            JsonNode parser = field.contentArgs().path("value_parser");
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            for (String k : keys) {
                JsonNode v = o.get(k);
                if (v.isTextual() && raw.contains(v)) {
                    String content = TemplateValues.stringContent(v.textValue(), parser, cfg.limits);
                    o.set(k, spec != null && RawValues.describes(spec, k)
                            ? RawValues.typed(spec, k, content != null ? content : v.textValue(), cfg.limits).value()
                            : content != null ? TextNode.valueOf(content)
                            : TemplateValues.unschemed(v.textValue(), parser, cfg.limits));
                } else if (v.isArray() && raw.contains(v)) {
                    ArrayNode typed = NODES.arrayNode();
                    v.forEach(e -> typed.add(TemplateValues.unschemed(e.textValue(), parser, cfg.limits)));
                    o.set(k, typed);
                }
            }
        }
    }
}
