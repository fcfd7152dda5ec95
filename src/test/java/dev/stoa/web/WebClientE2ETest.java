package dev.stoa.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The web client's browser scenarios (web/e2e/scenarios.e2e.ts: Playwright driving Debian's Chromium)
 * as part of `./stoa test`: `npm run e2e` against real Stoa processes that this JVM's java and class
 * path start (the client Maven just built is on it, under web/). Screenshots and the run's output:
 * target/web-e2e/. Skipped with -Dstoa.web.skip=true (no client built), and in the PostgreSQL pass
 * (the scenarios exercise the client, not the database: once is enough).
 */
class WebClientE2ETest {
    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void theBrowserScenariosPass() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("stoa.web.skip"), "-Dstoa.web.skip=true: the web client is not built");
        Assumptions.assumeFalse("postgres".equals(System.getProperty("stoa.test.db")), "the browser scenarios run in the SQLite pass");
        Path web = Path.of("web").toAbsolutePath();
        assertThat(web.resolve("node_modules/.bin/vitest")).as("npm ci ran in generate-resources").exists();
        assertThat(getClass().getResource("/web/index.html")).as("the built client is on the class path").isNotNull();
        Path chromium = Path.of(System.getenv().getOrDefault("CHROMIUM_PATH", "/usr/bin/chromium"));
        assertThat(chromium).as("Debian's chromium package (./stoa test's set-up, .ci/test-setup, installs it)").exists();

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String server = quote(java) + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx256m -cp " + quote(System.getProperty("java.class.path"))
                + " dev.stoa.cli.Main run --port {port} --data-dir {dataDir}";
        Path out = Path.of("target", "web-e2e").toAbsolutePath();
        Files.createDirectories(out);
        Path log = out.resolve("e2e.log");
        ProcessBuilder pb = new ProcessBuilder(List.of("npm", "run", "e2e")).directory(web.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("STOA_"));
        pb.environment().put("STOA_SERVER_CMD", server);
        pb.environment().put("CHROMIUM_PATH", chromium.toString());
        pb.environment().put("NO_COLOR", "1");
        long started = System.nanoTime();
        Process p = pb.start();
        try {
            if (!p.waitFor(18, TimeUnit.MINUTES)) fail("the browser scenarios did not finish in 18 minutes:\n" + tail(log));
        } finally {
            // The harness's Stoa and Chromium are the runner's descendants: none outlives a failure here.
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        System.out.printf("web e2e: %.1f s%n", (System.nanoTime() - started) / 1e9);
        if (p.exitValue() != 0) fail("npm run e2e failed (exit " + p.exitValue() + "):\n" + tail(log));
        assertThat(Files.readString(log)).contains("passed").doesNotContain(" failed");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static String tail(Path log) throws IOException {
        String s = Files.exists(log) ? Files.readString(log) : "";
        return s.length() > 12_000 ? "..." + s.substring(s.length() - 12_000) : s;
    }
}
