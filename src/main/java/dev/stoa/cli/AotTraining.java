package dev.stoa.cli;

import dev.stoa.app.Stoa;
import dev.stoa.config.Config;
import dev.stoa.ops.LogSetup;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    /** The web client's client_capabilities (web/src/live.ts), so register's paths for them are trained. */
    private static final String WEB_CAPABILITIES = "{\"notification_settings_null\":true,\"bulk_message_deletion\":true,"
            + "\"user_avatar_url_field_optional\":false,\"stream_typing_notifications\":true,\"user_settings_object\":true,"
            + "\"empty_topic_name\":true,\"simplified_presence_events\":true,\"archived_channels\":false,\"linkifier_url_template\":true,"
            + "\"include_deactivated_groups\":false,\"user_list_incomplete\":false}";

    private AotTraining() {}

    /** Runs the training; throws when the server does not answer a request with 200 (the script then keeps no cache). */
    static void run() throws Exception {
        Path dir = Files.createTempDirectory("stoa-aot-train");
        try {
            String[] args = {"--port", "0", "--data-dir", dir.toString(), "--rate-limit-user", "100000", "--rate-limit-ip", "100000"};
            Config config = Config.parse(args, Map.of());
            LogSetup.use(config.ops().jsonLogs());
            String email;
            String password;
            try (Stoa first = Stoa.start(config, Clock.systemUTC())) {
                email = first.createdOwner().user().deliveryEmail();
                password = first.createdOwner().password();
                requests(first.port(), email, first.createdOwner().user().apiKey());
                signIn(first.port(), email, password);
            }
            try (Stoa again = Stoa.start(config, Clock.systemUTC())) {
                Map<String, String> rc = zuliprc(dir.resolve("zuliprc"));
                requests(again.port(), rc.get("email"), rc.get("key"));
                signIn(again.port(), email, password);
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
     * What a person's first sign-in does (issue 31: the first one after a start took seconds): the web client's
     * page and assets, its password sign-in and session register with the client's capabilities, and the
     * apps' fetch_api_key and full register, so the classes and methods of that path are in the cache too.
     */
    private static void signIn(int port, String email, String password) throws IOException {
        String page = call(port, "GET", "/", null, null);
        String csrf = cookie(page, "csrftoken");
        Matcher asset = Pattern.compile("/static/[A-Za-z0-9_.-]+").matcher(page);
        while (asset.find()) call(port, "GET", asset.group(), null, null, "Accept-Encoding: gzip\r\n");
        String creds = "username=" + URLEncoder.encode(email, StandardCharsets.UTF_8) + "&password=" + URLEncoder.encode(password, StandardCharsets.UTF_8);
        String login = call(port, "POST", "/accounts/login/", null, creds, "Cookie: csrftoken=" + csrf + "\r\nX-CSRFToken: " + csrf + "\r\n");
        String session = "Cookie: csrftoken=" + cookie(login, "csrftoken") + "; sessionid=" + cookie(login, "sessionid") + "\r\nX-CSRFToken: "
                + cookie(login, "csrftoken") + "\r\n";
        call(port, "POST", "/json/register", null, "apply_markdown=true&client_gravatar=true&slim_presence=true&include_subscribers=false"
                + "&client_capabilities=" + URLEncoder.encode(WEB_CAPABILITIES, StandardCharsets.UTF_8), session);
        call(port, "GET", "/json/messages?anchor=newest&num_before=50&num_after=0&apply_markdown=true", null, null, session);
        String key = call(port, "POST", "/api/v1/fetch_api_key", null, creds).replaceAll("(?s).*\"api_key\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        String auth = "Basic " + Base64.getEncoder().encodeToString((email + ":" + key).getBytes(StandardCharsets.UTF_8));
        call(port, "POST", "/api/v1/register", auth, "apply_markdown=true&client_gravatar=false");
    }

    /** The value of a cookie an answer sets (the training's own exchanges: the server sets both it signs in with). */
    private static String cookie(String answer, String name) {
        Matcher m = Pattern.compile("(?im)^Set-Cookie: (?:__Host-)?" + name + "=([^;\r\n]*)").matcher(answer);
        if (!m.find()) throw new IllegalStateException("no " + name + " cookie in " + answer.lines().findFirst().orElse("nothing"));
        return m.group(1);
    }

    private static String call(int port, String method, String path, String auth, String form) throws IOException {
        return call(port, method, path, auth, form, "");
    }

    /**
     * One HTTP/1.0 exchange on a plain socket: the training JVM is the server's, and a client library
     * here (java.net.http) would put its classes into the cache and into every start's memory.
     */
    private static String call(int port, String method, String path, String auth, String form, String headers) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            byte[] body = form == null ? new byte[0] : form.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n" + (auth == null ? "" : "Authorization: " + auth + "\r\n")
                    + (form == null ? "" : "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length + "\r\n") + headers + "\r\n";
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
