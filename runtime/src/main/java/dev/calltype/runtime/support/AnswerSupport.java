package dev.calltype.runtime.support;

import dev.calltype.render.Dialects;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.internal.answer.AnswerEngine;
import dev.calltype.runtime.internal.answer.AnswerFinder;
import dev.calltype.runtime.internal.answer.MemberScanner;
import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.json.LenientJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * What generated answer types call: finding the answer in a model's text, reading it with the generated reader,
 * and writing the errors and the correction prompt. Support for generated code, no API.
 *
 * <p>Which value is the answer: every JSON value outside reasoning is a candidate ({@link AnswerFinder}); the
 * answer is the <em>last</em> candidate that reads into the type without a problem (a model that corrects itself
 * writes the correction last). When none does, the errors are those of the candidate with the fewest problems
 * (the later one on ties). A text that ends inside a JSON value, or whose last value needed closing brackets added,
 * or that ends inside reasoning, was cut off: that is an error, and nothing is completed.
 */
public final class AnswerSupport {

    /** Reads an answer's JSON into its type: the value, or {@code null} after adding problems. */
    @FunctionalInterface
    public interface Reader<T> {
        /**
         * Reads one value.
         *
         * @param node the answer's JSON
         * @param problems where problems are added
         * @return the value, or {@code null} after adding a problem
         */
        T read(JsonNode node, List<String> problems);
    }

    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;

    private AnswerSupport() {
    }

    /**
     * The problems of one read, and the members it ignored: an answer's readers go on past members its type does
     * not have ({@link #ignoreUnknown}) and note them here.
     */
    public static final class Problems extends ArrayList<String> {
        private final List<String> ignored = new ArrayList<>();
        private final Set<Repair> repairs = new LinkedHashSet<>();

        /** A new, empty list. */
        public Problems() {
        }

        /** The JSON paths of the members ignored, in the order met. */
        public List<String> ignored() {
            return ignored;
        }
    }

