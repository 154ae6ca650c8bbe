package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.internal.answer.AnswerFinder;
import dev.calltype.runtime.internal.answer.Shape;
import dev.calltype.runtime.support.AnswerSupport;
import dev.calltype.runtime.support.AnswerTexts;
import dev.calltype.runtime.support.DirectShape;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An answer type whose members are all plain and required is bound straight from the text when it fits as written
 * ({@code DirectShape}); every other answer goes through the JSON tree. Whatever the text, the result (value,
 * errors, repairs, ignored members, correction prompt) is the one the tree readers alone give.
 */
class DirectBindingTest {

    private static final String JSON = """
            {"id": "SH-1", "parcels": 3, "weightGrams": 12000, "volume": 0.75, "value": 149.90, "fragile": true,
             "shipped": "2024-06-01", "carrier": "COURIER",
             "stops": [{"city": "Lyon", "order": 1}, {"city": "Turin", "order": 2}],
             "labels": ["oversize", "priority", "oversize"],
             "to": {"street": "Via \\"Roma\\" 1\\nscala B", "city": "Milan", "country": "IT"},
             "note": "ring twice", "floor": 3}""";

    private static Compiled compiled;
    private static AnswerType<?> shipment;
    private static AnswerTexts texts;
    private static Method read;
    private static Shape shape;

    @BeforeAll
    static void compile() throws Exception {
        List<JavaFileObject> sources = new ArrayList<>(Sources.annotations());
        sources.add(Sources.resource("com.example.answers.Shipment"));
        compiled = Compiled.of(sources.toArray(new JavaFileObject[0]));
        shipment = (AnswerType<?>) compiled.instance("com.example.answers.ShipmentAnswer");
        Class<?> generated = shipment.getClass();
        Field t = generated.getDeclaredField("TEXTS");
        t.setAccessible(true);
        texts = (AnswerTexts) t.get(null);
        read = generated.getDeclaredMethod("read", JsonNode.class, List.class);
        read.setAccessible(true);
        Field d = generated.getDeclaredField("DIRECT");
        d.setAccessible(true);
        Method s = DirectShape.class.getDeclaredMethod("shape");
        s.setAccessible(true);
        shape = (Shape) s.invoke(d.get(null));
    }

    /** What the tree readers alone make of the text. */
    private static ParsedAnswer<Object> throughTheTree(AnswerTexts texts, Method read, String text) {
        return AnswerSupport.parse(text, texts, (node, problems) -> {
            try {
                return read.invoke(null, node, problems);
            } catch (InvocationTargetException e) {
                throw (RuntimeException) e.getCause();
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        });
    }

    private static void sameAsTheTree(String text) {
        sameAsTheTree(shipment, texts, read, text);
    }

    private static void sameAsTheTree(AnswerType<?> type, AnswerTexts texts, Method read, String text) {
        ParsedAnswer<?> direct = type.parse(text);
        ParsedAnswer<Object> tree = throughTheTree(texts, read, text);
        assertThat(direct.value()).as("value of %s", text).isEqualTo(tree.value());
        assertThat(direct.errors()).as("errors of %s", text).isEqualTo(tree.errors());
        assertThat(direct.repairs()).as("repairs of %s", text).isEqualTo(tree.repairs());
        assertThat(direct.ignored()).as("ignored members of %s", text).isEqualTo(tree.ignored());
        assertThat(direct.correctionPrompt()).as("correction prompt of %s", text).isEqualTo(tree.correctionPrompt());
    }

    private static boolean boundDirectly(String text) {
        return candidates(text, shape).stream().anyMatch(c -> c.bound() != null);
    }

    /** The candidates a whole-text scan finds, in text order. */
    static List<AnswerFinder.Candidate> candidates(String text, Shape shape) {
        List<AnswerFinder.Candidate> out = new java.util.ArrayList<>();
        AnswerFinder.scan(text, ExtractionLimits.DEFAULTS, shape, 100, new AnswerFinder.Sink() {
            @Override
            public void candidate(AnswerFinder.Candidate candidate) {
                out.add(candidate);
            }

            @Override
            public void reset() {
                out.clear();
            }
        });
        return out;
    }

    @Test
    void onlyRecordsOfPlainMembersGetAShape() {
        assertThat(compiled.source("com.example.answers.ShipmentAnswer")).contains("DirectShape.record(");
        Compiled others = AnswerTypesTest.compiled();
        for (String type : List.of("RecipeAnswer", "InvoiceAnswer", "PaymentAnswer", "SentimentAnswer",
                "Outline_SectionAnswer")) {
            assertThat(others.source("com.example.answers." + type)).as(type).doesNotContain("DirectShape");
        }
    }

    @Test
    void anAnswerThatFitsAsWrittenIsBoundWithoutATree() {
        String text = "Here is the shipment:\n```json\n" + JSON + "\n```\nAnything else?";
        assertThat(boundDirectly(text)).isTrue();
        ParsedAnswer<?> parsed = shipment.parse(text);
        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.value().orElseThrow().toString()).isEqualTo("Shipment[id=SH-1, parcels=3,"
                + " weightGrams=12000, volume=0.75, value=149.90, fragile=true, shipped=2024-06-01, carrier=COURIER,"
                + " stops=[Stop[city=Lyon, order=1], Stop[city=Turin, order=2]], labels=[oversize, priority],"
                + " to=Address[street=Via \"Roma\" 1\nscala B, city=Milan, country=IT], note=Optional[ring twice],"
                + " floor=3]");
        sameAsTheTree(text);
    }

