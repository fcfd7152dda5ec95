package dev.stoa.cli;

import dev.stoa.app.Stoa;
import dev.stoa.config.Config;
import dev.stoa.ops.LogSetup;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * `stoa aot-train` (hidden; the `stoa` script runs it once per jar with -XX:AOTCacheOutput): the
 * training run of the JVM's ahead-of-time cache (JEP 483/514/515). It starts a server on an empty
 * database in a temporary directory (a first start), stops it and starts it again (a restart),
 * and makes the requests every client makes first, so that the classes they load and link, and
 * the methods they run, are in the cache. The cache halves the CPU time from process start to
 * the first answer; without it (or with a stale one, which the JVM refuses) the server starts all
 * the same, only slower.
 */
final class AotTraining {
    private AotTraining() {}

    /** Runs the training; throws when the server does not answer a request with 200 (the script then keeps no cache). */
    static void run() throws Exception {
        Path dir = Files.createTempDirectory("stoa-aot-train");
        try {
            String[] args = {"--port", "0", "--data-dir", dir.toString(), "--rate-limit-user", "100000", "--rate-limit-ip", "100000"};
            Config config = Config.parse(args, Map.of());
            LogSetup.use(config.ops().jsonLogs());
            try (Stoa first = Stoa.start(config, Clock.systemUTC())) {
                requests(first.port(), first.createdOwner().user().deliveryEmail(), first.createdOwner().user().apiKey());
            }
            try (Stoa again = Stoa.start(config, Clock.systemUTC())) {
                Map<String, String> rc = zuliprc(dir.resolve("zuliprc"));
                requests(again.port(), rc.get("email"), rc.get("key"));
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** What a client does first: the server's settings, itself, a queue and its events, the history, a message. */
    private static void requests(int port, String email, String key) throws IOException {
        String auth = "Basic " + Base64.getEncoder().encodeToString((email + ":" + key).getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 20; i++) {
            call(port, "GET", "/api/v1/server_settings", null, null);
            call(port, "GET", "/api/v1/users/me", auth, null);
        }
        String queue = call(port, "POST", "/api/v1/register", auth, "event_types=%5B%22message%22%5D");
        String queueId = queue.replaceAll("(?s).*\"queue_id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        call(port, "POST", "/api/v1/messages", auth, "type=stream&to=general&topic=training&content=**hello**+:smile:");
        call(port, "GET", "/api/v1/events?dont_block=true&last_event_id=-1&queue_id=" + queueId, auth, null);
        call(port, "GET", "/api/v1/messages?anchor=newest&num_before=20&num_after=0", auth, null);
    }

    /**
     * One HTTP/1.0 exchange on a plain socket: the training JVM is the server's, and a client library
     * here (java.net.http) would put its classes into the cache and into every start's memory.
     */
    private static String call(int port, String method, String path, String auth, String form) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            byte[] body = form == null ? new byte[0] : form.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n" + (auth == null ? "" : "Authorization: " + auth + "\r\n")
                    + (form == null ? "" : "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length + "\r\n") + "\r\n";
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            // A training that stops exercising the server would leave the cache half empty without a word.
            if (!answer.startsWith("HTTP/1.1 200") && !answer.startsWith("HTTP/1.0 200")) {
                throw new IllegalStateException(method + " " + path + " answered " + answer.lines().findFirst().orElse("nothing"));
            }
            return answer;
        }
    }

    private static Map<String, String> zuliprc(Path rc) throws IOException {
        Map<String, String> out = new HashMap<>();
        for (String line : Files.readAllLines(rc)) {
            int eq = line.indexOf('=');
            if (eq > 0) out.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
        return out;
    }
}
