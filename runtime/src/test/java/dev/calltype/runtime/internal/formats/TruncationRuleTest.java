package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.calltype.runtime.Ending;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * One truncation rule across families ({@link Ending}), over every family's cases that hold whole calls: cut
 * anywhere inside the first call's markup, a text that a token limit cut ({@link Ending#LENGTH}) runs no call, an
 * unknown ending runs nothing a stopped one does not, and a stopped text runs only calls of the tools the whole text
 * calls. Families may not differ on this.
 */
class TruncationRuleTest {

    @TestFactory
    Stream<DynamicTest> aTextCutInsideACallsMarkupRunsNoCallWhenCutAndOnlyWholeCallsWhenStopped() {
        return FamilyCases.files().stream().flatMap(f -> FamilyCases.cases(f).stream())
                .filter(TruncationRuleTest::checked)
                .map(c -> dynamicTest(c.id(), () -> {
                    ToolCallExtractor x = c.extractor();
                    Extraction whole = x.extract(c.text(), Ending.STOP);
                    if (whole.calls().isEmpty()) {
                        return;
                    }
                    Extraction.Segment first = whole.segments().stream()
                            .filter(s -> s.kind() == Extraction.Segment.Kind.CALL).findFirst().orElseThrow();
                    int end = first.end();
                    while (end > first.start() && Character.isWhitespace(c.text().charAt(end - 1))) {
                        end--;
                    }
                    for (int i = first.start() + 1; i < end; i++) {
                        String cut = c.text().substring(0, i);
                        String at = "cut at " + i + ": " + cut;
                        assertThat(x.extract(cut, Ending.LENGTH).calls()).as(at).isEmpty();
                        List<ToolCall> stopped = x.extract(cut, Ending.STOP).calls();
                        List<ToolCall> unknown = x.extract(cut, Ending.UNKNOWN).calls();
                        assertThat(names(stopped)).as(at).containsAll(names(unknown));
                        for (ToolCall call : stopped) {
                            // a text that stopped after a whole value may have given fewer arguments (and a value
                            // that held the format's own end tag ends there): the same tool, never another
                            assertThat(whole.calls()).as(at + ": a call the whole text does not make")
                                    .anySatisfy(w -> assertThat(w.name()).isEqualTo(call.name()));
                        }
                    }
                }));
    }

    /** The cases the rule is checked on: a family's whole calls, with no ending of their own. */
    private static boolean checked(FamilyCases.Case c) {
        return (c.kind().equals("plain") || c.kind().equals("several")) && Boolean.FALSE.equals(c.error())
                && !c.spec().path("options").has("ending");
    }

    /** Every family file has cases the rule is checked on: no family is left out of it. */
    @Test
    void everyFamilyIsChecked() {
        for (String f : FamilyCases.files()) {
            List<FamilyCases.Case> cases = FamilyCases.cases(f);
            if (cases.stream().allMatch(c -> c.kind().equals(FamilyCases.REGRESSION))) {
                continue;
            }
            assertThat(cases).as(f).anyMatch(TruncationRuleTest::checked);
        }
    }

    private static List<String> names(List<ToolCall> calls) {
        return calls.stream().map(call -> call.name() + call.arguments()).toList();
    }
}
