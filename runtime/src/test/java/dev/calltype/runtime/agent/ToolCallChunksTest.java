package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ToolCallChunks}: streamed native call chunks put back together the ways servers send them. */
class ToolCallChunksTest {

    private static List<NativeTools.Call> merge(Object[][] chunks) {
        ToolCallChunks merged = new ToolCallChunks();
        for (Object[] c : chunks) {
            merged.add((Integer) c[0], (String) c[1], (String) c[2], (String) c[3]);
        }
        return merged.calls();
    }

    @Test
    void anIdOnlyOnTheFirstChunkAndEmptyAfterIt() {
        assertThat(merge(new Object[][] {{0, "call_1", "f", ""}, {0, "", "", "{\"a\":"}, {0, "", "", " 1}"}}))
                .containsExactly(new NativeTools.Call("f", "{\"a\": 1}", "call_1"));
    }

    @Test
    void theSameIdAndNameOnEveryChunk() {
        assertThat(merge(new Object[][] {{0, "x", "f", "{\"a\":"}, {0, "x", "f", " 1}"}}))
                .containsExactly(new NativeTools.Call("f", "{\"a\": 1}", "x"));
        assertThat(merge(new Object[][] {{null, "x", "f", "{\"a\":"}, {null, "x", "f", " 1}"}}))
                .containsExactly(new NativeTools.Call("f", "{\"a\": 1}", "x"));
    }

    @Test
    void aNameSplitAcrossChunksIsJoined() {
        assertThat(merge(new Object[][] {{null, "x", "get_wea", ""}, {null, null, "ther", "{}"}}))
                .containsExactly(new NativeTools.Call("get_weather", "{}", "x"));
    }

    @Test
    void indexesKeepInterleavedCallsApart() {
        assertThat(merge(new Object[][] {{0, "a", "f", "{\"x\":"}, {1, "b", "g", "{\"y\":"}, {0, null, null, " 1}"},
            {1, null, null, " 2}"}}))
                .containsExactly(new NativeTools.Call("f", "{\"x\": 1}", "a"), new NativeTools.Call("g", "{\"y\": 2}", "b"));
    }

    @Test
    void withoutIndexesANewIdOrANameAfterCompleteArgumentsStartsACall() {
        assertThat(merge(new Object[][] {{null, null, "f", "{\"x\": 1}"}, {null, null, "f", "{\"x\": 2}"},
            {null, "c", "g", "{"}, {null, "d", "g", "}"}}))
                .containsExactly(new NativeTools.Call("f", "{\"x\": 1}", null), new NativeTools.Call("f", "{\"x\": 2}", null),
                        new NativeTools.Call("g", "{", "c"), new NativeTools.Call("g", "}", "d"));
    }

    @Test
    void emptyChunksChangeNothing() {
        assertThat(merge(new Object[][] {{null, "", "", ""}, {null, null, null, null}})).isEmpty();
    }
}