    @Test
    void repairedAnswersAreBoundWithTheSameRepairs() {
        List<String> repaired = List.of(
                JSON.replace("\"id\"", "id").replace("\"parcels\"", "parcels"),
                JSON.replace("\"SH-1\"", "'SH-1'"),
                JSON.replace("\"Lyon\"", "\u201CLyon\u201D"),
                JSON.replace("true", "True"),
                JSON.replace("\"IT\"}", "\"IT\",}").replace("\"priority\", \"oversize\"]", "\"priority\",]"),
                JSON.replace("\"carrier\"", "// the carrier\n\"carrier\"").replace("\"to\"", "/* where */ \"to\""));
        for (String json : repaired) {
            assertThat(boundDirectly(json)).as(json).isTrue();
            assertThat(shipment.parse(json).repairs()).as(json).isNotEmpty();
            sameAsTheTree(json);
        }
        String spaced = JSON.replace("\n", "\r\n\t\u00A0").replace(": ", " :  ");
        assertThat(boundDirectly(spaced)).isTrue();
        sameAsTheTree(spaced);
    }

    @Test
    void everyMemberKindAShapeTakesIsBoundAsTheTreeReadsIt() throws Exception {
        List<JavaFileObject> sources = new ArrayList<>(Sources.annotations());
        sources.add(Sources.resource("com.example.answers.Survey"));
        Compiled survey = Compiled.of(sources.toArray(new JavaFileObject[0]));
        assertThat(survey.source("com.example.answers.SurveyAnswer")).contains("DirectShape.record(");
        AnswerType<?> type = (AnswerType<?>) survey.instance("com.example.answers.SurveyAnswer");
        String json = """
                {"id": "6f1c2a4e-9b1d-4c3a-8f5e-2d7b9a0c1e34", "grade": "B", "score": 4.25, "weight": 0.5,
                 "responses": 120, "rounds": 3, "topics": ["PRICE", "SERVICE", "PRICE"],
                 "matrix": [["yes", "no"], [], ["maybe"]], "tags": ["q3"], "taken": "2024-06-01T10:15:30Z",
                 "length": "PT12M", "first": {"name": "Ada", "age": 36}, "last": null,
                 "pair": {"left": "north", "right": "south"}, "extra": [{"name": "Bo", "age": 41}]}""";
        ParsedAnswer<?> parsed = type.parse("Result:\n" + json);
        assertThat(parsed.errors()).isEmpty();
        assertThat(parsed.value().orElseThrow().toString()).isEqualTo("Survey[id=6f1c2a4e-9b1d-4c3a-8f5e-2d7b9a0c1e34,"
                + " grade=B, score=4.25, weight=0.5, responses=120, rounds=3, topics=[PRICE, SERVICE],"
                + " matrix=[[yes, no], [], [maybe]], tags=[q3], taken=2024-06-01T10:15:30Z, length=PT12M,"
                + " first=Person[name=Ada, age=36], last=null, pair=Pair[left=north, right=south],"
                + " extra=Optional[[Person[name=Bo, age=41]]]]");
        Field d = type.getClass().getDeclaredField("DIRECT");
        d.setAccessible(true);
        Method s = DirectShape.class.getDeclaredMethod("shape");
        s.setAccessible(true);
        Shape surveyShape = (Shape) s.invoke(d.get(null));
        assertThat(candidates(json, surveyShape).get(0).bound())
                .isNotNull();
        Field t = type.getClass().getDeclaredField("TEXTS");
        t.setAccessible(true);
        Method r = type.getClass().getDeclaredMethod("read", JsonNode.class, List.class);
        r.setAccessible(true);
        AnswerTexts surveyTexts = (AnswerTexts) t.get(null);
        for (String variant : List.of(json, json.replace("\"B\"", "\"BC\""), json.replace("120", "40000"),
                json.replace("300", "3000").replace("\"rounds\": 3", "\"rounds\": 300"),
                json.replace("\"PRICE\", \"SERVICE\"", "\"price\""), json.replace("[], ", "[null], "),
                json.replace("\"last\": null", "\"last\": {\"name\": \"Cy\", \"age\": 29}"),
                json.replace(", \"extra\": [{\"name\": \"Bo\", \"age\": 41}]", ""),
                json.replace("PT12M", "12 minutes"), json.replace("\"right\": \"south\"", "\"right\": 5"))) {
            sameAsTheTree(type, surveyTexts, r, variant);
        }
    }

