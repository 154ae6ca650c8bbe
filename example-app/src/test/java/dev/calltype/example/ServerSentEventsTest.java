package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerSentEventsTest {

    private final List<String> events = new ArrayList<>();

    private ServerSentEvents.End read(String stream) throws Exception {
        return ServerSentEvents.read(new BufferedReader(new StringReader(stream)), events::add);
    }

    @Test
    void eachEventsDataIsDeliveredUntilDone() throws Exception {
        assertThat(read("data: {\"a\":1}\n\ndata: {\"a\":2}\n\ndata: [DONE]\n\ndata: {\"late\":true}\n\n"))
                .isEqualTo(ServerSentEvents.End.DONE_MARKER);
        assertThat(events).containsExactly("{\"a\":1}", "{\"a\":2}");
    }

    @Test
    void crlfLineEndsCommentsAndOtherFieldsAreHandled() throws Exception {
        read(": keep-alive\r\nevent: message\r\nid: 7\r\ndata:{\"a\":1}\r\n\r\nretry: 100\r\n\r\n");
        assertThat(events).containsExactly("{\"a\":1}");
    }

    @Test
    void multiLineDataIsJoinedWithNewlines() throws Exception {
        read("data: {\"a\":\ndata: 1}\n\n");
        assertThat(events).containsExactly("{\"a\":\n1}");
    }

    @Test
    void anEventOpenAtTheEndIsStillDelivered() throws Exception {
        assertThat(read("data: {\"a\":1}\n\ndata: {\"b\":2}")).isEqualTo(ServerSentEvents.End.END_OF_STREAM);
        assertThat(events).containsExactly("{\"a\":1}", "{\"b\":2}");
    }

    @Test
    void linesThatAreNotFieldsCarryNothing() throws Exception {
        assertThat(read("<html>oops</html>\n\n")).isEqualTo(ServerSentEvents.End.END_OF_STREAM);
        assertThat(events).isEmpty();
    }
}
