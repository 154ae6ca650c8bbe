package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.PartialAnswer;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Streaming previews never say what the answer will not: the habits models have (a {@code {…}} in the sign-off, a
 * correction written as a patch, a draft inside reasoning opened by the prompt, a whole corrected answer, a cut-off
 * ending) replayed at every split point and a character at a time. Within a revision a member keeps its value; the
 * snapshot after {@code finish()} holds exactly the answer's members (none when it has errors); and a member shown in
 * the last revision before the end is what the answer holds.
 */
class AnswerPreviewTest {

    private static final String INVOICE = "{\"number\": \"INV-7\", \"issued\": \"2024-03-01\", \"due\": \"2024-03-31\","
            + " \"lines\": [{\"description\": \"Consulting\", \"quantity\": 3, \"unitPrice\": 120}], \"total\": 1674.50,"
            + " \"received\": \"2024-03-02T09:15:00Z\"}";
    private static final String DRAFT = INVOICE.replace("1674.50", "1.00").replace("INV-7", "DRAFT");

    /** The habits, each with a value the previews must never show in their last revision. */
    private static final Map<String, String> HABITS = Map.of(
            "Here is the invoice:\n```json\n" + INVOICE + "\n```\nLet me know if you need anything else {…}", "",
            "```json\n" + INVOICE + "\n```\nActually, corrected: `{\"total\": 1992.66}`", "1992.66",
            "Okay, the user wants the invoice. A first draft: " + DRAFT + "\nHmm, the total is wrong.\n</think>\n\n"
                    + INVOICE, "DRAFT",
            "<think>draft: " + DRAFT + "</think>" + INVOICE + " {}", "DRAFT",
            DRAFT + "\nSorry, that was wrong; corrected:\n" + INVOICE + "\nDone {\"note\": 1}", "DRAFT",
            INVOICE.replace("\"total\"", "\"Total\"").replace("unitPrice", "unit_price"), "",
            "Sure: " + INVOICE.substring(0, 120), "",
            "[THINK]" + DRAFT + "[/THINK]" + INVOICE + "\n{\"total\": 1674.5}", "DRAFT");

    @Test
    void previewsNeverContradictTheAnswerAtAnySplit() {
        AnswerType<?> type = AnswerTypesTest.type("InvoiceAnswer");
        int runs = 0;
        for (Map.Entry<String, String> habit : HABITS.entrySet()) {
            String text = habit.getKey();
            ParsedAnswer<?> batch = type.parse(text);
            for (int cut = 0; cut <= text.length(); cut++) {
                check(type, text, batch, List.of(text.substring(0, cut), text.substring(cut)), habit.getValue());
                runs++;
            }
            List<String> chars = new ArrayList<>();
            text.codePoints().forEach(c -> chars.add(new String(Character.toChars(c))));
            check(type, text, batch, chars, habit.getValue());
        }
        assertThat(runs).isGreaterThan(2000);
    }

    @Test
    void theSignOffAndThePatchDoNotDisturbWhatIsShown() {
        AnswerType<?> type = AnswerTypesTest.type("InvoiceAnswer");
        AnswerStream<?> stream = type.streaming();
        PartialAnswer shown = stream.accept("```json\n" + INVOICE + "\n```\n");
        assertThat(shown.complete()).isTrue();
        assertThat(shown.members()).hasSize(6);
        assertThat(stream.accept("Let me know if you need anything else {")).isEqualTo(shown);
        assertThat(stream.accept("…} or {\"note\": \"x\"}")).isEqualTo(shown);
        assertThat(stream.finish().isValid()).isTrue();
        assertThat(stream.partial().members()).isEqualTo(shown.members());
        assertThat(stream.partial().revision()).isEqualTo(shown.revision());

        AnswerStream<?> patched = type.streaming();
        PartialAnswer before = patched.accept(INVOICE + "\nActually, corrected: {\"total\": 199");
        assertThat(before.get("total", Object.class).orElseThrow().toString()).isEqualTo("1674.50");
        PartialAnswer after = patched.accept("2.66}");
        assertThat(after.members()).isEmpty();
        assertThat(after.revision()).isGreaterThan(before.revision());
        assertThat(patched.finish().errors()).hasSize(1);
    }

    @Test
    void aDraftInReasoningOpenedByThePromptIsRetractedExplicitly() {
        AnswerStream<?> stream = AnswerTypesTest.type("InvoiceAnswer").streaming();
        PartialAnswer draft = stream.accept("A first draft: " + DRAFT + "\n");
        assertThat(draft.get("number", String.class)).hasValue("DRAFT");
        PartialAnswer retracted = stream.accept("</think>\n\n{\"number\": \"INV-7\",");
        assertThat(retracted.revision()).isEqualTo(draft.revision() + 1);
        assertThat(retracted.get("number", String.class)).hasValue("INV-7");
        stream.accept(INVOICE.substring(INVOICE.indexOf(", \"issued\"") + 1));
        assertThat(stream.finish().value().orElseThrow().toString()).contains("number=INV-7");
        assertThat(stream.partial().revision()).isEqualTo(retracted.revision());
    }

    private static void check(AnswerType<?> type, String text, ParsedAnswer<?> batch, List<String> pieces,
                              String never) {
        AnswerStream<?> stream = type.streaming();
        List<PartialAnswer> snapshots = new ArrayList<>();
        for (String piece : pieces) {
            snapshots.add(stream.accept(piece));
        }
        ParsedAnswer<?> streamed = stream.finish();
        assertThat(streamed).as("%s in %d pieces", text, pieces.size()).isEqualTo(batch);
        PartialAnswer last = stream.partial();
        snapshots.add(last);
        for (int i = 1; i < snapshots.size(); i++) {
            PartialAnswer a = snapshots.get(i - 1);
            PartialAnswer b = snapshots.get(i);
            assertThat(b.revision()).isGreaterThanOrEqualTo(a.revision());
            if (a.revision() == b.revision()) {
                for (Map.Entry<String, Object> m : a.members().entrySet()) {
                    assertThat(b.members()).as("%s: member %s kept within revision %d", text, m.getKey(),
                            a.revision()).containsEntry(m.getKey(), m.getValue());
                }
            }
        }
        Object value = batch.value().orElse(null);
        if (value == null) {
            assertThat(last.members()).as("%s: no members after an error", text).isEmpty();
            assertThat(last.complete()).isFalse();
        } else {
            assertThat(last.complete()).isTrue();
            assertThat(last.members().keySet()).isNotEmpty();
        }
        for (PartialAnswer p : snapshots) {
            if (p.revision() != last.revision()) {
                continue;
            }
            for (Map.Entry<String, Object> m : p.members().entrySet()) {
                assertThat(value).as("%s: %s shown in the last revision", text, m.getKey()).isNotNull();
                assertThat(m.getValue()).as("%s: %s shown in the last revision", text, m.getKey())
                        .isEqualTo(component(value, m.getKey()));
                if (!never.isEmpty()) {
                    assertThat(String.valueOf(m.getValue())).doesNotContain(never);
                }
            }
        }
    }

    private static Object component(Object record, String name) {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            if (c.getName().equals(name)) {
                try {
                    return c.getAccessor().invoke(record);
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return Objects.requireNonNull(null, "no component " + name);
    }
}
