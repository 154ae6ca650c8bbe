package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.testing.ExtractionFixtures;
import dev.calltype.runtime.testing.Streams;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The README's table of every family the serving engines parse: each example whose status is "recognised" is one
 * call to {@code get_weather {"city": "Oslo"}}, in batch and in streaming; every other row says why.
 */
class ReadmeFamilyTableTest {

    /** One row: family, example (code span removed, {@code \|} unescaped, ⏎ a line break), status. */
    record Row(String family, String example, String status) {
        @Override
        public String toString() {
            return family;
        }
    }

    static List<Row> rows() throws IOException {
        String readme = Files.readString(Path.of("..", "docs", "extraction.md"), StandardCharsets.UTF_8);
        int from = readme.indexOf("<!-- family-table:start -->");
        int to = readme.indexOf("<!-- family-table:end -->");
        assertThat(from).isPositive();
        List<Row> rows = new ArrayList<>();
        for (String line : readme.substring(from, to).split("\n")) {
            if (!line.startsWith("| ") || line.startsWith("| family") || line.startsWith("|---")) {
                continue;
            }
            List<String> cells = cells(line);
            rows.add(new Row(cells.get(0), code(cells.get(2)).replace("\u23CE", "\n"), cells.get(3)));
        }
        return rows;
    }

    /** The cells of a table row, split at the bars not escaped as {@code \|}. */
    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '|') {
                out.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        return out;
    }

    private static String code(String cell) {
        if (cell.startsWith("`` ") && cell.endsWith(" ``")) {
            return cell.substring(3, cell.length() - 3);
        }
        if (cell.startsWith("`") && cell.endsWith("`") && cell.length() > 1) {
            return cell.substring(1, cell.length() - 1);
        }
        return cell;
    }

    @TestFactory
    Stream<DynamicTest> everyRecognisedExampleIsOneCallToGetWeather() throws IOException {
        return rows().stream().filter(r -> r.status().startsWith("recognised")).map(r ->
                DynamicTest.dynamicTest(r.family(), () -> {
                    Extraction x = ExtractionFixtures.extract(r.example());
                    ExtractionFixtures.onlyCall(x, "get_weather", "{\"city\": \"Oslo\"}");
                    assertThat(x.text()).as(r.example()).isBlank();
                    assertThat(Streams.mismatch(x, Streams.run(ExtractionFixtures.EXTRACTOR, Streams.chunks(r.example(), 1))))
                            .as("streamed one character at a time").isNull();
                }));
    }

    @Test
    void everyRowNotRecognisedSaysWhy() throws IOException {
        List<Row> rows = rows();
        assertThat(rows).hasSizeGreaterThan(40);
        for (Row r : rows) {
            if (!r.status().startsWith("recognised")) {
                assertThat(r.status()).as(r.family()).startsWith("not ").contains(":");
            }
        }
    }
}
