package dev.stoa.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Starts one of the identity providers in src/test/idp (npm packages run by node): `npm ci` on first use, then the script, ready when it logs "IDP READY". */
final class NodeIdp {
    static final Path DIR = Path.of("src/test/idp").toAbsolutePath();

    private NodeIdp() {}

    /** `module`: a package the script needs (installed when missing); `name`: for errors. */
    static Process start(String name, String module, List<String> command, Map<String, String> env) {
        try {
            if (!Files.isDirectory(DIR.resolve("node_modules").resolve(module))) {
                Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(DIR.toFile()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) throw new IllegalStateException("npm ci in " + DIR + " failed");
            }
            Path log = Files.createTempFile("stoa-idp", ".log");
            ProcessBuilder pb = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(env);
            Process process = pb.start();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
            while (!Files.readString(log).contains("IDP READY")) {
                if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                    process.destroy();
                    throw new IllegalStateException("the " + name + " provider did not start:\n" + Files.readString(log));
                }
                Thread.sleep(50); // polling its log for readiness, with a deadline
            }
            return process;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