    @Test
    void numbersWrittenPlainlyAreBoundAsTheCoercionsReadThem() {
        assertThat(boundDirectly(JSON)).isTrue();
        List<String> parcels = List.of("0", "-0", "7", "2147483647", "2147483648", "-2147483648", "-2147483649",
                "3.0", "3.00", "0.0", "3.", ".5", "-", "--3", "007", "00", "0.5", "1e2", "1E2", "1e0", "3e-0", "1.5e1",
                "\"3\"", "\" 7 \"", "\"1e2\"", "\"3.0\"", "3x", "3/*x*/", "3 // x\n", "-3", "99999999999999999999",
                "1.5.5", "3-", "3+", "null", "None", "true");
        List<String> weights = List.of("123456789012345678", "-123456789012345678", "999999999999999999",
                "1234567890123456789", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                "12000.0", "1.2e4", "\"12000\"", "0");
        List<String> values = List.of("0", "-0", "0.10", "-0.0", "149.9", "149.900", "100", "-149.90",
                "123456789.123456789", "12345678.1234567890", "1234567890123456.78", "0.000000000000000001",
                "0.0000000000000000001", "1e-3", "1.5E+2", "00.5", "0.", "\"149.90\"", "\" 1.50 \"", "1.0000000000000002",
                "99999999999999999.9", "-99999999999999999.9");
        for (String p : parcels) {
            sameAsTheTree(JSON.replace("\"parcels\": 3", "\"parcels\": " + p));
        }
        for (String w : weights) {
            sameAsTheTree(JSON.replace("\"weightGrams\": 12000", "\"weightGrams\": " + w));
        }
        for (String v : values) {
            sameAsTheTree(JSON.replace("\"value\": 149.90", "\"value\": " + v));
        }
        String plain = JSON.replace("\"parcels\": 3", "\"parcels\": 2147483647")
                .replace("\"weightGrams\": 12000", "\"weightGrams\": -999999999999999999")
                .replace("\"value\": 149.90", "\"value\": -0.00000000000000010");
        assertThat(boundDirectly(plain)).isTrue();
        assertThat(shipment.parse(plain).value().orElseThrow().toString())
                .contains("parcels=2147483647, weightGrams=-999999999999999999, volume=0.75, value=-1.0E-16,");
        sameAsTheTree(plain);
    }

    @Test
    void optionalAndNullableMembersLeftOutOrNullAreBound() {
        String nulls = JSON.replace("\"ring twice\"", "null").replace("\"floor\": 3", "\"floor\": None");
        String leftOut = JSON.replace(",\n \"note\": \"ring twice\", \"floor\": 3", "");
        for (String json : List.of(nulls, leftOut)) {
            assertThat(boundDirectly(json)).as(json).isTrue();
            assertThat(shipment.parse(json).value().orElseThrow().toString()).as(json)
                    .endsWith("note=Optional.empty, floor=null]");
            sameAsTheTree(json);
        }
    }

