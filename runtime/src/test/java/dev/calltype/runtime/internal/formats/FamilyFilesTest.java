package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.WireFormat;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The family files as a whole: each has its test class, every format is shown by a case, ids are unique. */
class FamilyFilesTest {

    /** Files whose test class is not named after the file (it is named after the recognizer it exercises). */
    private static final Map<String, String> CLASS_NAMES = Map.of(
            "embedded-json", "ProseJsonTest",
            "pythonic", "PythonicLineTest",
            "regressions", "RegressionCasesTest");

    static String testClass(String family) {
        String named = CLASS_NAMES.get(family);
        if (named != null) {
            return named;
        }
        StringBuilder b = new StringBuilder();
        for (String part : family.split("-")) {
            b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return b.append("Test").toString();
    }

    @Test
    void everyFamilyFileHasItsTestClass() throws ClassNotFoundException {
        for (String f : FamilyCases.families()) {
            Class<?> c = Class.forName(FamilyFilesTest.class.getPackageName() + "." + testClass(f));
            assertThat(FamilyCases.class).as(f).isAssignableFrom(c);
        }
    }

    @Test
    void everyTextFormatIsTheFormatOfSomeCase() {
        Set<WireFormat> shown = EnumSet.noneOf(WireFormat.class);
        for (String f : FamilyCases.families()) {
            for (FamilyCases.Case c : FamilyCases.cases(f)) {
                if (c.spec().has("format")) {
                    shown.add(WireFormat.valueOf(c.spec().get("format").asText()));
                }
            }
        }
        assertThat(shown).containsAll(EnumSet.complementOf(EnumSet.of(WireFormat.NATIVE)));
    }

    @Test
    void caseIdsAreUnique() {
        Set<String> ids = new HashSet<>();
        for (String f : FamilyCases.families()) {
            for (FamilyCases.Case c : FamilyCases.cases(f)) {
                assertThat(ids.add(c.id())).as(c.id()).isTrue();
            }
        }
    }
}
