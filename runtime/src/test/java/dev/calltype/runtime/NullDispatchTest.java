package dev.calltype.runtime;

import dev.calltype.runtime.testing.Fixtures;

import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code dispatch(null)} is a caller's mistake and every toolkit says so the same way (generated: processor tests). */
class NullDispatchTest {

    private final Toolkit dynamic = Toolkits.of(List.of(Fixtures.spec("echo", "Echo",
            "{\"type\":\"object\",\"properties\":{\"s\":{\"type\":\"string\"}}}")), (n, a) -> TextNode.valueOf("x"));

    @Test
    void dynamicAndCombinedToolkitsThrowNullPointerExceptionForANullCall() {
        assertThatNullPointerException().isThrownBy(() -> dynamic.dispatch(null)).withMessage("call");
        assertThatNullPointerException().isThrownBy(() -> Toolkits.combine(dynamic).dispatch(null))
                .withMessage("call");
    }
}
