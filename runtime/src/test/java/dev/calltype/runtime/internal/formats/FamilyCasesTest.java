package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;

import dev.calltype.runtime.WireFormat;

import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case file under {@code src/test/resources/families/}: each file's cases get every check of
 * {@link FamilyCases} (one container per file, found in the directory, so a new family's file is tested by being
 * there); across the files, every text format is shown by some case and ids are unique.
 */
class FamilyCasesTest {

    @TestFactory
    Stream<DynamicContainer> everyCaseFileGetsEveryCheck() {
        return FamilyCases.files().stream().map(f -> dynamicContainer(f, new FamilyCases(f).checks()));
    }

    @Test
    void theFilesAreFound() {
        assertThat(FamilyCases.files()).contains("hermes", "regressions").hasSizeGreaterThan(40);
    }

    @Test
    void everyTextFormatIsTheFormatOfSomeCase() {
        Set<WireFormat> shown = EnumSet.noneOf(WireFormat.class);
        for (String f : FamilyCases.files()) {
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
        for (String f : FamilyCases.files()) {
            for (FamilyCases.Case c : FamilyCases.cases(f)) {
                assertThat(ids.add(c.id())).as(c.id()).isTrue();
            }
        }
    }

    /** A check written as a JUnit test method in {@link FamilyCases} would run nowhere: it belongs in its list. */
    @Test
    void everyCheckOfFamilyCasesIsInItsList() {
        for (Method m : FamilyCases.class.getDeclaredMethods()) {
            assertThat(m.isAnnotationPresent(Test.class) || m.isAnnotationPresent(TestFactory.class))
                    .as(m.getName() + " is a JUnit method; add it to FamilyCases.checks() instead").isFalse();
        }
    }
}
