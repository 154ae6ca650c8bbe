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

    @Test
    void theSameIndexWithANewIdIsANewCall() {
        // the second of the two disagreements issue 34 names: one merger concatenated the names, this one splits
        assertThat(merge(new Object[][] {{0, "a", "f", "{}"}, {0, "b", "g", "{}"}}))
                .containsExactly(new NativeTools.Call("f", "{}", "a"), new NativeTools.Call("g", "{}", "b"));
    }

    @Test
    void aCallIsAnnouncedOnceNamedAndCompleteWhenTheNextStarts() {
        List<String> heard = new java.util.ArrayList<>();
        ToolCallChunks merged = new ToolCallChunks(new ToolCallChunks.Listener() {
            @Override
            public void started(int call, String name, String id) {
                heard.add("start " + call + " " + name + " " + id);
            }

            @Override
            public void arguments(int call, String piece) {
                heard.add("args " + call + " " + piece);
            }

            @Override
            public void completed(int call, NativeTools.Call complete) {
                heard.add("done " + call + " " + complete.arguments());
            }
        });
        merged.add(5, "a", null, "{\"x\":");
        merged.add(5, null, "f", " 1}");
        merged.add(9, "b", "g", "{}");

        assertThat(heard).containsExactly("start 0 f a", "args 0 {\"x\": 1}", "done 0 {\"x\": 1}", "start 1 g b",
                "args 1 {}");
        assertThat(merged.completed()).isEqualTo(1);
    }

    @Test
    void eachChunkIsOneStepWhateverCameBefore() {
        int n = 100_000;
        ToolCallChunks withIndexes = new ToolCallChunks();
        ToolCallChunks withoutIndexes = new ToolCallChunks();
        ToolCallChunks oneLongCall = new ToolCallChunks();
        long chars = 0;
        for (int i = 0; i < n; i++) {
            withIndexes.add(i, "id" + i, "f", "{}");
            withoutIndexes.add(null, "id" + i, "f", "{}");
            String piece = i == 0 ? "{\"text\": \"" : "ab";
            oneLongCall.add(null, null, "f", piece);
            chars += piece.length();
        }

        assertThat(withIndexes.size()).isEqualTo(n);
        assertThat(withoutIndexes.size()).isEqualTo(n);
        assertThat(oneLongCall.size()).isEqualTo(1);
        // one look-up per chunk and each argument character read once: linear, not one look per earlier call
        assertThat(withIndexes.steps()).isLessThanOrEqualTo(3L * n);
        assertThat(withoutIndexes.steps()).isLessThanOrEqualTo(3L * n);
        assertThat(oneLongCall.steps()).isLessThanOrEqualTo(n + chars);
    }
}
