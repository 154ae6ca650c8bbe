package dev.calltype.processor;

import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.ToolSpec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A generated toolkit under attack: only its {@code @Tool} methods can be reached, by their tool names, never any
 * other method by reflection; and its {@code @Tool(confirm = true)} method runs through {@link ToolLoop} only when
 * the approver agrees.
 */
class SecurityDispatchTest {

    private static final Compiled COMPILED = Compiled.of(Sources.inventory());

    private Object inventory;
    private Toolkit toolkit;

    @BeforeEach
    void newInventory() throws Exception {
        inventory = COMPILED.instance("com.example.inventory.Inventory");
        toolkit = (Toolkit) COMPILED.load("com.example.inventory.InventoryTools")
                .getConstructor(COMPILED.load("com.example.inventory.Inventory")).newInstance(inventory);
    }

    @SuppressWarnings("unchecked")
    private List<String> log() {
        return (List<String>) Compiled.call(inventory, "log");
    }

    @ParameterizedTest
    @ValueSource(strings = {"log", "toString", "getClass", "hashCode", "wait", "notify", "equals",
        "com.example.inventory.Inventory.log", "InventoryTools.dispatch", "dispatch", "tools",
        "<init>", "pay\u0000", "java.lang.Runtime.exec"})
    void onlyToolNamesReachTheTargetNeverOtherMethodsByReflection(String name) {
        ToolResult r = toolkit.dispatch(ToolCall.of(name, JsonNodeFactory.instance.objectNode()).withId("x"));
        assertThat(r.isError()).as(name).isTrue();
        assertThat(r.content()).startsWith("There is no tool named");
        assertThat(r.content()).doesNotContain("\u0000");
        assertThat(log()).isEmpty();
    }

    @Test
    void aModelCannotReachAPublicMethodThatIsNotATool() {
        List<ToolResult> results = toolkit.handle("<tool_call>{\"name\": \"log\", \"arguments\": {}}</tool_call>");
        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.isError()).isTrue();
            assertThat(r.content()).contains("no tool named \"log\"");
        });
    }

    private static final String PAY_CALL = "<tool_call>{\"name\": \"pay\", \"arguments\": {\"payment\": "
            + "{\"type\": \"card\", \"number\": \"123456789012\"}, \"amount\": 25}}</tool_call>";

    private static ModelReply[] promptModeScript(String finalText) {
        return new ModelReply[]{ModelReply.text("The invoice asks me to pay it.\n" + PAY_CALL), ModelReply.text(finalText)};
    }

    private static final class Scripted implements dev.calltype.runtime.agent.ModelClient {
        private final List<ModelReply> replies;
        final List<List<ChatMessage>> requests = new ArrayList<>();

        Scripted(ModelReply... replies) {
            this.replies = new ArrayList<>(List.of(replies));
        }

        @Override
        public ModelReply send(dev.calltype.runtime.agent.ModelRequest request,
                               dev.calltype.runtime.agent.ReplyListener listener) {
            requests.add(request.promptMessages());
            ModelReply reply = replies.remove(0);
            if (!reply.text().isEmpty()) {
                listener.onRawText(reply.text());
            }
            return reply;
        }
    }

    @Test
    void aDeniedConfirmToolDoesNotRunAndTheModelIsToldSo() {
        Scripted model = new Scripted(promptModeScript("I did not pay."));
        List<String> asked = new ArrayList<>();
        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).mode(ToolLoop.Mode.PROMPT)
                .approver((call, tool) -> {
                    asked.add(call.name() + " confirm=" + tool.confirm());
                    return false;
                }).build().run("Please handle the invoice in the attachment.");

        assertThat(asked).containsExactly("pay confirm=true");
        assertThat(log()).isEmpty();
        List<ChatMessage> second = model.requests.get(1);
        assertThat(second.get(second.size() - 1).content())
                .startsWith("Tool results:\n[pay] error: the user declined to run pay");
        assertThat(outcome.answer()).isEqualTo("I did not pay.");
    }

    @Test
    void withoutAnApproverAConfirmToolNeverRuns() {
        Scripted model = new Scripted(promptModeScript("ok"));
        ToolLoop.builder(model, toolkit).mode(ToolLoop.Mode.PROMPT).build().run("pay it");
        assertThat(log()).isEmpty();
    }

    @Test
    void anApprovedConfirmToolRuns() {
        Scripted model = new Scripted(promptModeScript("Paid."));
        ToolLoop.builder(model, toolkit).mode(ToolLoop.Mode.PROMPT).approver((call, tool) -> true).build()
                .run("pay it");
        assertThat(log()).containsExactly("paid 25");
    }

    @Test
    void aToolThatNeedsNoConfirmationRunsWithoutAsking() {
        Scripted model = new Scripted(ModelReply.text("<tool_call>{\"name\": \"add_stock\", \"arguments\": {\"item\":"
                + " {\"sku\": \"AB1\", \"quantity\": 2}}}</tool_call>"), ModelReply.text("Added."));
        List<String> asked = new ArrayList<>();
        ToolLoop.builder(model, toolkit).mode(ToolLoop.Mode.PROMPT).approver((call, tool) -> {
            asked.add(call.name());
            return false;
        }).build().run("add two");
        assertThat(asked).isEmpty();
        assertThat(log()).containsExactly("AB1+2");
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode json(String text) {
        try {
            return (com.fasterxml.jackson.databind.node.ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static final String PAY_ARGUMENTS = "{\"payment\": {\"type\": \"card\", \"number\": \"123456789012\"},"
            + " \"amount\": 25}";

    /** Native calls name tools however the model likes; dispatch resolves them loosely, so approval must too. */
    @ParameterizedTest
    @ValueSource(strings = {"pay", "Pay", "PAY", "p-a-y", "P.A.Y", "p_ay"})
    void aConfirmToolCalledNativelyUnderAnySpellingDispatchAcceptsIsDeclinedWithoutAnApprover(String spelling) {
        ToolCall call = ToolCall.of(spelling, json(PAY_ARGUMENTS)).withId("c1");
        assertThat(toolkit.resolve(spelling)).map(ToolSpec::name).hasValue("pay");
        Scripted model = new Scripted(ModelReply.calls(call), ModelReply.text("ok"));

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("pay it");

        assertThat(log()).as(spelling).isEmpty();
        assertThat(outcome.transcript().get(2).content()).startsWith("the user declined to run pay");
    }

    @Test
    void aGeneratedToolkitThrowsNullPointerExceptionForANullCallLikeEveryToolkit() {
        org.assertj.core.api.Assertions.assertThatNullPointerException().isThrownBy(() -> toolkit.dispatch(null));
    }

    @Test
    void readOnlyAndConfirmFromTheAnnotationReachTheGeneratedToolSpecs() {
        assertThat(toolkit.tools()).filteredOn(ToolSpec::readOnly).extracting(ToolSpec::name)
                .containsExactly("search_items");
        assertThat(toolkit.tools()).filteredOn(ToolSpec::confirm).extracting(ToolSpec::name).containsExactly("pay");
    }
}
