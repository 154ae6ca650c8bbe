package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.testing.Corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example of {@code docs/response-templates.md}, run as written. */
class DocsResponseTemplateExampleTest {

    @Test
    void theDocsExampleReadsCallsInTheMarkupItsTemplateDescribes(@TempDir Path dir) throws IOException {
        Path tokenizerConfig = dir.resolve("tokenizer_config.json");
        Files.writeString(tokenizerConfig, Corpus.read("/response-templates/qwen3-coder.json"));
        Toolkit toolkit = Toolkits.fromJson(Corpus.read("/families/tools.json"), (name, arguments) -> null);
        String modelOutput = "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n"
                + "<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>";
        // README: response template
        ToolCallExtractor extractor = ToolCallExtractor.builder()
                .tools(toolkit.tools())
                .responseTemplate(tokenizerConfig)                     // a Path, or the template's JSON as a string
                .build();
        Extraction x = extractor.extract(modelOutput);                // calls in the template's format: RESPONSE_TEMPLATE
        // README end
        assertThat(x.calls().get(0).name()).isEqualTo("get_weather");
        assertThat(x.calls().get(0).arguments().toString()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        assertThat(x.calls().get(0).format()).isEqualTo(WireFormat.RESPONSE_TEMPLATE);
    }
}
