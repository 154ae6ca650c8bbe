package dev.calltype.runtime.support;

import dev.calltype.render.Dialects;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.answer.AnswerFinder;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.internal.json.LenientJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
     * members are left out, not errors (a tool's are: {@link DispatchSupport#rejectUnknown}).
     */
    public static void ignoreUnknown(ObjectNode object, String path, List<String> known, List<String> problems) {
        if (object.size() <= known.size() && DispatchSupport.onlyKnown(object, known)) {
            return;
        }
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!known.contains(name) && problems instanceof Problems p) {
                p.ignored.add(jsonPath(Coercion.child(path, name)));
            }
        }
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
        AnswerFinder.Found found = direct == null ? AnswerFinder.find(text, LIMITS)
                : AnswerFinder.find(text, LIMITS, direct.shape(), DispatchSupport.MAX_DEPTH);
        List<AnswerFinder.Candidate> candidates = found.candidates();
        if (found.inReasoning()) {
            return failed(texts, List.of(new AnswerError(AnswerError.Kind.TRUNCATED, "$",
                    "the response ended inside a reasoning block, before any answer")), List.of());
        }
        if (!candidates.isEmpty()) {
            AnswerFinder.Candidate last = candidates.get(candidates.size() - 1);
            JsonRead r = last.read();
            if (r.status() == JsonRead.Status.TRUNCATED || r.isComplete() && !r.autoClosed().isEmpty()) {
                return failed(texts, List.of(new AnswerError(AnswerError.Kind.TRUNCATED, "$",
                        "the answer was cut off before its JSON ended (at character " + text.length()
                                + "); nothing was completed or guessed")), List.of());
            }
        }
        Attempt<T> best = null;
        for (AnswerFinder.Candidate c : candidates) {
            Attempt<T> a = c.bound() != null ? bound(c) : attempt(c.read(), texts, reader);
            if (a == null) {
                continue;
            }
            if (a.value != null && a.problems.isEmpty()) {
                best = a;
            } else if (best == null || best.value == null && a.problems.size() <= best.problems.size()) {
                best = a;
            }
        }
        if (best != null && best.value != null && best.problems.isEmpty()) {
            return new ParsedAnswer<>(best.value, List.of(), best.repairs, best.problems.ignored(), null);
        }
        if (best == null || !best.problems.isEmpty() && !texts.objectRoot()) {
            // an enum or string answer written as plain text
            String visible = text.subSequence(found.visibleStart(), text.length()).toString().strip();
            if (!visible.isEmpty() && visible.length() <= 200 && visible.indexOf('\n') < 0) {
                Problems problems = new Problems();
                T value = reader.read(TextNode.valueOf(stripSentence(visible)), problems);
                if (value != null && problems.isEmpty()) {
                    return new ParsedAnswer<>(value, List.of(), List.of(), List.of(), null);
                }
            }
        }
        if (best == null) {
            return failed(texts, List.of(notFound(candidates)), List.of());
        }
        List<AnswerError> errors = new ArrayList<>();
        for (String p : best.problems) {
            errors.add(error(p));
        }
        return failed(texts, errors, best.repairs);
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

    private static AnswerError notFound(List<AnswerFinder.Candidate> candidates) {
        for (AnswerFinder.Candidate c : candidates) {
            if (c.read().status() == JsonRead.Status.LIMIT_EXCEEDED) {
                return new AnswerError(AnswerError.Kind.LIMIT_EXCEEDED, "$", c.read().problem());
            }
        }
        for (AnswerFinder.Candidate c : candidates) {
            if (c.read().status() == JsonRead.Status.MALFORMED) {
                return new AnswerError(AnswerError.Kind.MALFORMED, "$", "the answer's JSON cannot be read: "
                        + c.read().problem());
            }
        }
        return new AnswerError(AnswerError.Kind.NOT_FOUND, "$", "the response holds no JSON answer");
    }

    /** One candidate read into the type. */
    private record Attempt<T>(T value, Problems problems, List<Repair> repairs) {
    }

    /** A candidate bound straight into the type: read without a problem. */
    @SuppressWarnings("unchecked")
    private static <T> Attempt<T> bound(AnswerFinder.Candidate c) {
        return new Attempt<>((T) c.bound(), new Problems(), c.read().repairs());
    }

    private static <T> Attempt<T> attempt(JsonRead r, AnswerTexts texts, Reader<T> reader) {
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
        return new Attempt<>(value, problems, List.copyOf(repairs));
    }

    private static <T> ParsedAnswer<T> failed(AnswerTexts texts, List<AnswerError> errors, List<Repair> repairs) {
        return new ParsedAnswer<>(null, errors, repairs, List.of(), correctionPrompt(texts, errors));
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
