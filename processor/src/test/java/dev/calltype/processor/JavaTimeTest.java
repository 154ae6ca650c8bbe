package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every {@code java.time} type the docs name, as a tool parameter (top level, in a record, with a default), as a
 * tool result, and in an answer: its schema type and format (or pattern), its lenient reading, and what is refused.
 */
class JavaTimeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Each type, its schema, a value as written and as read back, a lenient spelling, and a value refused. */
    private record Case(String type, String schema, String written, String read, String lenient, String refused) {
    }

    private static final Map<String, Case> CASES = new LinkedHashMap<>();

    static {
        for (Case c : new Case[] {
            new Case("LocalDate", "{\"type\":\"string\",\"format\":\"date\"}", "\"2024-05-31\"", "2024-05-31",
                    "\" 2024-05-31 \"", "\"31/05/2024\""),
            new Case("LocalTime", "{\"type\":\"string\",\"format\":\"time\"}", "\"14:30\"", "14:30",
                    "\"14:30:00Z\"", "\"2:30 pm\""),
            new Case("LocalDateTime", "{\"type\":\"string\",\"format\":\"date-time\"}", "\"2024-05-31T14:30:00\"",
                    "2024-05-31T14:30", "\"2024-05-31T14:30:00+02:00\"", "\"2024-05-31\""),
            new Case("OffsetDateTime", "{\"type\":\"string\",\"format\":\"date-time\"}",
                    "\"2024-05-31T14:30:00+02:00\"", "2024-05-31T14:30+02:00", "\"2024-05-31T14:30+02:00\"",
                    "\"2024-05-31T14:30:00\""),
            new Case("OffsetTime", "{\"type\":\"string\",\"format\":\"time\"}", "\"14:30:00+02:00\"", "14:30+02:00",
                    "\"14:30+02:00\"", "\"14:30\""),
            new Case("ZonedDateTime", "{\"type\":\"string\",\"format\":\"date-time\"}",
                    "\"2024-05-31T14:30:00+02:00[Europe/Paris]\"", "2024-05-31T14:30+02:00[Europe/Paris]",
                    "\"2024-05-31T12:30:00Z\"", "\"2024-05-31T14:30:00\""),
            new Case("Instant", "{\"type\":\"string\",\"format\":\"date-time\"}", "\"2024-05-31T12:30:00Z\"",
                    "2024-05-31T12:30:00Z", "\"2024-05-31T12:30:00.000Z\"", "\"2024-05-31\""),
            new Case("Duration", "{\"type\":\"string\",\"format\":\"duration\"}", "\"PT15M\"", "PT15M",
                    "\"pt15m\"", "15"),
            new Case("Period", "{\"type\":\"string\",\"pattern\":\"^-?P(-?[0-9]+[YMWD])+$\"}", "\"P1Y2M3D\"", "P1Y2M3D",
                    "\"P2W\"", "\"PT15M\""),
            new Case("Year", "{\"type\":\"integer\",\"minimum\":-999999999,\"maximum\":999999999}", "2024", "2024",
                    "\"2024\"", "2024.5"),
            new Case("YearMonth", "{\"type\":\"string\",\"pattern\":\"^-?[0-9]{4,9}-[0-9]{2}$\"}", "\"2024-05\"",
                    "2024-05", "\" 2024-05\"", "\"2024-13\""),
            new Case("MonthDay", "{\"type\":\"string\",\"pattern\":\"^--[0-9]{2}-[0-9]{2}$\"}", "\"--05-31\"",
                    "--05-31", "\"05-31\"", "\"--02-30\""),
            new Case("ZoneId", "{\"type\":\"string\",\"pattern\":\"^[A-Za-z0-9/_+:-]+$\"}", "\"Europe/Paris\"",
                    "Europe/Paris", "\"UTC\"", "\"Mars/Olympus\""),
            new Case("ZoneOffset", "{\"type\":\"string\",\"pattern\":\"^(Z|[+-][0-9]{2}:[0-9]{2}(:[0-9]{2})?)$\"}",
                    "\"+02:00\"", "+02:00", "\"Z\"", "\"+25:00\"")}) {
            CASES.put(c.type(), c);
        }
    }

    private static Compiled compiled;
    private static Toolkit tools;

    @BeforeAll
    static void compile() {
        StringBuilder src = new StringBuilder("import java.time.*;\n\npublic class Times {\n");
        StringBuilder record = new StringBuilder();
        for (Case c : CASES.values()) {
            String name = Character.toLowerCase(c.type().charAt(0)) + c.type().substring(1);
            src.append("    @Tool public ").append(c.type()).append(' ').append(name).append("(").append(c.type())
                    .append(" value) { return value; }\n");
            record.append(record.length() == 0 ? "" : ", ").append(c.type()).append(' ').append(name);
        }
        src.append("    public record All(").append(record).append(") {}\n");
        src.append("    @Tool public All all(All value) { return value; }\n");
        src.append("    @Tool public String defaults(@Param(defaultValue = \"2024\") Year year,"
                + " @Param(defaultValue = \"\\\"--12-25\\\"\") MonthDay day,"
                + " @Param(defaultValue = \"\\\"Europe/Oslo\\\"\") ZoneId zone) { return year + \" \" + day + \" \""
                + " + zone; }\n}\n");
        compiled = Compiled.of(Sources.with(Sources.example("Times", src.toString()),
                Sources.resource("com.example.answers.Timetable")));
        tools = compiled.toolkit("com.example.TimesTools", "com.example.Times");
    }

    private static String name(Case c) {
        return Character.toLowerCase(c.type().charAt(0)) + c.type().substring(1);
    }

    private static ToolResult call(String tool, String arguments) throws Exception {
        return tools.dispatch(Compiled.toolCall(tool, arguments));
    }

    @Test
    void everyTypeIsAToolParameterWithItsSchemaAndItsLenientReading() throws Exception {
        for (Case c : CASES.values()) {
            ToolSpec spec = tools.resolve(name(c)).orElseThrow();
            assertThat(spec.parameters().get("properties").get("value")).as(c.type())
                    .isEqualTo(JSON.readTree(c.schema()));
            ToolResult ok = call(name(c), "{\"value\": " + c.written() + "}");
            assertThat(ok.isError()).as("%s: %s", c.type(), ok.content()).isFalse();
            assertThat(ok.content()).as(c.type()).isEqualTo(c.read());
            ToolResult lenient = call(name(c), "{\"value\": " + c.lenient() + "}");
            assertThat(lenient.isError()).as("%s read %s: %s", c.type(), c.lenient(), lenient.content()).isFalse();
            ToolResult refused = call(name(c), "{\"value\": " + c.refused() + "}");
            assertThat(refused.isError()).as("%s refuses %s", c.type(), c.refused()).isTrue();
            assertThat(refused.content()).as(c.type()).contains("parameter 'value' must be");
        }
    }

    @Test
    void everyTypeIsReadInsideARecordAndWrittenBack() throws Exception {
        StringBuilder args = new StringBuilder();
        for (Case c : CASES.values()) {
            args.append(args.length() == 0 ? "" : ", ").append('"').append(name(c)).append("\": ").append(c.written());
        }
        ToolResult r = call("all", "{\"value\": {" + args + "}}");
        assertThat(r.isError()).as(r.content()).isFalse();
        JsonNode back = JSON.readTree(r.content());
        for (Case c : CASES.values()) {
            assertThat(back.get(name(c)).asText()).as(c.type()).isEqualTo(c.read());
        }
        assertThat(back.get("year").isInt()).isTrue();
    }

    @Test
    void defaultsOfTheNewTypesAreCheckedAndUsed() throws Exception {
        assertThat(call("defaults", "{}").content()).isEqualTo("2024 --12-25 Europe/Oslo");
    }

    @Test
    void everyTypeIsReadInAnAnswerAndItsExampleParses() {
        AnswerType<?> type = (AnswerType<?>) compiled.instance("com.example.answers.TimetableAnswer");
        String text = """
                {"day": "2024-05-31", "departs": "14:30", "boarding": "2024-05-31T14:10:00",
                 "announced": "2024-05-30T09:00:00+02:00", "closes": "14:25:00+02:00",
                 "arrives": "2024-05-31T18:05:00+01:00[Europe/London]", "recorded": "2024-05-30T07:00:00Z",
                 "journey": "PT3H35M", "validity": "P1M", "season": "2024", "month": "2024-05",
                 "anniversary": "05-31", "zone": "Europe/Paris", "offset": "+01:00", "stops": ["15:10", "16:45:30"]}""";
        ParsedAnswer<?> p = type.parse(text);
        assertThat(p.errors()).isEmpty();
        assertThat(p.value().orElseThrow().toString()).isEqualTo("Timetable[day=2024-05-31, departs=14:30,"
                + " boarding=2024-05-31T14:10, announced=2024-05-30T09:00+02:00, closes=14:25+02:00,"
                + " arrives=2024-05-31T18:05+01:00[Europe/London], recorded=2024-05-30T07:00:00Z, journey=PT3H35M,"
                + " validity=P1M, season=2024, month=2024-05, anniversary=--05-31, zone=Europe/Paris, offset=+01:00,"
                + " stops=[15:10, 16:45:30]]");
        assertThat(type.parse(text.replace("\"2024-05\"", "\"May 2024\"")).errors())
                .extracting(e -> e.path()).containsExactly("$.month");
        String instructions = type.formatInstructions();
        String example = instructions.substring(instructions.indexOf('{', instructions.indexOf("xample")));
        assertThat(type.parse(example).errors()).as(instructions).isEmpty();
        assertThat(type.schemaJson(SchemaDialect.OPENAI_STRICT)).contains("\"format\":\"time\"",
                "\"pattern\":\"^--[0-9]{2}-[0-9]{2}$\"");
    }
}
