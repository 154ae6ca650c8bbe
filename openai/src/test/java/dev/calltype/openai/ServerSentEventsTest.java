package dev.calltype.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.openai.internal.ServerSentEvents;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The event-stream reading rules of the HTML specification, and the bounds. */
class ServerSentEventsTest {

    private static List<ServerSentEvents.Event> read(String body) throws IOException {
        List<ServerSentEvents.Event> out = new ArrayList<>();
        new ServerSentEvents(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), 1024, 1 << 20)
                .read(e -> out.add(e));
        return out;
    }

    private static List<String> data(String body) throws IOException {
        return read(body).stream().map(ServerSentEvents.Event::data).toList();
    }

    @Test
    void emptyDataCommentsAndUnknownFieldsDispatchNothing() throws IOException {
        assertThat(data("data:\n\n: keep-alive\n\nretry: 100\n\nfoo: bar\n\ndata: a\n\n")).containsExactly("a");
        assertThat(data("data\n\n")).isEmpty();
    }

    @Test
    void multiLineDataIsJoinedWithNewlines() throws IOException {
        assertThat(data("data: {\"a\":\ndata:  1}\n\n")).containsExactly("{\"a\":\n 1}");
    }

    @Test
    void crLfAndLoneCrEndLinesAsLfDoes() throws IOException {
        assertThat(data("data: a\r\n\r\ndata: b\r\rdata: c\n\n")).containsExactly("a", "b", "c");
    }

    @Test
    void eventAndIdFieldsAreKeptWithTheEvent() throws IOException {
        List<ServerSentEvents.Event> events = read("event: error\nid: 7\ndata: x\n\ndata: y\n\n");
        assertThat(events.get(0)).isEqualTo(new ServerSentEvents.Event("error", "x", "7"));
        assertThat(events.get(1)).isEqualTo(new ServerSentEvents.Event("message", "y", "7"));
    }

    @Test
    void aByteOrderMarkAtTheStartIsSkippedAndOnlyOneSpaceAfterTheColon() throws IOException {
        assertThat(data("\uFEFFdata:  two spaces\n\n")).containsExactly(" two spaces");
    }

    @Test
    void anEventCutOffByTheEndOfTheStreamIsDiscarded() throws IOException {
        assertThat(data("data: a\n\ndata: cut")).containsExactly("a");
        assertThat(data("data: a\n\ndata: cut\n")).containsExactly("a");
    }

    @Test
    void aLineOrEventPastTheLimitIsTooLarge() {
        assertThatThrownBy(() -> read(": " + "x".repeat(5000) + "\n\n")).isInstanceOf(ChatCompletionsException.class)
                .hasMessageContaining("maxEventBytes");
        assertThatThrownBy(() -> read("data: a\n".repeat(600) + "\n")).isInstanceOf(ChatCompletionsException.class)
                .hasMessageContaining("maxEventBytes");
    }
}
