package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.Streams;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;

/**
 * The response templates published for seven families Calltype also reads by hand ({@code src/test/resources/
 * response-templates/}, each file naming its source), run over every case of that family's case file with the
 * template's format alone switched on: the same calls, with the same arguments, and the same errors by kind as the
 * hand-written family, in batch and streamed one character at a time. Command R7B, ERNIE 4.5 and Inkling agree on
 * every case. The cases of {@link #BEYOND_THE_TEMPLATE} are markup the published template does not describe, or repairs a
 * family knows that a template cannot say; each must still differ, so the list stays true.
 */
class TemplateAgreementTest {

    /** The families whose published template Calltype reads, by case file. */
    static final List<String> FAMILIES = List.of("command-r7b", "ernie45", "gpt-oss-harmony", "hermes", "qwen3-coder",
            "gemma4", "inkling");

    /** The cases where the template and the hand-written family differ, and why. */
    static final Map<String, String> BEYOND_THE_TEMPLATE = Map.ofEntries(
            Map.entry("gpt-oss-harmony/begins-mid-header", "the template reads only '<|channel|>commentary to=…', "
                    + "not the recipient written before the channel"),
            Map.entry("gpt-oss-harmony/begins-mid-header-then-another-message", "the same"),
            Map.entry("gpt-oss-harmony/begins-mid-header-truncated", "the same"),
            Map.entry("gpt-oss-harmony/recipient-in-the-role-header", "the same"),
            Map.entry("hermes/function-name-variant", "Hermes 2 Pro's <function name=…> form is not in SmolLM3's "
                    + "template"),
            Map.entry("hermes/function-name-variant-several", "the same"),
            Map.entry("hermes/function-name-variant-repaired", "the same"),
            Map.entry("hermes/function-name-variant-truncated", "the same"),
            Map.entry("hermes/function-name-variant-unclosed-json", "the same"),
            Map.entry("qwen3-coder/value-keeps-its-own-newline", "the template's \\s* around a value strips every "
                    + "blank line; the family strips the one line break the format writes"),
            Map.entry("qwen3-coder/crlf-keeps-inner-lines-trims-one-newline-each-side", "the same"),
            Map.entry("qwen3-coder/function-without-its-wrapper", "the template's opener requires <tool_call>"),
            Map.entry("qwen3-coder/without-a-schema-text-stays-text", "without a schema the template's value_parser "
                    + "reads JSON; the family keeps text"),
            Map.entry("qwen3-coder/tags-inside-a-value-are-text", "the template's lazy value ends at the first "
                    + "</parameter>"),
            Map.entry("qwen3-coder/end-tags-missing-values-end-at-the-line-break", "a repair of the family's: "
                    + "the template's tag pattern needs every </parameter>"),
            Map.entry("qwen3-coder/parameter-tag-without-a-name-is-an-error", "the template's tag pattern skips "
                    + "a tag without a name"),
            Map.entry("gemma4/several-calls-in-one-block", "the template opens one call per <|tool_call>, with "
                    + "one JSON value after its name"),
            Map.entry("gemma4/several-calls-in-one-block-after-prose", "the same"),
            Map.entry("gemma4/a-broken-call-in-a-block-is-an-error", "the same"));

    @TestFactory
    Stream<DynamicContainer> theTemplateReadsEveryCaseAsTheHandWrittenFamilyDoes() {
        return FAMILIES.stream().map(f -> dynamicContainer(f, FamilyCases.cases(f).stream()
                .map(c -> dynamicTest(c.id(), () -> agree(f, c)))));
    }

    static ToolCallExtractor templateExtractor(String family, FamilyCases.Case c) {
        return c.configure(withTemplate(family)).formats(EnumSet.of(WireFormat.RESPONSE_TEMPLATE)).build();
    }

    static ToolCallExtractor.Builder withTemplate(String family) {
        return ToolCallExtractor.builder().responseTemplate(Corpus.read("/response-templates/" + family + ".json"));
    }

    private static void agree(String family, FamilyCases.Case c) {
        Extraction hand = c.extractor().extract(c.text());
        ToolCallExtractor template = templateExtractor(family, c);
        Extraction read = template.extract(c.text());
        if (BEYOND_THE_TEMPLATE.containsKey(c.id())) {
            assertThat(summary(read)).as("listed as a difference: " + BEYOND_THE_TEMPLATE.get(c.id()))
                    .isNotEqualTo(summary(hand));
        } else {
            assertThat(summary(read)).as(Streams.quote(c.text())).isEqualTo(summary(hand));
        }
        Streams.Run streamed = Streams.run(template, Streams.chunks(c.text(), 1));
        assertThat(Streams.mismatch(read, streamed)).as("streamed one character at a time").isNull();
    }

    /** The calls (name and arguments) and the errors' kinds, in order. */
    static String summary(Extraction x) {
        StringBuilder s = new StringBuilder();
        for (ToolCall call : x.calls()) {
            s.append(call.name()).append(' ').append(call.arguments()).append('\n');
        }
        for (ExtractionError e : x.errors()) {
            s.append("error ").append(e.kind()).append('\n');
        }
        return s.toString();
    }
}
