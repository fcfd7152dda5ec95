package dev.stoa.cli;

import dev.stoa.testing.TestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Runs `./stoa cmd args...` in-process against a test server's data directory (and PostgreSQL database, if any): a separate Core, like another process. */
public final class Cli {
    public record Result(int exit, String out, String err) {}

    private Cli() {}

    public static Result run(TestServer server, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--data-dir", server.dataDir.toString()));
        if (server.stoa.config().databaseUrl() != null) all.addAll(List.of("--database-url", server.stoa.config().databaseUrl()));
        all.addAll(List.of("--external-url", server.stoa.config().externalUrl()));
        return exec(all.toArray(String[]::new));
    }

    /** Runs `./stoa args...` in-process as given (no test server's options added). */
    public static Result exec(String... all) {
        PrintStream oldOut = System.out, oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        synchronized (Cli.class) { // System.out is global: one command at a time
            try {
                System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                int code = Main.exec(all);
                return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
            } finally {
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
        }
    }
}
