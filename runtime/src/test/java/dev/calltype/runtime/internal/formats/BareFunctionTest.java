package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.testing.Streams;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Qwen3-Coder invocation written without its {@code <tool_call>} wrapper (MiMo V2.6's bare {@code <function=…>}) is
 * a call only as a whole: prose after one of its parameters keeps the text prose, in batch and in a stream split
 * anywhere, and the stream never says a call started. (Not in {@code families/mimo-bare.jsonl}: a stream holds such
 * text until it is decided, longer than the case files' prose check allows a marker to hold it.)
 */
class BareFunctionTest {

    private static final ToolCallExtractor EXTRACTOR = ToolCallExtractor.builder()
            .tools(FamilyCases.TOOLS).build();

    @ParameterizedTest
    @ValueSource(strings = {
            "Write <function=get_weather><parameter=city>Oslo</parameter> and so on.",
            "<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\nthen the days, and so on.",
            "Say <function=search>\n<parameter=query>\nrust\n</parameter>\n<parameter=limit>3</parameter> to search.",
    })
    void proseAfterAParameterKeepsTheTextProse(String text) {
        Extraction batch = EXTRACTOR.extract(text);
        assertThat(batch.calls()).isEmpty();
        assertThat(batch.errors()).isEmpty();
        assertThat(batch.text()).isEqualTo(text);
        for (int i = 0; i <= text.length(); i++) {
            Streams.Run run = Streams.run(EXTRACTOR, List.of(text.substring(0, i), text.substring(i)));
            assertThat(run.text()).as("split at " + i).isEqualTo(text);
            assertThat(run.events()).as("split at " + i)
                    .noneMatch(e -> e instanceof StreamEvent.CallStarted || e instanceof StreamEvent.Error);
        }
    }
}
