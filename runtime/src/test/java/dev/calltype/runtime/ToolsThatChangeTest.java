package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A toolkit whose tools change while it is in use — an MCP server that announces new tools — is followed by
 * {@link Toolkits#combine} and by {@link ToolLoop}: the next call, schema and round see the new tools.
 */
class ToolsThatChangeTest {

    /** A toolkit whose tool list is replaced by {@link #list}, as an MCP toolkit's is on a tools/list_changed. */
    static final class Changing implements Toolkit {
        private final String label;
        private volatile Toolkit current;

        Changing(String label, String... names) {
            this.label = label;
            list(names);
        }

        void list(String... names) {
            List<ToolSpec> specs = new ArrayList<>();
            for (String name : names) {
                specs.add(spec(name));
            }
            current = Toolkits.of(specs, (tool, args) -> TextNode.valueOf(label + ":" + tool));
        }

        @Override
        public List<ToolSpec> tools() {
            return current.tools();
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            return current.schemaJson(dialect);
        }

        @Override
        public String formatInstructions(PromptFormat format) {
            return current.formatInstructions(format);
        }

        @Override
        public ToolResult dispatch(ToolCall call) {
            return current.dispatch(call);
        }
    }

    static ToolSpec spec(String name) {
        ObjectNode parameters = JsonNodeFactory.instance.objectNode().put("type", "object");
        parameters.putObject("properties");
        return new ToolSpec(name, "The " + name + " tool.", parameters, List.of());
    }

    private static String result(Toolkit toolkit, String name) {
        ToolResult r = toolkit.dispatch(ToolCall.of(name));
        return r.isError() ? "error: " + r.content() : r.content();
    }

    @Test
    void aCombinedToolkitFollowsAPartWhoseToolsChanged() {
        Changing remote = new Changing("remote", "search");
        Toolkit all = Toolkits.combine(Toolkits.of(List.of(spec("add")), (t, a) -> TextNode.valueOf("local")), remote);
        List<ToolSpec> before = all.tools();
        assertThat(result(all, "fetch")).startsWith("error: ").contains("fetch");

        remote.list("search", "fetch");

        assertThat(all.tools()).isNotSameAs(before).extracting(ToolSpec::name).containsExactly("add", "search", "fetch");
        assertThat(all.tools()).isSameAs(all.tools());
        assertThat(result(all, "fetch")).isEqualTo("remote:fetch");
        assertThat(result(all, "Fetch")).isEqualTo("remote:fetch");
        assertThat(all.schemaJson(SchemaDialect.OPENAI)).contains("\"fetch\"");
        assertThat(all.schemaJson(SchemaDialect.MCP)).contains("\"fetch\"");
        assertThat(all.formatInstructions(PromptFormat.XML_TAGS)).contains("fetch");
        assertThat(all.extractor().extract("{\"name\": \"fetch\", \"arguments\": {}}").calls())
                .extracting(ToolCall::name).containsExactly("fetch");

        remote.list("search");
        assertThat(all.tools()).extracting(ToolSpec::name).containsExactly("add", "search");
        assertThat(result(all, "fetch")).startsWith("error: ");
        assertThat(all.schemaJson(SchemaDialect.OPENAI)).doesNotContain("\"fetch\"");
    }

    @Test
    void aNameThatClashesAfterAChangeStaysWithTheEarlierToolkitInsteadOfFailing() {
        Changing first = new Changing("first", "search");
        Changing second = new Changing("second", "fetch");
        Toolkit all = Toolkits.combine(first, second);

        second.list("fetch", "search");

        assertThat(all.tools()).extracting(ToolSpec::name).containsExactly("search", "fetch");
        assertThat(result(all, "search")).isEqualTo("first:search");
        assertThat(result(all, "fetch")).isEqualTo("second:fetch");
        String schema = all.schemaJson(SchemaDialect.OPENAI);
        assertThat(schema.indexOf("\"search\"")).isEqualTo(schema.lastIndexOf("\"search\""));
    }

    @Test
    void aPromptModeLoopTeachesTheModelTheNewToolsBeforeItsNextRound() {
        Changing remote = new Changing("remote", "search");
        List<String> systems = new ArrayList<>();
        List<ModelReply> replies = new ArrayList<>(List.of(
                ModelReply.text("{\"name\": \"search\", \"arguments\": {}}"),
                ModelReply.text("{\"name\": \"fetch\", \"arguments\": {}}"),
                ModelReply.text("done")));
        ToolLoop loop = ToolLoop.builder(ModelClient.of((messages, tools) -> {
            systems.add(messages.get(0).content());
            if (systems.size() == 1) {
                remote.list("search", "fetch");
            }
            return replies.remove(0);
        }), Toolkits.combine(remote)).mode(ToolLoop.Mode.PROMPT).build();

        ToolLoop.Outcome outcome = loop.run("look it up");

        assertThat(outcome.answer()).isEqualTo("done");
        assertThat(systems.get(0)).contains("search").doesNotContain("fetch");
        assertThat(systems.get(1)).contains("fetch");
        assertThat(outcome.transcript()).extracting(ChatMessage::content)
                .anySatisfy(text -> assertThat(text).contains("remote:fetch"));
    }

    @Test
    void aNativeModeLoopOffersTheNewToolsInItsNextRound() {
        Changing remote = new Changing("remote", "search");
        List<List<String>> offered = new ArrayList<>();
        List<ModelReply> replies = new ArrayList<>(List.of(
                ModelReply.calls(ToolCall.of("search").withId("1")),
                ModelReply.text("done")));
        ToolLoop loop = ToolLoop.builder(ModelClient.of((messages, tools) -> {
            offered.add(tools.stream().map(ToolSpec::name).toList());
            remote.list("search", "fetch");
            return replies.remove(0);
        }), remote).mode(ToolLoop.Mode.NATIVE).build();

        loop.run("look it up");

        assertThat(offered).containsExactly(List.of("search"), List.of("search", "fetch"));
    }
}
