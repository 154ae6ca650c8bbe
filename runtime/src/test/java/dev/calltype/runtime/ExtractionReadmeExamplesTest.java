package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The extraction and streaming examples offered for the README, run as written. */
class ExtractionReadmeExamplesTest {

    private static final String TOOLS_JSON = """
            [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
              "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]}}}]
            """;

    @Test
    void tenLineApiExample() {
        String modelOutput = "Let me check.\n<tool_call>{\"name\": \"getWeather\", \"arguments\": {'city': 'Oslo', days: 2,}}"
                + "</tool_call>\n<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Ber";
        // README: extraction
        ToolCallExtractor extractor = ToolCallExtractor.builder()
                .tools(ToolSpecs.fromJson(TOOLS_JSON))          // or a generated toolkit's tools()
                .build();
        Extraction x = extractor.extract(modelOutput);
        for (ToolCall call : x.calls()) {                        // get_weather {"city":"Oslo","days":2}
            run(call.name(), call.arguments());                  // call.repairs(): SINGLE_QUOTES, UNQUOTED_KEYS, ...
        }
        String forUser = x.text();                                // the prose: markup and <think> blocks removed
        Optional<String> forModel = x.correctionPrompt();         // when a call was cut off, malformed, unknown, ...
        // README end
        assertThat(ran).containsExactly("get_weather {\"city\":\"Oslo\",\"days\":2}");
        assertThat(x.calls().get(0).repairs()).containsExactly(Repair.SINGLE_QUOTES, Repair.UNQUOTED_KEYS,
                Repair.TRAILING_COMMA, Repair.NAME_NORMALIZED);
        assertThat(forUser).isEqualTo("Let me check.\n\n");
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.TRUNCATED);
        assertThat(forModel.orElseThrow()).contains("cut off").contains("<tool_call>{\"name\":\"get_weather\"");
    }

    private final List<String> ran = new ArrayList<>();

    private void run(String name, ObjectNode arguments) {
        ran.add(name + " " + arguments);
    }

    @Test
    void streamingExample() {
        List<String> httpDeltas = List.of("It's ", "cold there. <tool", "_call>{\"name\": \"get_weather\", ",
                "\"arguments\": {\"city\": \"Oslo\"}}</tool_call> Anything", " else?");
        StringBuilder screen = new StringBuilder();
        List<String> started = new ArrayList<>();
        List<ToolCall> completed = new ArrayList<>();
        ToolCallExtractor extractor = ToolCallExtractor.builder().tools(ToolSpecs.fromJson(TOOLS_JSON)).build();
        // --- README example starts
        StreamingExtractor stream = extractor.streaming(event -> {
            if (event instanceof StreamEvent.TextDelta t) {
                screen.append(t.text());                          // prose only, never markup
            } else if (event instanceof StreamEvent.CallStarted s) {
                started.add(s.name());                            // show a spinner for s.name()
            } else if (event instanceof StreamEvent.CallCompleted c) {
                completed.add(c.call());                          // run it now, while the model goes on
            } else if (event instanceof StreamEvent.Error e) {
                System.err.println(e.error().message());
            }
        });
        for (String delta : httpDeltas) {                         // e.g. each SSE chunk's content
            stream.feed(delta);
        }
        stream.finish();                                          // a call still open becomes a TRUNCATED error
        // --- README example ends
        assertThat(screen).hasToString("It's cold there.  Anything else?");
        assertThat(started).containsExactly("get_weather");
        assertThat(completed).extracting(ToolCall::name).containsExactly("get_weather");
        assertThat(completed.get(0).arguments().get("city").asText()).isEqualTo("Oslo");
    }
}