    @Test
    void answersThatDoNotFitAsWrittenGiveWhatTheTreeGives() {
        List<String> variants = List.of(
                JSON.replace("\"ring twice\"", "null").replace("\"floor\": 3", "\"floor\": None"),
                JSON.replace(",\n \"note\": \"ring twice\", \"floor\": 3", ""),
                JSON.replace("\"floor\": 3", "\"floor\": \"3rd\""),
                JSON.replace("\"floor\": 3", "\"floor\": [3]"),
                JSON.replace("\"ring twice\"", "[\"ring\"]"),
                JSON.replace("\"ring twice\"", "nil"),
                JSON.replace("\"ring twice\"", "\"ring\", \"note\": null"),
                JSON.replace("\"parcels\": 3", "\"parcels\": \"3\""),
                JSON.replace("\"parcels\": 3", "\"parcels\": 3.0"),
                JSON.replace("\"parcels\": 3", "\"parcels\": 3.5"),
                JSON.replace("\"parcels\": 3", "\"parcels\": -3"),
                JSON.replace("\"parcels\": 3", "\"parcels\": 1e10"),
                JSON.replace("\"parcels\": 3", "\"parcels\": null"),
                JSON.replace("\"parcels\": 3,", ""),
                JSON.replace("\"id\": \"SH-1\"", "\"id\": \"SH-1\", \"id\": \"SH-2\""),
                JSON.replace("\"id\": \"SH-1\"", "\"id\": 41"),
                JSON.replace("\"id\": \"SH-1\"", "\"id\": {\"n\": 1}"),
                JSON.replace("\"COURIER\"", "\"courier\""),
                JSON.replace("\"COURIER\"", "\"BOAT\""),
                JSON.replace("[\"oversize\", \"priority\", \"oversize\"]", "\"oversize\""),
                JSON.replace("[{\"city\": \"Lyon\", \"order\": 1},", "[null,"),
                JSON.replace("\"volume\": 0.75", "\"volume\": 1"),
                JSON.replace("\"volume\": 0.75", "\"volume\": -0.0"),
                JSON.replace("\"value\": 149.90", "\"value\": \"149.90\""),
                JSON.replace("\"value\": 149.90", "\"value\": 1.0000000000000002"),
                JSON.replace("\"weightGrams\": 12000", "\"weightGrams\": 123456789012345678"),
                JSON.replace("\"weightGrams\": 12000", "\"weightGrams\": 12345678901234567890"),
                JSON.replace("\"fragile\": true", "\"fragile\": \"yes\""),
                JSON.replace("2024-06-01", "2024-02-30"),
                JSON.replace("2024-06-01", "1 June 2024"),
                JSON.replace("\"to\":", "\"extra\": {\"deep\": [[[{\"x\": 1}]]]}, \"to\":"),
                JSON.replace("\"IT\"}}", "\"IT\", \"zip\": \"20121\"}}"),
                JSON.replace("\"stops\": [", "\"stops\": [,"),
                JSON.replace("\"Lyon\"", "\"Ly\\u006fn \\d\""),
                JSON.replace("\"Lyon\"", "\"Ly\u0001on\""),
                "{\"answer\": " + JSON + "}",
                "[" + JSON + "]",
                "\"" + JSON.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\"",
                "<think>draft: " + JSON.replace("SH-1", "SH-0") + "</think>\n" + JSON,
                JSON.replace("SH-1", "SH-0") + "\nCorrection:\n" + JSON,
                JSON + "\nor, with one stop less:\n" + JSON.replace("[{\"city\": \"Lyon\", \"order\": 1}, ", "["));
        for (String text : variants) {
            sameAsTheTree(text);
        }
    }

    @Test
    void everyCutAndEveryDeletedCharacterGivesWhatTheTreeGives() {
        String text = "Sure:\n```json\n" + JSON + "\n```\n";
        for (int cut = 0; cut <= text.length(); cut++) {
            sameAsTheTree(text.substring(0, cut));
        }
        Set<Character> inserted = new LinkedHashSet<>(List.of(',', '"', '}', ']', '{', '[', ':', 'x', '0', '\\'));
        for (int at = 0; at < JSON.length(); at++) {
            sameAsTheTree(JSON.substring(0, at) + JSON.substring(at + 1));
            for (char c : inserted) {
                sameAsTheTree(JSON.substring(0, at) + c + JSON.substring(at));
            }
        }
    }
}