    /**
     * Notes each member of {@code object} that is not one of {@code known} as ignored: an answer's unknown
     * members are left out, not errors (a tool's are: {@link ArgumentSupport#rejectUnknown}). A member written in
     * another case style ({@code invoice_number}, {@code InvoiceNumber}, {@code invoice-number}) that folds to exactly
     * one member not written as such is read as that member ({@link Repair#MEMBER_NAME_NORMALIZED}); one that folds to
     * several is ignored and is a problem naming them.
     */
    public static void ignoreUnknown(ObjectNode object, String path, List<String> known, List<String> problems) {
        if (object.size() <= known.size() && ArgumentSupport.onlyKnown(object, known)) {
            return;
        }
        List<String> names = new ArrayList<>(object.size());
        object.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            if (known.contains(name)) {
                continue;
            }
            int m = memberOf(name, known);
            if (m >= 0 && !object.has(known.get(m))) {
                object.set(known.get(m), object.remove(name));
                if (problems instanceof Problems p) {
                    p.repairs.add(Repair.MEMBER_NAME_NORMALIZED);
                }
                continue;
            }
            if (problems instanceof Problems p) {
                p.ignored.add(jsonPath(Coercion.child(path, name)));
            }
            if (m == SEVERAL) {
                problems.add("parameter '" + Coercion.child(path, name) + "' could be any of the members "
                        + foldsTo(name, known) + "; write the member's name exactly");
            }
        }
    }

    private static final int SEVERAL = -2;

    /**
     * The member a key names: its index in {@code known} when it is one, or when it folds (case, {@code _},
     * {@code -}) to exactly one of them; -1 for none, {@link #SEVERAL} for more than one.
     */
    static int memberOf(String key, List<String> known) {
        int exact = known.indexOf(key);
        if (exact >= 0) {
            return exact;
        }
        String folded = Names.fold(key);
        int found = -1;
        for (int i = 0; i < known.size(); i++) {
            if (Names.fold(known.get(i)).equals(folded)) {
                if (found >= 0) {
                    return SEVERAL;
                }
                found = i;
            }
        }
        return found;
    }

    private static String foldsTo(String key, List<String> known) {
        String folded = Names.fold(key);
        StringBuilder b = new StringBuilder();
        for (String k : known) {
            if (Names.fold(k).equals(folded)) {
                b.append(b.length() == 0 ? "'" : ", '").append(k).append('\'');
            }
        }
        return b.toString();
    }

    /** Parses a whole response, reading every value as a tree. */
    public static <T> ParsedAnswer<T> parse(CharSequence text, AnswerTexts texts, Reader<T> reader) {
        return parse(text, texts, reader, null);
    }

    /**
     * Parses a whole response. With the type's {@link DirectShape}, an answer that fits the type as written is bound
     * straight from the text, and only the others are read as a tree; the result is the same either way.
     *
     * @param direct the type's shape, or {@code null} when it has none
     */
    public static <T> ParsedAnswer<T> parse(CharSequence text, AnswerTexts texts, Reader<T> reader,
                                            DirectShape direct) {
        Selection<T> selection = new Selection<>(texts, reader, text);
        AnswerFinder.Found found = AnswerFinder.scan(text, LIMITS, direct == null ? null : direct.shape(),
                ArgumentSupport.MAX_DEPTH, selection);
        return selection.result(text, found.inReasoning(), found.visibleStart());
    }

    /**
     * A stream over a response: the same finder and the same {@link Selection} as {@link #parse}, fed the text as it
     * grows, with previews of the answer's members ({@code members} reads one member by its JSON name).
     */
    public static <T> AnswerStream<T> stream(AnswerTexts texts, Reader<T> reader,
                                             BiFunction<String, JsonNode, Object> members) {
        return new AnswerStream<>(new Streamed<>(texts, reader, members));
    }

    private static String stripSentence(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '.' || s.charAt(end - 1) == '!' || s.charAt(end - 1) == '"'
                || s.charAt(end - 1) == '\'' || s.charAt(end - 1) == '`' || s.charAt(end - 1) == '*')) {
            end--;
        }
        int start = 0;
        while (start < end && (s.charAt(start) == '"' || s.charAt(start) == '\'' || s.charAt(start) == '`'
                || s.charAt(start) == '*')) {
            start++;
        }
        return s.substring(start, end);
    }

    /**
     * One candidate read into the type.
     *
     * @param node the JSON read (after a JSON string was decoded and a wrapper unwrapped), or {@code null} for a
     *     value bound without a tree
     */
    private record Attempt<T>(T value, Problems problems, List<Repair> repairs, JsonNode node, int start) {
        boolean valid() {
            return value != null && problems.isEmpty();
        }
    }

    /** A candidate bound straight into the type: read without a problem. */
    @SuppressWarnings("unchecked")
    private static <T> Attempt<T> bound(AnswerFinder.Candidate c) {
        return new Attempt<>((T) c.bound(), new Problems(), c.read().repairs(), null, c.start());
    }

    private static <T> Attempt<T> attempt(AnswerFinder.Candidate c, AnswerTexts texts, Reader<T> reader) {
        JsonRead r = c.read();
        if (!r.isComplete()) {
            return null;
        }
        JsonNode node = r.value();
        Set<Repair> repairs = new LinkedHashSet<>(r.repairs());
        if (node.isTextual()) {
            String s = node.textValue().strip();
            if (s.startsWith("{") || s.startsWith("[")) {
                JsonRead inner = LenientJson.read(s, 0, s.length(), true, LIMITS);
                if (!inner.isComplete() || !inner.autoClosed().isEmpty()) {
                    return null;
                }
                node = inner.value();
                repairs.addAll(inner.repairs());
                repairs.add(Repair.ARGUMENTS_DECODED);
            }
        }
        if (!texts.objectRoot() && node.isObject() && node.size() == 1 && node.has(Dialects.ANSWER_MEMBER)) {
            node = node.get(Dialects.ANSWER_MEMBER);
        }
        Problems problems = new Problems();
        T value;
        try {
            value = reader.read(node, problems);
        } catch (RuntimeException e) {
            problems.add("the answer was rejected: " + ErrorTexts.failureMessage(e));
            value = null;
        }
        repairs.addAll(problems.repairs);
        return new Attempt<>(value, problems, List.copyOf(repairs), node, c.start());
    }

    /**
     * Which candidate is the answer, decided as the candidates come (one at a time, none kept but the few below), so
     * that a whole text and a streamed one are decided by the same code, in memory that does not grow with the
     * number of candidates.
     *
     * <p>The answer is the <em>last</em> candidate that reads into the type without a problem (a model that corrects
     * itself writes the correction last). When none does, the errors are those of the candidate with the fewest
     * problems (the later one on ties). A text that ends inside a JSON value, or whose last value needed closing
     * brackets added, or that ends inside reasoning, was cut off: that is an error, and nothing is completed. After
     * the answer, an object that does not read into the type but names only the type's members, with a value that
     * differs from the answer's, is a correction written as a patch: an {@link AnswerError.Kind#AMBIGUOUS} error
     * naming the member, not a merge (a later whole answer clears it).
     */
    private static final class Selection<T> implements AnswerFinder.Sink {
        private final AnswerTexts texts;
        private final Reader<T> reader;
        private final CharSequence text;
        private Attempt<T> best;
        private Attempt<T> patch;
        private String patchMember;
        private boolean lastCut;
        private String limitProblem;
        private String malformedProblem;
        /** Moves whenever {@link #leader()} may have changed. */
        private int version;

        /** @param text the whole text, to read a bound answer again when a patch follows it; {@code null} for none */
        Selection(AnswerTexts texts, Reader<T> reader, CharSequence text) {
            this.texts = texts;
            this.reader = reader;
            this.text = text;
        }

        @Override
        public void candidate(AnswerFinder.Candidate c) {
            JsonRead r = c.read();
            lastCut = r.status() == JsonRead.Status.TRUNCATED || r.isComplete() && !r.autoClosed().isEmpty();
            if (r.status() == JsonRead.Status.LIMIT_EXCEEDED && limitProblem == null) {
                limitProblem = r.problem();
            } else if (r.status() == JsonRead.Status.MALFORMED && malformedProblem == null) {
                malformedProblem = r.problem();
            }
            Attempt<T> a = c.bound() != null ? bound(c) : attempt(c, texts, reader);
            if (a == null) {
                return;
            }
            if (a.valid()) {
                best = a;
                patch = null;
                version++;
            } else if (best != null && best.valid()) {
                String changed = patch == null ? patched(a) : null;
                if (changed != null) {
                    patch = a;
                    patchMember = changed;
                    version++;
                }
            } else if (best == null || a.problems.size() <= best.problems.size()) {
                best = a;
            }
        }

        @Override
        public void reset() {
            best = null;
            patch = null;
            lastCut = false;
            limitProblem = null;
            malformedProblem = null;
            version++;
        }

        /** The answer if the text ended now with no other value; {@code null} when there is none. */
        Attempt<T> leader() {
            return best != null && best.valid() && patch == null ? best : null;
        }

        /**
         * The first member that {@code a} changes in the answer when it is a patch of it (an object naming only the
         * type's members, in any case style); {@code null} when it is not one or changes nothing.
         */
        private String patched(Attempt<T> a) {
            if (!texts.objectRoot() || !(a.node instanceof ObjectNode o) || o.isEmpty()) {
                return null;
            }
            List<String> known = texts.members();
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                if (memberOf(it.next(), known) < 0) {
                    return null;
                }
            }
            JsonNode answer = best.node;
            if (answer == null && text != null) { // bound without a tree: read it again, once
                JsonRead r = LenientJson.read(text, best.start, text.length(), true, LIMITS);
                answer = r.isComplete() ? r.value() : null;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String member = known.get(memberOf(e.getKey(), known));
                JsonNode was = answer == null ? null : answer.get(member);
                if (was == null || !was.equals(SAME_VALUE, e.getValue())) {
                    return member;
                }
            }
            return null;
        }

        ParsedAnswer<T> result(CharSequence text, boolean inReasoning, int visibleStart) {
            if (inReasoning) {
                return failed(texts, List.of(new AnswerError(AnswerError.Kind.TRUNCATED, "$",
                        "the response ended inside a reasoning block, before any answer")), List.of(), List.of());
            }
            if (lastCut) {
                return failed(texts, List.of(new AnswerError(AnswerError.Kind.TRUNCATED, "$",
                        "the answer was cut off before its JSON ended (at character " + text.length()
                                + "); nothing was completed or guessed")), List.of(), List.of());
            }
            if (best != null && best.valid()) {
                if (patch != null) {
                    return failed(texts, List.of(new AnswerError(AnswerError.Kind.AMBIGUOUS, jsonPath(patchMember),
                            "after the answer, another object changes member '" + patchMember + "' but is not a"
                                    + " whole answer (a correction written as a patch?); which value is meant is not"
                                    + " guessed: write the whole corrected answer again")), best.repairs, best.problems.ignored());
                }
                return new ParsedAnswer<>(best.value, List.of(), best.repairs, best.problems.ignored(), null);
            }
            if (best == null || !best.problems.isEmpty() && !texts.objectRoot()) {
                // an enum or string answer written as plain text
                String visible = text.subSequence(visibleStart, text.length()).toString().strip();
                if (!visible.isEmpty() && visible.length() <= 200 && visible.indexOf('\n') < 0) {
                    Problems problems = new Problems();
                    T value = reader.read(TextNode.valueOf(stripSentence(visible)), problems);
                    if (value != null && problems.isEmpty()) {
                        return new ParsedAnswer<>(value, List.of(), List.of(), List.of(), null);
                    }
                }
            }
            if (best == null) {
                AnswerError e = limitProblem != null
                        ? new AnswerError(AnswerError.Kind.LIMIT_EXCEEDED, "$", limitProblem)
                        : malformedProblem != null ? new AnswerError(AnswerError.Kind.MALFORMED, "$",
                        "the answer's JSON cannot be read: " + malformedProblem)
                        : new AnswerError(AnswerError.Kind.NOT_FOUND, "$", "the response holds no JSON answer");
                return failed(texts, List.of(e), List.of(), List.of());
            }
            List<AnswerError> errors = new ArrayList<>();
            for (String p : best.problems) {
                errors.add(error(p));
            }
            return failed(texts, errors, best.repairs, best.problems.ignored());
        }
    }

    /**
     * Numbers compared by value, also when one is written as a string ({@code 1674.5} is {@code "1674.50"}), everything
     * else as JSON.
     */
    private static final Comparator<JsonNode> SAME_VALUE = (a, b) -> {
        java.math.BigDecimal x = decimal(a);
        java.math.BigDecimal y = decimal(b);
        if (x != null && y != null) {
            return x.compareTo(y);
        }
        return a.equals(b) ? 0 : 1;
    };

    private static java.math.BigDecimal decimal(JsonNode n) {
        if (n.isNumber()) {
            return n.decimalValue();
        }
        if (n.isTextual() && !n.textValue().isBlank() && n.textValue().length() < 64) {
            try {
                return new java.math.BigDecimal(n.textValue().strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * The engine behind an {@link AnswerStream}: the finder fed the text as it grows, deciding with the same
     * {@link Selection} as {@link #parse}; previews show the answer found so far (settled), or before there is one,
     * the members of the object being written.
     */
    private static final class Streamed<T> implements AnswerEngine<T> {
        private final AnswerTexts texts;
        private final BiFunction<String, JsonNode, Object> members;
        private final Selection<T> selection;
        private final AnswerFinder finder;
        private Map<String, Object> preview = Map.of();
        private boolean settled;
        private Object shownFrom;
        private int shownVersion = -1;

        Streamed(AnswerTexts texts, Reader<T> reader, BiFunction<String, JsonNode, Object> members) {
            this.texts = texts;
            this.members = members;
            this.selection = new Selection<>(texts, reader, null);
            this.finder = new AnswerFinder(selection, LIMITS, null, ArgumentSupport.MAX_DEPTH, texts.objectRoot());
        }

        @Override
        public void advance(CharSequence text) {
            finder.advance(text, false);
            refresh();
        }

        private void refresh() {
            Attempt<T> leader = selection.leader();
            if (leader != null) {
                if (shownFrom != leader) {
                    shownFrom = leader;
                    preview = typed(leader.node);
                    settled = true;
                }
                return;
            }
            MemberScanner open = finder.openValue();
            if (open != null) {
                if (shownFrom != open || shownVersion != open.changes()) {
                    shownFrom = open;
                    shownVersion = open.changes();
                    preview = typed(open.members());
                    settled = false;
                }
                return;
            }
            if (shownFrom != null) {
                shownFrom = null;
                preview = Map.of();
                settled = false;
            }
        }

        private Map<String, Object> typed(JsonNode node) {
            if (!(node instanceof ObjectNode o)) {
                return Map.of();
            }
            Map<String, JsonNode> fields = new LinkedHashMap<>();
            o.fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue()));
            return typed(fields);
        }

        /** Each member that names one of the type's, read into its Java type; those that do not fit left out. */
        private Map<String, Object> typed(Map<String, JsonNode> fields) {
            List<String> known = texts.members();
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : fields.entrySet()) {
                int m = memberOf(e.getKey(), known);
                if (m < 0 || !known.get(m).equals(e.getKey()) && fields.containsKey(known.get(m))) {
                    continue;
                }
                Object value = members.apply(known.get(m), e.getValue());
                if (value != null) {
                    out.put(known.get(m), value);
                }
            }
            return out;
        }

        @Override
        public Map<String, Object> preview() {
            return preview;
        }

        @Override
        public boolean settled() {
            return settled;
        }

        @Override
        public ParsedAnswer<T> finish(CharSequence text) {
            finder.advance(text, true);
            ParsedAnswer<T> result = selection.result(text, finder.inReasoning(), finder.visibleStart());
            Attempt<T> leader = selection.leader();
            preview = result.isValid() && leader != null ? typed(leader.node) : Map.of();
            settled = result.isValid();
            shownFrom = null;
            return result;
        }
    }

    private static <T> ParsedAnswer<T> failed(AnswerTexts texts, List<AnswerError> errors, List<Repair> repairs,
                                              List<String> ignored) {
        return new ParsedAnswer<>(null, errors, repairs, ignored, correctionPrompt(texts, errors));
    }

    /** The message sending the errors back to the model. */
    static String correctionPrompt(AnswerTexts texts, List<AnswerError> errors) {
        boolean truncated = errors.stream().anyMatch(e -> e.kind() == AnswerError.Kind.TRUNCATED);
        if (truncated) {
            return "Your answer was cut off before it ended, so none of it was used. Write the whole answer again,"
                    + " complete, as one JSON value in a ```json fence.";
        }
        StringBuilder b = new StringBuilder("Your answer could not be read as ").append(texts.name()).append(":\n");
        for (AnswerError e : errors) {
            b.append("- ").append(e.message()).append('\n');
        }
        b.append("Write the whole answer again as one JSON value in a ```json fence, fixing these problems.");
        return b.toString();
    }

    /**
     * An engine problem as an answer error: its path taken from the quoted path the engine's messages start with,
     * and worded for an answer (a member, not a parameter).
     */
    static AnswerError error(String problem) {
        String message = problem;
        String path = "";
        for (String prefix : List.of("parameter '", "unknown parameter '")) {
            if (message.startsWith(prefix)) {
                int end = message.indexOf('\'', prefix.length());
                if (end > 0) {
                    path = message.substring(prefix.length(), end);
                }
                message = (prefix.startsWith("unknown") ? "unknown member '" : "member '")
                        + message.substring(prefix.length());
                break;
            }
        }
        if (message.startsWith("the arguments were")) {
            message = "the answer was" + message.substring("the arguments were".length());
        }
        message = message.replace("parameter '", "member '");
        return new AnswerError(AnswerError.Kind.INVALID_VALUE, jsonPath(path), message);
    }

    /** {@code a.b[0]} as {@code $.a.b[0]}; {@code ""} as {@code $}. */
    static String jsonPath(String path) {
        if (path.isEmpty()) {
            return "$";
        }
        return path.startsWith("[") ? "$" + path : "$." + path;
    }
}
