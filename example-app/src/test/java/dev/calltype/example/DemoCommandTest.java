package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.example.tools.Notes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code demo} command: every scripted scene, as printed. */
class DemoCommandTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-14T08:30:00Z"), ZoneId.of("Europe/Paris"));

    @TempDir
    Path notes;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Environment env, String... args) {
        return Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
    }

    private static Environment piped() {
        return new Environment(Map.of(), false, CLOCK);
    }

    /** The output split at the scene headers: [preamble, scene 1, …, scene 10 with the summary]. */
    private List<String> scenes() {
        String text = out.toString(StandardCharsets.UTF_8);
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int at = text.indexOf("── "); at >= 0; at = text.indexOf("\n── ", at + 1)) {
            parts.add(text.substring(from, at));
            from = at;
        }
        parts.add(text.substring(from));
        return parts;
    }

    @Test
    void everySceneRunsAsScriptedAndTheDemoExitsZero() {
        assertThat(run(piped(), "demo", "--notes", notes.toString())).isZero();
        List<String> s = scenes();
        assertThat(s).hasSize(12);
        assertThat(s.get(0)).contains("Notes are kept in " + notes);

        assertThat(s.get(1)).contains("1/10 · TOOL_CALL marker")
                .contains("user asks   What is (17.5 * 4) + 2^10 / 8?")
                .contains("model wrote Let me work that out exactly.\n              TOOL_CALL {\"name\": \"calculate\"")
                .contains("user sees   Let me work that out exactly.\n")
                .contains("call        calculate {\"expression\":\"(17.5 * 4) + 2^10 / 8\"}  (TOOL_CALL_MARKER)")
                .contains("result      ✓ {\"expression\":\"(17.5 * 4) + 2^10 / 8\",\"result\":198}")
                .contains("user sees   (17.5 × 4) + 2¹⁰ / 8 = **198**.");

        assertThat(s.get(2)).contains("bracket tags").contains("(BRACKET_TAGS)")
                .contains("user sees   (nothing: the reply is only markup)")
                .contains("Saved \"Groceries\" (4 words), tagged home, shopping.");

        assertThat(s.get(3)).contains("<tool_call> tags").contains("convert_units").contains("(HERMES)")
                .contains("A marathon is 26.2 miles, which is 42.165 km.");

        assertThat(s.get(4)).contains("pythonic calls").contains("call        current_time {\"zone\":\"Tokyo\"}")
                .contains("call        list_notes {}").contains("(PYTHONIC")
                .contains("In Tokyo it is Friday 14 March 2025, 17:30 (Asia/Tokyo, UTC+09:00). You have 1 note: Groceries.");

        assertThat(s.get(5)).contains("fenced JSON").contains("(JSON_FENCE)").contains("user sees   I'll search your notes.")
                .contains("\"Groceries\" mentions it: eggs, flour, milk, lemons");

        assertThat(s.get(6)).contains("Mistral [TOOL_CALLS] array").contains("(MISTRAL)")
                .contains("In Paris: Friday 14 March 2025, 14:30 (Europe/Paris, UTC+01:00). "
                        + "In Kolkata: Friday 14 March 2025, 19:00 (Asia/Kolkata, UTC+05:30).");

        assertThat(s.get(7)).contains("single quotes, repaired").contains("repaired: SINGLE_QUOTES")
                .contains("Your Groceries note says: eggs, flour, milk, lemons.").doesNotContain("sent back");

        assertThat(s.get(8)).contains("a truncated call, corrected").contains("not a call  TRUNCATED")
                .contains("sent back").contains("call        create_note")
                .contains("Done: \"Meeting\" is saved, tagged work.");

        assertThat(s.get(9)).contains("an unknown tool, corrected").contains("not a call  UNKNOWN_TOOL")
                .contains("sent back").contains("current_time {\"zone\":\"Europe/Oslo\"}")
                .contains("in Oslo it is Friday 14 March 2025, 09:30 (Europe/Oslo, UTC+01:00).");

        assertThat(s.get(10)).contains("a wrong argument type, corrected").contains("result      ✗")
                .contains("quantity.value").contains("sent back").contains("Tool results:")
                .contains("Five kilos is 11.02 pounds.");

        assertThat(s.get(11)).contains("typed answer: a Contact record").contains("error       TRUNCATED $")
                .contains("sent back   Your answer was cut off").contains("ignored     $.confidence")
                .contains("value       Contact[name=Ana Lima, email=ana.lima@northwind.example,")
                .contains("preferred=EMAIL]").contains("✓ 10 conversations, ");

        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("\u001b[").doesNotContain("did not go as scripted");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void theNotesTheModelWroteAreOnDisk() {
        assertThat(run(piped(), "--notes", notes.toString())).isZero();
        assertThat(new Notes(notes).listNotes(Optional.empty())).extracting(Notes.NoteSummary::title)
                .containsExactly("Groceries", "Meeting");
    }

    @Test
    void colourOnlyOnATerminalWithoutNoColor() {
        assertThat(run(new Environment(Map.of(), true, CLOCK), "demo", "--notes", notes.resolve("a").toString())).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\u001b[32m✓\u001b[0m");
        out.reset();
        assertThat(run(new Environment(Map.of("NO_COLOR", "1"), true, CLOCK), "demo", "--notes",
                notes.resolve("b").toString())).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("\u001b[");
    }

    @Test
    void aSceneThatGoesWrongIsReportedAndTheExitStatusIsOne() {
        DemoScript.Scene broken = new DemoScript.Scene("always truncated", "Save a note.", List.of(
                r -> "TOOL_CALL {\"name\": \"create_note\", \"arguments\": {\"title\": \"A\", \"body\": \"cut",
                r -> "Sorry, I could not."));
        int status = DemoCommand.play(ExampleTools.toolkit(new Notes(notes), CLOCK), List.of(broken), notes,
                new PrintStream(out, true, StandardCharsets.UTF_8), Style.of(false));
        assertThat(status).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("✗ this scene did not go as scripted: the last tool call did not succeed")
                .contains("✗ 1 of 1 scenes did not go as scripted: always truncated");
    }
}
