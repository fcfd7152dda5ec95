package dev.stoa.markdown;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * TeX rendering through the npm {@code katex} package in a long-lived Node helper speaking
 * line-delimited JSON, like Zulip's KaTeX helper. The server's directory comes from its
 * configuration (--katex-dir, STOA_KATEX_DIR); {@link #defaultDir} is system property
 * {@code stoa.katex.dir}, else {@code ~/.cache/stoa/katex}. It must contain
 * {@code node_modules/katex} (see {@link #install}).
 * When node or katex is missing, or a call fails or times out, {@link #render} returns null and
 * the caller emits Zulip's {@code tex-error} fallback, so rendering never depends on Node.
 */
public final class Katex {
    public static final String KATEX_VERSION = "0.16.22";
    private static final long TIMEOUT_MS = 3000;
    /** The first answer of a new helper includes Node's start and loading katex: seconds on a loaded machine. */
    private static final long FIRST_TIMEOUT_MS = 30_000;
    private static final int MAX_TEX = 2000;
    private static final Pattern EVENT_ATTR = Pattern.compile("<[^>]*\\son[a-z]+\\s*=");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** One helper process per directory in this JVM (several servers in one test JVM share it). */
    private static final Map<Path, Katex> BY_DIR = new ConcurrentHashMap<>();
    private static final String SERVER_JS = """
            const katex = require('katex');
            const rl = require('readline').createInterface({ input: process.stdin });
            rl.on('line', (line) => {
              let out;
              try {
                const req = JSON.parse(line);
                const html = katex.renderToString(req.tex, { displayMode: !!req.display, throwOnError: true,
                  trust: false, maxExpand: 1000, maxSize: 100, strict: 'ignore' });
                out = { html };
              } catch (e) { out = { error: String(e && e.message || e) }; }
              process.stdout.write(JSON.stringify(out) + '\\n');
            });
            """;

    private final Path dir;
    private Process process;
    private BufferedReader reader;
    private OutputStream writer;
    private boolean unavailable;
    private boolean answered;
    private final ExecutorService io = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "stoa-katex-io");
        t.setDaemon(true);
        return t;
    });

    public Katex(Path dir) {
        this.dir = dir;
    }

    public static Katex shared() {
        return at(defaultDir());
    }

    /** The helper for katex installed in {@code dir}. */
    public static Katex at(Path dir) {
        return BY_DIR.computeIfAbsent(dir.toAbsolutePath().normalize(), Katex::new);
    }

    public static Path defaultDir() {
        String p = System.getProperty("stoa.katex.dir");
        if (p == null || p.isBlank()) {
            p = System.getProperty("user.home") + "/.cache/stoa/katex";
        }
        return Path.of(p);
    }

    /** Installs katex into {@code dir} with npm (a build/CI step, never done implicitly per message). */
    public static boolean install(Path dir) {
        if (Files.isRegularFile(dir.resolve("node_modules/katex/package.json"))) {
            return true;
        }
        try {
            Files.createDirectories(dir);
            Process p = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--prefix", dir.toString(),
                    "katex@" + KATEX_VERSION).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Build/CI step: {@code java -cp stoa.jar dev.stoa.markdown.Katex [dir]} installs katex for the server. */
    public static void main(String[] args) {
        Path dir = args.length > 0 ? Path.of(args[0]) : defaultDir();
        boolean ok = install(dir);
        System.out.println((ok ? "katex ready in " : "katex install FAILED in ") + dir);
        System.exit(ok ? 0 : 1);
    }

    public boolean available() {
        return Files.isRegularFile(dir.resolve("node_modules/katex/package.json"));
    }

    /** HTML for {@code tex}, or null when it is invalid TeX or no KaTeX runtime is usable. */
    public synchronized String render(String tex, boolean display) {
        if (unavailable || tex.length() > MAX_TEX || !available()) {
            return null;
        }
        try {
            ensureStarted();
            String request = JSON.writeValueAsString(Map.of("tex", tex, "display", display));
            writer.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            writer.flush();
            Future<String> line = io.submit(reader::readLine);
            String response = line.get(answered ? TIMEOUT_MS : FIRST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            answered = true;
            if (response == null) {
                stop();
                return null;
            }
            JsonNode node = JSON.readTree(response);
            String html = node.path("html").asText(null);
            return html != null && looksSafe(html) ? html : null;
        } catch (Exception e) {
            stop(); // a hung or broken helper is restarted on the next call
            return null;
        }
    }

    private static boolean looksSafe(String html) {
        String lower = html.toLowerCase(Locale.ROOT);
        return !lower.contains("<script") && !lower.contains("javascript:") && !EVENT_ATTR.matcher(lower).find();
    }

    private void ensureStarted() throws IOException {
        if (process != null && process.isAlive()) {
            return;
        }
        Path script = dir.resolve("stoa-katex-server.js");
        if (!Files.exists(script) || !Files.readString(script).equals(SERVER_JS)) {
            Files.writeString(script, SERVER_JS);
        }
        try {
            process = new ProcessBuilder("node", script.toString()).directory(dir.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            unavailable = true; // no node on this machine
            throw e;
        }
        reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        writer = process.getOutputStream();
    }

    private void stop() {
        if (process != null) {
            process.destroyForcibly();
            process = null;
        }
        answered = false; // the next helper starts cold again
    }
}
