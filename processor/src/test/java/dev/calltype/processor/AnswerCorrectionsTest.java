package dev.calltype.processor;

import static dev.calltype.processor.AnswerTypesTest.errors;
import static dev.calltype.processor.AnswerTypesTest.type;
import static dev.calltype.processor.AnswerTypesTest.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a model writes that needs a correction it can act on: keys in another case style, a correction written as a
 * patch after the answer, an object that several records of a sealed answer fit.
 */
class AnswerCorrectionsTest {

    private static final String INVOICE = "{\"number\": \"INV-7\", \"issued\": \"2024-03-01\", \"due\": \"2024-03-31\","
            + " \"lines\": [{\"description\": \"Consulting\", \"quantity\": 3, \"unitPrice\": 120}], \"total\": 1674.50,"
            + " \"received\": \"2024-03-02T09:15:00Z\"}";

    @Test
    void keysInAnotherCaseStyleAreReadAsTheOneMemberTheyFoldTo() {
        for (String unitPrice : List.of("unit_price", "UnitPrice", "unit-price", "UNIT_PRICE")) {
            String text = INVOICE.replace("\"unitPrice\"", "\"" + unitPrice + "\"");
            ParsedAnswer<?> p = type("InvoiceAnswer").parse(text);
            assertThat(p.value().orElseThrow().toString()).as(unitPrice).contains("unitPrice=120");
            assertThat(p.repairs()).as(unitPrice).contains(Repair.MEMBER_NAME_NORMALIZED);
            assertThat(p.ignored()).isEmpty();
        }
        ParsedAnswer<?> exact = type("InvoiceAnswer").parse(INVOICE);
        assertThat(exact.repairs()).doesNotContain(Repair.MEMBER_NAME_NORMALIZED);
    }

    @Test
    void aKeyWrittenBesideItsExactMemberIsIgnoredAndNamed() {
        String text = INVOICE.replace("\"total\": 1674.50,", "\"total\": 1674.50, \"Total\": 9,");
        ParsedAnswer<?> p = type("InvoiceAnswer").parse(text);
        assertThat(p.value().orElseThrow().toString()).contains("total=1674.50");
        assertThat(p.ignored()).containsExactly("$.Total");
    }

    @Test
    void aKeyThatFoldsToSeveralMembersIsNamedInTheErrorAndInIgnored() {
        ParsedAnswer<?> p = type("LedgerAnswer").parse("{\"ENTRY-ID\": \"E-1\", \"amount\": 5}");
        assertThat(p.value()).isEmpty();
        assertThat(p.ignored()).containsExactly("$.ENTRY-ID");
        assertThat(p.errors()).extracting(AnswerError::message).contains(
                "member 'ENTRY-ID' could be any of the members 'entryId', 'entry_id'; write the member's name exactly");
        assertThat(p.errors()).extracting(AnswerError::path).contains("$.ENTRY-ID", "$.entryId");
        assertThat(p.correctionPrompt().orElseThrow()).contains("'ENTRY-ID'");
        assertThat(value("LedgerAnswer", "{\"entryId\": \"E-2\", \"entry_id\": \"E-1\", \"amount\": 5,"
                + " \"posted_by\": \"ana\"}")).isEqualTo("Ledger[entryId=E-2, entry_id=Optional[E-1], amount=5,"
                + " postedBy=Optional[ana]]");
    }

    @Test
    void aSnakeCaseAnswerThatStillFailsNamesWhatWasWrittenAndIgnored() {
        String text = "{\"invoice_no\": \"INV-7\", \"issued\": \"2024-03-01\", \"due\": \"2024-03-31\", \"lines\": [],"
                + " \"total\": 5, \"received\": \"2024-03-02T09:15:00Z\"}";
        ParsedAnswer<?> p = type("InvoiceAnswer").parse(text);
        assertThat(p.errors()).extracting(AnswerError::path).containsExactly("$.number");
        assertThat(p.ignored()).containsExactly("$.invoice_no");
    }

    @Test
    void aCorrectionWrittenAsAPatchIsReportedNotDropped() {
        String text = "```json\n" + INVOICE + "\n```\nActually, corrected: `{\"total\": 1992.66}`";
        ParsedAnswer<?> p = type("InvoiceAnswer").parse(text);
        assertThat(p.value()).isEmpty();
        assertThat(p.errors()).extracting(AnswerError::kind).containsExactly(AnswerError.Kind.AMBIGUOUS);
        assertThat(p.errors().get(0).path()).isEqualTo("$.total");
        assertThat(p.errors().get(0).message()).contains("changes member 'total'", "write the whole corrected answer");
        assertThat(p.correctionPrompt().orElseThrow()).contains("member 'total'");
        // in another case style too
        assertThat(errors("InvoiceAnswer", INVOICE + " Corrected: {\"Total\": 1992.66}"))
                .extracting(AnswerError::kind).containsExactly(AnswerError.Kind.AMBIGUOUS);
    }

    @Test
    void whatIsNotAPatchLeavesTheAnswerAlone() {
        for (String after : List.of("{}", "{…}", "{\"note\": \"thanks\"}", "{\"total\": 1674.5}", "[\"INV-7\"]",
                "{\"total\": \"1674.50\"}")) {
            assertThat(value("InvoiceAnswer", INVOICE + "\nLet me know if you need more " + after))
                    .as(after).contains("total=1674.50");
        }
        String whole = INVOICE.replace("1674.50", "1992.66");
        assertThat(value("InvoiceAnswer", INVOICE + "\nSorry, corrected:\n" + whole)).contains("total=1992.66");
        assertThat(value("InvoiceAnswer", "{\"total\": 3}\n" + INVOICE)).contains("total=1674.50");
    }

    @Test
    void anObjectThatSeveralRecordsFitIsAnErrorNamingThem() {
        List<AnswerError> e = errors("FigureAnswer", "{\"size\": 2}");
        assertThat(e).extracting(AnswerError::path).containsExactly("$.type");
        assertThat(e.get(0).message()).contains("\"circle\", \"square\"").doesNotContain("\"line\"");
        assertThat(value("FigureAnswer", "{\"length\": 2}")).isEqualTo("Line[length=2.0]");
        assertThat(value("FigureAnswer", "{\"type\": \"square\", \"size\": 2}")).isEqualTo("Square[size=2.0]");
    }
}
