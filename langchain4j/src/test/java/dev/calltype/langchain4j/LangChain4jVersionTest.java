package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.chat.ChatModel;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The module's tests run twice, on the newest langchain4j-core and on 1.19 (see the module's pom): each run checks
 * that the core it was given is the one on the class path, so that neither run tests the other's core unawares.
 */
class LangChain4jVersionTest {

    @Test
    void theTestsRunOnTheCoreTheirRunNames() throws IOException {
        String expected = System.getProperty("calltype.langchain4j-core");
        assertThat(expected).as("the run names its langchain4j-core (system property calltype.langchain4j-core)")
                .isNotBlank();
        Properties pom = new Properties();
        try (InputStream in = ChatModel.class.getClassLoader()
                .getResourceAsStream("META-INF/maven/dev.langchain4j/langchain4j-core/pom.properties")) {
            assertThat(in).as("langchain4j-core's pom.properties").isNotNull();
            pom.load(in);
        }
        assertThat(pom.getProperty("version")).isEqualTo(expected);
        assertThat(ChatModel.class.getProtectionDomain().getCodeSource().getLocation().toString())
                .contains("langchain4j-core-" + expected + ".jar");
    }
}
