package dev.calltype.runtime.internal.answer;

import dev.calltype.render.Dialects;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.args.Problem;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.scan.ErrorTexts;

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
import java.util.function.Supplier;

/**
 * The answer policy: which value in a model's text is the answer, and what is said when there is none. Every JSON
 * value outside reasoning is a candidate ({@link AnswerFinder}); the answer is the <em>last</em> candidate that reads
 * into the type without a problem (a model that corrects itself writes the correction last). When none does, the
 * errors are those of the candidate with the fewest problems (the later one on ties). A text that ends inside a JSON
 * value, or whose last value needed closing brackets added, or that ends inside reasoning, was cut off: that is an
 * error, and nothing is completed. An enum or string answer may be written as plain text. A whole text
 * ({@link #parse}) and a streamed one ({@link #stream}) are decided by the same code.
 */
public final class AnswerPolicy {

    /** What the policy knows of an answer type: its name, whether it is an object, and its members' JSON names. */
    public record Type(String name, boolean objectRoot, Supplier<List<String>> memberNames) {
        /** The JSON names of an object answer's members, in the schema's order; empty for other answers. */
        public List<String> members() {
            return memberNames.get();
        }
    }

    /**
     * One read of a value into the type.
     *
     * @param value the value, or {@code null} when it did not read
     * @param problems what did not fit, as data (worded for the answer by {@link #error}); empty when it read
     * @param ignored the JSON paths of the members the reader went past
     * @param repairs what the reader repaired
     */
    public record Read<T>(T value, List<Problem> problems, List<String> ignored, Set<Repair> repairs) {
    }

    /** Reads a value into the type. */
    @FunctionalInterface
    public interface Reader<T> {
        /**
         * Reads one value.
         *
         * @param node the answer's JSON
         * @return the read
         */
        Read<T> read(JsonNode node);
    }

    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;

    private AnswerPolicy() {
    }

    /**
     * Parses a whole response. With the type's {@link Shape}, an answer that fits the type as written is bound
     * straight from the text, and only the others are read as a tree; the result is the same either way.
     *
     * @param shape the type's shape, or {@code null} when it has none
     * @param maxDepth how deeply values may nest
     */
    public static <T> ParsedAnswer<T> parse(CharSequence text, Type type, Reader<T> reader, Shape shape,
                                            int maxDepth) {
        Selection<T> selection = new Selection<>(type, reader, text);
        AnswerFinder.Found found = AnswerFinder.scan(text, LIMITS, shape, maxDepth, selection);
        return selection.result(text, found.inReasoning(), found.visibleStart());
    }

    /**
     * The engine of a stream over a response: the same finder and the same selection as {@link #parse}, fed the text
     * as it grows, with previews of the answer's members ({@code members} reads one member by its JSON name).
     */
    public static <T> AnswerEngine<T> stream(Type type, Reader<T> reader, BiFunction<String, JsonNode, Object> members,
                                             int maxDepth) {
        return new Streamed<>(type, reader, members, maxDepth);
    }

    /** What {@link #memberOf} gives for a key that folds to several members. */
    public static final int SEVERAL = -2;

    /**
     * The member a key names: its index in {@code known} when it is one, or when it folds (case, {@code _},
     * {@code -}) to exactly one of them; -1 for none, {@link #SEVERAL} for more than one.
     */
    public static int memberOf(String key, List<String> known) {
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

    public static String foldsTo(String key, List<String> known) {
        String folded = Names.fold(key);
        StringBuilder b = new StringBuilder();
        for (String k : known) {
            if (Names.fold(k).equals(folded)) {
                b.append(b.length() == 0 ? "'" : ", '").append(k).append('\'');
            }
        }
        return b.toString();
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
    private record Attempt<T>(T value, List<Problem> problems, List<String> ignored, List<Repair> repairs,
                              JsonNode node,
                              int start) {
        boolean valid() {
            return value != null && problems.isEmpty();
        }
    }

    /** A candidate bound straight into the type: read without a problem. */
    @SuppressWarnings("unchecked")
    private static <T> Attempt<T> bound(AnswerFinder.Candidate c) {
        return new Attempt<>((T) c.bound(), List.of(), List.of(), c.read().repairs(), null, c.start());
    }

    private static <T> Attempt<T> attempt(AnswerFinder.Candidate c, Type texts, Reader<T> reader) {
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
        Read<T> read;
        try {
            read = reader.read(node);
        } catch (RuntimeException e) {
            read = new Read<>(null, List.of(new Problem("", Problem.Kind.REJECTED,
                    "rejected: " + ErrorTexts.failureMessage(e))), List.of(), Set.of());
        }
        repairs.addAll(read.repairs());
        return new Attempt<>(read.value(), read.problems(), read.ignored(), List.copyOf(repairs), node, c.start());
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
        private final Type texts;
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
        Selection(Type texts, Reader<T> reader, CharSequence text) {
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
                                    + " guessed: write the whole corrected answer again")), best.repairs, best.ignored);
                }
                return new ParsedAnswer<>(best.value, List.of(), best.repairs, best.ignored, null);
            }
            if (best == null || !best.problems.isEmpty() && !texts.objectRoot()) {
                // an enum or string answer written as plain text
                String visible = text.subSequence(visibleStart, text.length()).toString().strip();
                if (!visible.isEmpty() && visible.length() <= 200 && visible.indexOf('\n') < 0) {
                    Read<T> plain = reader.read(TextNode.valueOf(stripSentence(visible)));
                    if (plain.value() != null && plain.problems().isEmpty()) {
                        return new ParsedAnswer<>(plain.value(), List.of(), List.of(), List.of(), null);
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
            for (Problem p : best.problems) {
                errors.add(error(p));
            }
            return failed(texts, errors, best.repairs, best.ignored);
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
        private final Type texts;
        private final BiFunction<String, JsonNode, Object> members;
        private final Selection<T> selection;
        private final AnswerFinder finder;
        private Map<String, Object> preview = Map.of();
        private boolean settled;
        private Object shownFrom;
        private int shownVersion = -1;

        Streamed(Type texts, Reader<T> reader, BiFunction<String, JsonNode, Object> members, int maxDepth) {
            this.texts = texts;
            this.members = members;
            this.selection = new Selection<>(texts, reader, null);
            this.finder = new AnswerFinder(selection, LIMITS, null, maxDepth, texts.objectRoot());
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

    private static <T> ParsedAnswer<T> failed(Type texts, List<AnswerError> errors, List<Repair> repairs,
                                              List<String> ignored) {
        return new ParsedAnswer<>(null, errors, repairs, ignored, correctionPrompt(texts, errors));
    }

    /** The message sending the errors back to the model. */
    public static String correctionPrompt(Type texts, List<AnswerError> errors) {
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

    /** A reader's problem as an answer's error: worded for a member, at its JSON path. */
    public static AnswerError error(Problem problem) {
        AnswerError.Kind kind = problem.kind() == Problem.Kind.LIMIT ? AnswerError.Kind.LIMIT_EXCEEDED
                : AnswerError.Kind.INVALID_VALUE;
        return new AnswerError(kind, jsonPath(problem.path()), problem.worded(Problem.Subject.MEMBER));
    }

    /** {@code a.b[0]} as {@code $.a.b[0]}; {@code ""} as {@code $}. */
    public static String jsonPath(String path) {
        if (path.isEmpty()) {
            return "$";
        }
        return path.startsWith("[") ? "$" + path : "$." + path;
    }
}
