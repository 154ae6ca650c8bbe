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
 * The response templates published for families Calltype also reads by hand ({@code src/test/resources/
 * response-templates/}, each file naming its source: the seven of transformers' tests, and three of the templates
 * TRL's {@code add_response_schema} sets), run over every case of that family's case file with the template's format
 * alone switched on: the same calls, with the same arguments, and the same errors by kind as the hand-written family,
 * in batch and streamed one character at a time. Command R7B, ERNIE 4.5 and Inkling agree on every case. The cases of {@link #BEYOND_THE_TEMPLATE} are markup the published template does not describe, or repairs a
 * family knows that a template cannot say; each must still differ, so the list stays true.
 */
class TemplateAgreementTest {

    /** The published templates Calltype reads (file under {@code response-templates/}), and the case file each reads. */
    static final Map<String, String> TEMPLATES = orderedMap(
            "command-r7b", "command-r7b",
            "ernie45", "ernie45",
            "gpt-oss-harmony", "gpt-oss-harmony",
            "hermes", "hermes",
            "qwen3-coder", "qwen3-coder",
            "gemma4", "gemma4",
            "inkling", "inkling",
            "trl-qwen3", "hermes",
            "trl-qwen3_5", "qwen3-coder",
            "trl-glm4moe", "glm45",
            "trl-lfm2_2_5", "lfm2");

    /** The cases where the template and the hand-written family differ, and why. */
    static final Map<String, String> BEYOND_THE_TEMPLATE = Map.ofEntries(
            Map.entry("gpt-oss-harmony gpt-oss-harmony/begins-mid-header", "the template reads only '<|channel|>commentary to=…', "
                    + "not the recipient written before the channel"),
            Map.entry("gpt-oss-harmony gpt-oss-harmony/begins-mid-header-then-another-message", "the same"),
            Map.entry("gpt-oss-harmony gpt-oss-harmony/begins-mid-header-truncated", "the same"),
            Map.entry("gpt-oss-harmony gpt-oss-harmony/recipient-in-the-role-header", "the same"),
            Map.entry("gpt-oss-harmony gpt-oss-harmony/closing-brace-missing-shows-no-markup-as-arguments", "a repair "
                    + "of the family's: the template's json parser needs the closing brace"),
            Map.entry("hermes hermes/function-name-variant", "Hermes 2 Pro's <function name=…> form is not in SmolLM3's "
                    + "template"),
            Map.entry("hermes hermes/function-name-variant-several", "the same"),
            Map.entry("hermes hermes/function-name-variant-repaired", "the same"),
            Map.entry("hermes hermes/function-name-variant-truncated", "the same"),
            Map.entry("hermes hermes/function-name-variant-unclosed-json", "the same"),
            Map.entry("qwen3-coder qwen3-coder/value-keeps-its-own-newline", "the template's \\s* around a value strips every "
                    + "blank line; the family strips the one line break the format writes"),
            Map.entry("qwen3-coder qwen3-coder/crlf-keeps-inner-lines-trims-one-newline-each-side", "the same"),
            Map.entry("qwen3-coder qwen3-coder/function-without-its-wrapper", "the template's opener requires <tool_call>"),
            Map.entry("qwen3-coder qwen3-coder/without-a-schema-text-stays-text", "without a schema the template's value_parser "
                    + "reads JSON; the family keeps text"),
            Map.entry("qwen3-coder qwen3-coder/tags-inside-a-value-are-text", "the template's lazy value ends at the first "
                    + "</parameter>"),
            Map.entry("qwen3-coder qwen3-coder/end-tags-missing-values-end-at-the-line-break", "a repair of the family's: "
                    + "the template's tag pattern needs every </parameter>"),
            Map.entry("qwen3-coder qwen3-coder/value-holding-an-end-tag-then-a-parameter-the-tool-lacks", "the "
                    + "template's lazy value ends at the first </parameter>"),
            Map.entry("qwen3-coder qwen3-coder/value-holding-a-parameter-already-given", "the same"),
            Map.entry("qwen3-coder qwen3-coder/value-holding-a-whole-call-is-one-call", "the same"),
            Map.entry("qwen3-coder qwen3-coder/parameters-written-before-the-function-tag", "a repair of the "
                    + "family's: the template's call starts with <function=…>"),
            Map.entry("qwen3-coder qwen3-coder/indented-markup-indents-its-values", "the template's \\s* "
                    + "around a value strips the first line's indentation only; the family removes the indentation "
                    + "every line of the value shares"),
            Map.entry("qwen3-coder qwen3-coder/parameter-tag-without-a-name-is-an-error", "the template's tag pattern skips "
                    + "a tag without a name"),
            Map.entry("gemma4 gemma4/several-calls-in-one-block", "the template opens one call per <|tool_call>, with "
                    + "one JSON value after its name"),
            Map.entry("gemma4 gemma4/several-calls-in-one-block-after-prose", "the same"),
            Map.entry("gemma4 gemma4/a-broken-call-in-a-block-is-an-error", "the same"),
            Map.entry("trl-qwen3 hermes/function-name-variant", "Hermes 2 Pro's <function name=…> form is not in "
                    + "TRL's Qwen3 template"),
            Map.entry("trl-qwen3 hermes/function-name-variant-several", "the same"),
            Map.entry("trl-qwen3 hermes/function-name-variant-repaired", "the same"),
            Map.entry("trl-qwen3 hermes/function-name-variant-truncated", "the same"),
            Map.entry("trl-qwen3 hermes/function-name-variant-unclosed-json", "the same"),
            Map.entry("trl-qwen3_5 qwen3-coder/value-keeps-its-own-newline", "the template's \\s* around a value "
                    + "strips every blank line; the family strips the one line break the format writes"),
            Map.entry("trl-qwen3_5 qwen3-coder/crlf-keeps-inner-lines-trims-one-newline-each-side", "the same"),
            Map.entry("trl-qwen3_5 qwen3-coder/function-without-its-wrapper", "the template's opener requires "
                    + "<tool_call>"),
            Map.entry("trl-qwen3_5 qwen3-coder/without-a-schema-text-stays-text", "without a schema the "
                    + "template's value_parser reads JSON; the family keeps text"),
            Map.entry("trl-qwen3_5 qwen3-coder/tags-inside-a-value-are-text", "the template's lazy value ends at "
                    + "the first </parameter>"),
            Map.entry("trl-qwen3_5 qwen3-coder/end-tags-missing-values-end-at-the-line-break", "a repair of the "
                    + "family's: the template's tag pattern needs every </parameter>"),
            Map.entry("trl-qwen3_5 qwen3-coder/value-holding-an-end-tag-then-a-parameter-the-tool-lacks", "the "
                    + "template's lazy value ends at the first </parameter>"),
            Map.entry("trl-qwen3_5 qwen3-coder/value-holding-a-parameter-already-given", "the same"),
            Map.entry("trl-qwen3_5 qwen3-coder/value-holding-a-whole-call-is-one-call", "the same"),
            Map.entry("trl-qwen3_5 qwen3-coder/parameters-written-before-the-function-tag", "a repair of the "
                    + "family's: the template's call starts with <function=…>"),
            Map.entry("trl-qwen3_5 qwen3-coder/indented-markup-indents-its-values", "the template's \\s* "
                    + "around a value strips the first line's indentation only; the family removes the indentation "
                    + "every line of the value shares"),
            Map.entry("trl-qwen3_5 qwen3-coder/parameter-tag-without-a-name-is-an-error", "the template's tag "
                    + "pattern skips a tag without a name"),
            Map.entry("trl-glm4moe glm45/a-quote-inside-a-value-is-kept", "the template's name is \\S+, so a call "
                    + "written without a line break after its name (GLM-4.7) runs the name into the first <arg_key>"),
            Map.entry("trl-glm4moe glm45/call-tags-inside-a-value-are-text", "the same"),
            Map.entry("trl-glm4moe glm45/json-encoded-string-values-hyperclova-x", "the same"),
            Map.entry("trl-glm4moe glm45/over-escaped-array-value", "the same"),
            Map.entry("trl-glm4moe glm45/over-escaped-value-keeps-its-escaped-backslashes", "the same"),
            Map.entry("trl-glm4moe glm45/line-breaks-written-out-between-tags", "a repair of the family's: the "
                    + "template's name is \\S+, so the line break written out as \\n runs into the name"),
            Map.entry("trl-glm4moe glm45/raw-escaped-json-array-typed-by-schema", "the same"),
            Map.entry("trl-glm4moe glm45/without-arguments", "the same"),
            Map.entry("trl-glm4moe glm45/value-never-closed-before-the-next-key", "a repair of the family's: the "
                    + "template's lazy value runs over the next key to the next </arg_value>"),
            Map.entry("trl-glm4moe glm45/every-value-never-closed", "a repair of the family's: the template's tag "
                    + "pattern needs every </arg_value>"),
            Map.entry("trl-glm4moe glm45/value-never-closed-before-the-call-ends", "the same"),
            Map.entry("trl-glm4moe glm45/value-never-opened", "the same, for a missing <arg_value>"),
            Map.entry("trl-glm4moe glm45/value-neither-opened-nor-closed-is-an-error", "the template's tag pattern "
                    + "skips a key without a value; the family refuses the call"),
            Map.entry("trl-glm4moe glm45/without-a-schema-text-stays-text", "without a schema the template's "
                    + "value_parser reads JSON; the family keeps text"),
            Map.entry("trl-glm4moe glm45/value-left-open-does-not-swallow-the-next-call", "a repair of the "
                    + "family's: the template's tag pattern needs every </arg_value>"),
            Map.entry("trl-glm4moe glm45/value-left-open-does-not-swallow-the-next-call-compact", "the template's "
                    + "name is \\S+ (a call written without a line break after its name)"),
            Map.entry("trl-glm4moe glm45/value-and-call-left-open-before-the-next-call", "the same"),
            Map.entry("trl-glm4moe glm45/closed-value-holding-call-tags-before-the-next-call", "the same"),
            Map.entry("trl-lfm2_2_5 lfm2/set-literal-is-an-array", "a repair of the family's: the template's "
                    + "value_parser reads JSON, not a Python set"),
            Map.entry("trl-lfm2_2_5 lfm2/unescaped-nested-quotes-in-a-shell-command", "a repair of the family's: "
                    + "the template's value stops at nothing but a comma or bracket, so the quotes stay in the text"),
            Map.entry("trl-lfm2_2_5 lfm2/apostrophe-inside-a-word-in-a-single-quoted-string", "the template's "
                    + "'[^']*' ends a single-quoted value at its first quote"),
            Map.entry("trl-lfm2_2_5 lfm2/one-stray-quote-in-a-string-is-an-error", "the same: the template reads "
                    + "what the family refuses"),
            Map.entry("trl-lfm2_2_5 lfm2/ambiguous-quote-is-an-error", "the template's value takes the text as it "
                    + "stands; the family refuses quotes that do not pair up"),
            Map.entry("trl-lfm2_2_5 lfm2/nested-quotes-that-do-not-pair-up-are-an-error", "the same"),
            Map.entry("trl-lfm2_2_5 lfm2/quoted-range-before-a-path-pairs-up", "a repair of the family's: the "
                    + "template's '[^']*' ends a single-quoted value at its first quote"),
            Map.entry("trl-lfm2_2_5 lfm2/quoted-word-before-a-redirect-pairs-up", "the same, for a double-quoted value"),
            Map.entry("trl-lfm2_2_5 lfm2/partners-that-leave-a-quote-unpaired-are-still-an-error", "the template's "
                    + "value takes the text as it stands; the family refuses quotes that do not pair up"),
            Map.entry("trl-lfm2_2_5 lfm2/sibling-with-a-comma-left-out-after-a-string-costs-no-call", "the same"),
            Map.entry("trl-lfm2_2_5 lfm2/list-followed-by-prose-on-its-line", "a reading of the family's: calls "
                    + "without <|tool_call_start|> are not in the template"),
            Map.entry("trl-lfm2_2_5 lfm2/pythonic-list-after-blanks-is-lfm2s", "the same"),
            Map.entry("trl-lfm2_2_5 lfm2/pythonic-call-without-its-list-is-lfm2s", "the template's opener needs "
                    + "the list's ["),
            Map.entry("trl-lfm2_2_5 lfm2/json-list", "the template reads pythonic calls only, not LFM2's JSON list"));

    @TestFactory
    Stream<DynamicContainer> theTemplateReadsEveryCaseAsTheHandWrittenFamilyDoes() {
        return TEMPLATES.entrySet().stream().map(t -> dynamicContainer(t.getKey() + " / " + t.getValue(),
                FamilyCases.cases(t.getValue()).stream().map(c -> dynamicTest(c.id(), () -> agree(t.getKey(), c)))));
    }

    static ToolCallExtractor templateExtractor(String template, FamilyCases.Case c) {
        return c.configure(withTemplate(template)).formats(EnumSet.of(WireFormat.RESPONSE_TEMPLATE)).build();
    }

    static ToolCallExtractor.Builder withTemplate(String template) {
        return ToolCallExtractor.builder().responseTemplate(Corpus.read("/response-templates/" + template + ".json"));
    }

    private static Map<String, String> orderedMap(String... pairs) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    private static void agree(String template, FamilyCases.Case c) {
        Extraction hand = c.extractor().extract(c.text());
        ToolCallExtractor reader = templateExtractor(template, c);
        Extraction read = reader.extract(c.text());
        String difference = BEYOND_THE_TEMPLATE.get(template + " " + c.id());
        if (difference != null) {
            assertThat(summary(read)).as("listed as a difference: " + difference)
                    .isNotEqualTo(summary(hand));
        } else {
            assertThat(summary(read)).as(template + " " + c.id() + " " + Streams.quote(c.text())).isEqualTo(summary(hand));
        }
        Streams.Run streamed = Streams.run(reader, Streams.chunks(c.text(), 1));
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
