package dev.calltype.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NpmTest {

    private static final Path DIR = Path.of("target", "npm-selftest");

    @Test
    void installedPackageIsUsableFromNodeAndASecondInstallReusesIt() throws Exception {
        Npm.Installed installed = Npm.install(DIR, "is-number@7.0.0");
        Path index = installed.file("is-number", "index.js");
        Process p = new ProcessBuilder(Npm.node(), "-e",
                "process.stdout.write(String(require(process.argv[1])('42')))", index.toAbsolutePath().toString())
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals("true", new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));

        long stamped = Files.getLastModifiedTime(DIR.resolve(".calltype-installed")).toMillis();
        Npm.install(DIR, "is-number@7.0.0");
        assertEquals(stamped, Files.getLastModifiedTime(DIR.resolve(".calltype-installed")).toMillis(),
                "the same package list is not installed twice");
    }
}
