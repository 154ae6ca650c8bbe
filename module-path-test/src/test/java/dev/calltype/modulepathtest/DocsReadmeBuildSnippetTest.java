package dev.calltype.modulepathtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The "Use it in your build" snippets of docs/build.md say what this build does: the compiler plugin version this repository
 * pins, release 17, the processor on the processor path, this version; and the module declaration of this module's
 * program. (Building a project from the snippet with Maven 3.8 and 3.9 is {@code .ci/readme-build-check}.)
 */
class DocsReadmeBuildSnippetTest {

    private static final Path README = Path.of(System.getProperty("calltype.readme"));

    /** The body of the first {@code ```lang} block after the heading {@code ## title}. */
    private static String block(String title, String lang) throws Exception {
        List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
        int at = lines.indexOf("## " + title);
        assertThat(at).as("README heading ## " + title).isNotNegative();
        while (!lines.get(at).equals("```" + lang)) {
            at++;
        }
        List<String> body = new ArrayList<>();
        for (at++; !lines.get(at).equals("```"); at++) {
            body.add(lines.get(at));
        }
        return String.join("\n", body);
    }

    @Test
    void theMavenSnippetPinsWhatThisBuildUses() throws Exception {
        String pom = block("Use it in your build", "xml");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(pom.getBytes(StandardCharsets.UTF_8)));
        XPath x = XPathFactory.newInstance().newXPath();
        String compiler = "/project/build/plugins/plugin[artifactId='maven-compiler-plugin']";

        assertThat(x.evaluate(compiler + "/groupId", doc)).isEqualTo("org.apache.maven.plugins");
        assertThat(x.evaluate(compiler + "/version", doc))
                .isEqualTo(System.getProperty("calltype.compilerPluginVersion"));
        assertThat(x.evaluate(compiler + "/configuration/release", doc)).isEqualTo("17");
        assertThat(x.evaluate(compiler + "/configuration/annotationProcessorPaths/path/artifactId", doc))
                .isEqualTo("calltype-processor");
        assertThat(x.evaluate(compiler + "/configuration/annotationProcessorPaths/path/version", doc))
                .isEqualTo("${calltype.version}");
        assertThat(x.evaluate("/project/properties/*[local-name()='calltype.version']", doc))
                .isEqualTo(System.getProperty("calltype.version"));
        assertThat(x.evaluate("count(/project/dependencies/dependency[groupId='dev.calltype'])", doc)).isEqualTo("2");
        assertThat(x.evaluate("/project/dependencies/dependency[artifactId='calltype-runtime']/version", doc))
                .isEqualTo("${calltype.version}");
        assertThat(x.evaluate("/project/dependencies/dependency[artifactId='calltype-annotations']/version", doc))
                .isEqualTo("${calltype.version}");
    }

    @Test
    void theModuleSnippetDeclaresWhatThisModuleDeclares() throws Exception {
        String snippet = block("Use it in your build", "java");
        String own = Files.readString(Path.of("src/main/java/module-info.java"), StandardCharsets.UTF_8);
        for (String directive : List.of("requires dev.calltype.annotations;", "requires dev.calltype.runtime;")) {
            assertThat(snippet).contains(directive);
            assertThat(own).contains(directive);
        }
        assertThat(snippet).contains("opens com.example.weather to com.fasterxml.jackson.databind;");
        assertThat(own).contains("opens dev.calltype.modulepathtest to com.fasterxml.jackson.databind;");
    }
}
