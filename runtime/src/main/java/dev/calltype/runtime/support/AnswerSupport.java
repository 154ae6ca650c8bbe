package dev.calltype.runtime.support;

import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.internal.answer.AnswerPolicy;
import dev.calltype.runtime.internal.args.Problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * What generated answer types call: a parse or a stream of a model's text read with the generated reader, under the
 * engine's one answer policy ({@code internal.answer.AnswerPolicy}: which value is the answer, the plain-text
 * fallback, what a cut-off text gives, the errors and the correction prompt), and the answer readers' rule for
 * members the type does not have. Support for generated code, no API.
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

    private AnswerSupport() {
    }

    /**
     * The problems of one read, and the members it ignored: an answer's readers go on past members its type does
     * not have ({@link #ignoreUnknown}) and note them here.
     */
    public static final class Problems extends dev.calltype.runtime.internal.args.Problems {
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
            int m = AnswerPolicy.memberOf(name, known);
            if (m >= 0 && !object.has(known.get(m))) {
                object.set(known.get(m), object.remove(name));
                if (problems instanceof Problems p) {
                    p.repairs.add(Repair.MEMBER_NAME_NORMALIZED);
                }
                continue;
            }
            if (problems instanceof Problems p) {
                p.ignored.add(AnswerPolicy.jsonPath(Coercion.child(path, name)));
            }
            if (m == AnswerPolicy.SEVERAL) {
                Problems.report(problems, Coercion.child(path, name), Problem.Kind.AMBIGUOUS,
                        "could be any of the members "
                        + AnswerPolicy.foldsTo(name, known) + "; write the member's name exactly");
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
        return AnswerPolicy.parse(text, texts.policyType(), policyReader(reader),
                direct == null ? null : direct.shape(), ArgumentSupport.MAX_DEPTH);
    }

    /**
     * A stream over a response: the same finder and the same answer policy as {@link #parse}, fed the text as it
     * grows, with previews of the answer's members ({@code members} reads one member by its JSON name).
     */
    public static <T> AnswerStream<T> stream(AnswerTexts texts, Reader<T> reader,
                                             BiFunction<String, JsonNode, Object> members) {
        return new AnswerStream<>(AnswerPolicy.stream(texts.policyType(), policyReader(reader), members,
                ArgumentSupport.MAX_DEPTH));
    }

    /** The policy's reader over a generated one: its problems, ignored members and repairs in one read. */
    private static <T> AnswerPolicy.Reader<T> policyReader(Reader<T> reader) {
        return node -> {
            Problems problems = new Problems();
            T value = reader.read(node, problems);
            return new AnswerPolicy.Read<>(value, problems.problems(), problems.ignored, problems.repairs);
        };
    }
}
