package dev.calltype.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.calltype.runtime.ToolResult;
import java.util.List;
import java.util.function.Function;

/**
 * The conversations {@code demo} plays: what a user asks, and what the embedded model answers at
 * each round. The answers are the kind real models write — each scene uses another text format, and
 * four are deliberately broken the ways models break them. A model's closing answer reads the real
 * results of the calls before it, so what it says is what the tools did.
 */
final class DemoScript {

    /**
     * One conversation.
     *
     * @param title what the scene shows
     * @param user the user's message
     * @param replies the model's answers, one per round; each sees the results of the round before
     */
    record Scene(String title, String user, List<Function<List<ToolResult>, String>> replies) {
    }

    private DemoScript() {
    }

    static List<Scene> scenes() {
        return List.of(
                new Scene("TOOL_CALL marker", "What is (17.5 * 4) + 2^10 / 8?", List.of(
                        r -> "Let me work that out exactly.\n"
                                + "TOOL_CALL {\"name\": \"calculate\", \"arguments\": {\"expression\": \"(17.5 * 4) + 2^10 / 8\"}}",
                        r -> "(17.5 × 4) + 2¹⁰ / 8 = **" + text(r, 0, "result") + "**.")),

                new Scene("bracket tags", "Save a note called Groceries: eggs, flour, milk, lemons. Tag it home and shopping.",
                        List.of(
                                r -> "[TOOL_CALL]{\"name\": \"create_note\", \"arguments\": {\"title\": \"Groceries\", "
                                        + "\"body\": \"eggs, flour, milk, lemons\", \"tags\": [\"home\", \"shopping\"]}}[/TOOL_CALL]",
                                r -> "Saved \"" + text(r, 0, "title") + "\" (" + text(r, 0, "words")
                                        + " words), tagged " + join(value(r, 0).path("tags")) + ".")),

                new Scene("<tool_call> tags (Hermes, Qwen)", "How far is a marathon in kilometres?", List.of(
                        r -> "<tool_call>\n{\"name\": \"convert_units\", \"arguments\": {\"quantity\": {\"value\": 26.2, "
                                + "\"unit\": \"MILE\"}, \"to\": \"KILOMETER\", \"decimals\": 3}}\n</tool_call>",
                        r -> "A marathon is 26.2 miles, which is " + value(r, 0).path("to").path("value").asText()
                                + " km.")),

                new Scene("pythonic calls, two in one turn", "What time is it in Tokyo, and which notes do I have?",
                        List.of(
                                r -> "[current_time(zone=\"Tokyo\"), list_notes()]",
                                r -> "In Tokyo it is " + text(r, 0, "text") + ". You have " + value(r, 1).size()
                                        + " note" + (value(r, 1).size() == 1 ? "" : "s") + ": "
                                        + join(value(r, 1).findValues("title")) + ".")),

                new Scene("fenced JSON", "Find my notes that mention flour.", List.of(
                        r -> "I'll search your notes.\n\n```json\n{\n  \"name\": \"search_notes\",\n  \"arguments\": "
                                + "{\"text\": \"flour\", \"limit\": 3}\n}\n```",
                        r -> value(r, 0).size() == 0 ? "No note mentions flour."
                                : "\"" + text(value(r, 0).path(0), "title") + "\" mentions it: "
                                        + text(value(r, 0).path(0), "snippet"))),

                new Scene("Mistral [TOOL_CALLS] array", "My stand-up is at 9:30 in New York on 14 March 2025. "
                        + "When is that in Paris and in Kolkata?", List.of(
                        r -> "[TOOL_CALLS][{\"name\": \"convert_time\", \"arguments\": {\"time\": \"2025-03-14T09:30\", "
                                + "\"from_zone\": \"America/New_York\", \"to_zone\": \"Europe/Paris\"}}, "
                                + "{\"name\": \"convert_time\", \"arguments\": {\"time\": \"2025-03-14T09:30\", "
                                + "\"from_zone\": \"America/New_York\", \"to_zone\": \"Asia/Kolkata\"}}]",
                        r -> "In Paris: " + text(value(r, 0).path("to"), "text") + ". In Kolkata: "
                                + text(value(r, 1).path("to"), "text") + ".")),

                new Scene("single quotes, repaired", "Read me my Groceries note.", List.of(
                        r -> "<tool_call>{'name': 'read_note', 'arguments': {'title': 'Groceries'}}</tool_call>",
                        r -> "Your Groceries note says: " + text(r, 0, "body") + ".")),

                new Scene("a truncated call, corrected", "Make a note for tomorrow's meeting: discuss the Q3 budget "
                        + "and the hiring plan.", List.of(
                        r -> "TOOL_CALL {\"name\": \"create_note\", \"arguments\": {\"title\": \"Meeting\", "
                                + "\"body\": \"Discuss the Q3 budget and",
                        r -> "TOOL_CALL {\"name\": \"create_note\", \"arguments\": {\"title\": \"Meeting\", "
                                + "\"body\": \"Discuss the Q3 budget and the hiring plan.\", \"tags\": [\"work\"]}}",
                        r -> "Done: \"" + text(r, 0, "title") + "\" is saved, tagged " + join(value(r, 0).path("tags"))
                                + ".")),

                new Scene("an unknown tool, corrected", "What's the weather in Oslo right now?", List.of(
                        r -> "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>",
                        r -> "I have no weather tool, but I can tell you the time there.\n"
                                + "<tool_call>{\"name\": \"current_time\", \"arguments\": {\"zone\": \"Europe/Oslo\"}}</tool_call>",
                        r -> "I can't check the weather, but in Oslo it is " + text(r, 0, "text") + ".")),

                new Scene("a wrong argument type, corrected", "Convert five kilos to pounds.", List.of(
                        r -> "<tool_call>{\"name\": \"convert_units\", \"arguments\": {\"quantity\": {\"value\": \"five\", "
                                + "\"unit\": \"KILOGRAM\"}, \"to\": \"POUND\", \"decimals\": 2}}</tool_call>",
                        r -> "<tool_call>{\"name\": \"convert_units\", \"arguments\": {\"quantity\": {\"value\": 5, "
                                + "\"unit\": \"KILOGRAM\"}, \"to\": \"POUND\", \"decimals\": 2}}</tool_call>",
                        r -> "Five kilos is " + value(r, 0).path("to").path("value").asText() + " pounds.")));
    }

    /** The value of the {@code i}-th result of the round before, or a missing node. */
    static JsonNode value(List<ToolResult> results, int i) {
        if (i >= results.size() || results.get(i).value() == null) {
            return MissingNode.getInstance();
        }
        return results.get(i).value();
    }

    private static String text(List<ToolResult> results, int i, String field) {
        return text(value(results, i), field);
    }

    private static String text(JsonNode node, String field) {
        return node.path(field).asText();
    }

    private static String join(Iterable<JsonNode> values) {
        StringBuilder s = new StringBuilder();
        for (JsonNode v : values) {
            if (s.length() > 0) {
                s.append(", ");
            }
            s.append(v.asText());
        }
        return s.toString();
    }
}
