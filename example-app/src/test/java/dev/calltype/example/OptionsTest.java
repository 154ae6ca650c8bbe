package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.runtime.PromptFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OptionsTest {

    private static Options parse(String... args) throws UsageException {
        return Options.parse("chat", List.of(args), Set.of("model", "mode", "format", "max-rounds"), Set.of("yes"));
    }

    @Test
    void valuesMayFollowOrBeJoinedWithEquals() throws Exception {
        Options o = parse("--model", "qwen3:8b", "--mode=prompt", "--yes");
        assertThat(o.value("model")).contains("qwen3:8b");
        assertThat(o.value("mode")).contains("prompt");
        assertThat(o.has("yes")).isTrue();
        assertThat(o.value("format")).isEmpty();
    }

    @Test
    void unknownOptionsNameTheOnesThatExist() {
        assertThatThrownBy(() -> parse("--modle", "x")).isInstanceOf(UsageException.class)
                .hasMessage("chat: unknown option --modle; options: --format, --max-rounds, --mode, --model, --yes");
    }

    @Test
    void missingValuesStrayArgumentsAndRepeatsAreErrors() {
        assertThatThrownBy(() -> parse("--model")).hasMessage("chat: option --model needs a value");
        assertThatThrownBy(() -> parse("hello")).hasMessage("chat: unexpected argument 'hello' (see chat --help)");
        assertThatThrownBy(() -> parse("--model", "a", "--model", "b")).hasMessage("chat: option --model is given twice");
        assertThatThrownBy(() -> parse("--yes=no")).hasMessage("chat: option --yes takes no value");
    }

    @Test
    void aRepeatableOptionKeepsEveryValueInOrder() throws Exception {
        Options o = Options.parse("chat", List.of("--mcp", "a b", "--model", "m", "--mcp=c"), Set.of("model"), Set.of(),
                Set.of("mcp"));
        assertThat(o.values("mcp")).containsExactly("a b", "c");
        assertThat(o.value("model")).contains("m");
        assertThat(Options.parse("chat", List.of(), Set.of(), Set.of(), Set.of("mcp")).values("mcp")).isEmpty();
        assertThatThrownBy(() -> Options.parse("chat", List.of("--mcp"), Set.of(), Set.of(), Set.of("mcp")))
                .hasMessage("chat: option --mcp needs a value");
        assertThatThrownBy(() -> Options.parse("chat", List.of("--x"), Set.of("model"), Set.of("yes"), Set.of("mcp")))
                .hasMessage("chat: unknown option --x; options: --mcp, --model, --yes");
    }

    @Test
    void choicesAcceptAnyCaseDashesAndAliases() throws Exception {
        Map<String, PromptFormat> aliases = Map.of("xml", PromptFormat.XML_TAGS);
        assertThat(parse("--format", "Tool-Call-Marker").choice("format", PromptFormat.class, null, aliases))
                .isEqualTo(PromptFormat.TOOL_CALL_MARKER);
        assertThat(parse("--format", "xml").choice("format", PromptFormat.class, null, aliases)).isEqualTo(PromptFormat.XML_TAGS);
        assertThat(parse().choice("format", PromptFormat.class, PromptFormat.PYTHONIC, aliases)).isEqualTo(PromptFormat.PYTHONIC);
        assertThatThrownBy(() -> parse("--format", "yaml").choice("format", PromptFormat.class, null, aliases))
                .hasMessage("chat: unknown --format 'yaml'; use one of tool-call-marker, bracket-tags, xml-tags, json-fence, pythonic");
    }

    @Test
    void numbersAreCheckedAgainstTheirRange() throws Exception {
        assertThat(parse("--max-rounds", "3").intValue("max-rounds", 8, 1, 50)).isEqualTo(3);
        assertThat(parse().intValue("max-rounds", 8, 1, 50)).isEqualTo(8);
        assertThatThrownBy(() -> parse("--max-rounds", "0").intValue("max-rounds", 8, 1, 50))
                .hasMessage("chat: --max-rounds must be a whole number from 1 to 50, got '0'");
        assertThatThrownBy(() -> parse("--max-rounds", "lots").intValue("max-rounds", 8, 1, 50))
                .hasMessageContaining("got 'lots'");
    }

    @Test
    void requiredOptionsSaySoWhenMissing() {
        assertThatThrownBy(() -> parse().required("model")).hasMessage("chat: --model is required (see chat --help)");
    }
}
