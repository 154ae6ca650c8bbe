package dev.calltype.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Real interoperability peers (MCP servers, the MCP Inspector, OpenAI mock servers) installed from the npm
 * registry into a folder under {@code target/} at test time.
 *
 * <p>Where {@code npm} is missing, the calling test is skipped with the reason printed on standard error. When
 * the environment variable {@value #REQUIRE} is {@code 1} (as {@code .ci/run} sets it) such a skip is a failure
 * instead, so CI can never pass with the interoperability tests left out. A failed install is always a failure:
 * it means the registry or the package is broken, not that the machine lacks npm.
 */
public final class Npm {

    /** The environment variable that turns a skip for want of npm into a failure. */
    public static final String REQUIRE = "CALLTYPE_REQUIRE_NPM";

    private static final long INSTALL_MINUTES = 10;
    private static final String STAMP = ".calltype-installed";

    private Npm() {
    }

    /** An install folder: {@code node_modules} below it. */
    public record Installed(Path dir) {

        /** The executable {@code node_modules/.bin/name}; fails the test when the packages did not provide it. */
        public Path bin(String name) {
            Path bin = dir.resolve("node_modules").resolve(".bin").resolve(name);
            if (!Files.isExecutable(bin)) {
                Assertions.fail("npm packages in " + dir + " provide no executable " + name);
            }
            return bin;
        }

        /** A file of an installed package, {@code node_modules/<package>/<path>}. */
        public Path file(String packageName, String path) {
            Path file = dir.resolve("node_modules").resolve(packageName).resolve(path);
            if (!Files.exists(file)) {
                Assertions.fail("npm package " + packageName + " in " + dir + " has no " + path);
            }
            return file;
        }
    }

    /**
     * Installs {@code packages} (each {@code name@version}; pin versions) into {@code dir} unless the same list is
     * installed there already, and returns the folder. Skips the test when npm is missing (fails under
     * {@value #REQUIRE}=1); fails it when the install fails.
     */
    public static synchronized Installed install(Path dir, String... packages) {
        String npm = requireNpm();
        String wanted = String.join("\n", packages);
        Path stamp = dir.resolve(STAMP);
        try {
            if (Files.isRegularFile(stamp) && Files.readString(stamp, StandardCharsets.UTF_8).equals(wanted)) {
                return new Installed(dir);
            }
            Files.createDirectories(dir);
            List<String> command = new ArrayList<>(List.of(npm, "install", "--prefix", dir.toString(), "--no-audit",
                    "--no-fund", "--loglevel=error"));
            command.addAll(Arrays.asList(packages));
            Path log = dir.resolve("npm-install.log");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(INSTALL_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                Assertions.fail("npm install " + wanted.replace('\n', ' ') + " did not finish in " + INSTALL_MINUTES
                        + " minutes (log: " + log + ")");
            }
            if (p.exitValue() != 0) {
                Assertions.fail("npm install " + wanted.replace('\n', ' ') + " failed with exit " + p.exitValue()
                        + ":\n" + tail(log));
            }
            Files.writeString(stamp, wanted, StandardCharsets.UTF_8);
            return new Installed(dir);
        } catch (IOException e) {
            return Assertions.fail("npm install into " + dir + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Assertions.fail("interrupted while installing npm packages");
        }
    }

    /** The {@code node} executable, with the same skip-or-fail rule as npm. */
    public static String node() {
        requireNpm();
        return "node";
    }

    /** Skips the test with {@code reason} printed, or fails it when {@value #REQUIRE}=1. */
    public static void unavailable(String reason) {
        System.err.println("[interop test skipped] " + reason);
        if ("1".equals(System.getenv(REQUIRE))) {
            Assertions.fail(reason + " (" + REQUIRE + "=1: interoperability tests may not be skipped)");
        }
        Assumptions.abort(reason);
    }

    private static String requireNpm() {
        for (String candidate : List.of("npm", "npm.cmd")) {
            if (runs(candidate, "--version") && runs("node", "--version")) {
                return candidate;
            }
        }
        unavailable("npm and node are not on the PATH; install Node.js 20 to run the interoperability tests");
        throw new AssertionError("unreachable");
    }

    private static boolean runs(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }
}
