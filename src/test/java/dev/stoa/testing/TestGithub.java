package dev.stoa.testing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.stoa.http.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A stand-in for GitHub, which cannot run on this machine: its OAuth web application flow and the two
 * REST endpoints a sign-in reads, each request checked against GitHub's documentation, every
 * departure recorded in {@link #violations()} (and answered with an error, so the flow fails too).
 * <ul>
 * <li>docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps: GET
 * /login/oauth/authorize (client_id; redirect_uri must be the registered callback; scope; state;
 * PKCE code_challenge with code_challenge_method=S256), back to redirect_uri with code and state (or
 * error=access_denied); POST /login/oauth/access_token (client_id, client_secret, code, redirect_uri,
 * code_verifier; Accept: application/json for a JSON answer), a code valid once for ten minutes,
 * errors as 200 with error / error_description / error_uri (bad_verification_code,
 * incorrect_client_credentials, redirect_uri_mismatch).</li>
 * <li>docs.github.com/en/rest/users/users#get-the-authenticated-user and
 * docs.github.com/en/rest/users/emails#list-email-addresses-for-the-authenticated-user: GET /user
 * and GET /user/emails with Authorization: Bearer, a User-Agent (required: docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api#user-agent),
 * X-GitHub-Api-Version 2022-11-28; /user/emails needs the user:email scope (404 without it);
 * 401 "Bad credentials" for an unknown token.</li>
 * </ul>
 */
public final class TestGithub implements AutoCloseable {
    /** A GitHub account: its emails as [address, verified, primary]. */
    public record Account(long id, String login, String name, List<Object[]> emails) {}

    private record Grant(String login, String redirectUri, String challenge, String scope, long expiresAtMillis) {}

    private final HttpServer server;
    private final String clientId, clientSecret;
    /** The OAuth app's registered authorization callback URL. */
    private volatile String callback;
    private final Map<String, Account> accounts = new ConcurrentHashMap<>();
    private final Map<String, Grant> codes = new ConcurrentHashMap<>();
    private final Map<String, Grant> tokens = new ConcurrentHashMap<>();
    private final List<String> violations = Collections.synchronizedList(new ArrayList<>());
    /** The account signed in at GitHub in the browser; null: the person presses "Cancel" (access_denied). */
    public volatile String signedIn;

    public TestGithub(String clientId, String clientSecret) {
        this.clientId = clientId;
        this.clientSecret = clientSecret;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/login/oauth/authorize", this::authorize);
        server.createContext("/login/oauth/access_token", this::accessToken);
        server.createContext("/api/v3/user", this::api);
        server.start();
    }

    public String webUrl() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    public String apiUrl() { return webUrl() + "/api/v3"; }

    public void add(Account a) { accounts.put(a.login(), a); }

    /** Registers the OAuth app's callback URL, as its settings page at GitHub does. */
    public void registerCallback(String url) { this.callback = url; }

    public List<String> violations() { return List.copyOf(violations); }

    private void authorize(HttpExchange x) throws IOException {
        Map<String, String> q = query(x.getRequestURI().getRawQuery());
        if (!x.getRequestMethod().equals("GET")) { violation(x, 405, "authorize must be a GET (a browser redirect)"); return; }
        if (!clientId.equals(q.get("client_id"))) { violation(x, 404, "unknown client_id " + q.get("client_id")); return; }
        String redirect = q.getOrDefault("redirect_uri", callback);
        if (!redirect.equals(callback)) { violation(x, 400, "redirect_uri " + redirect + " is not the registered callback"); return; }
        String scope = q.getOrDefault("scope", "");
        if (!List.of(scope.split("[ ,]")).contains("user:email")) { violation(x, 400, "scope lacks user:email, needed for /user/emails"); return; }
        if (q.get("state") == null || q.get("state").length() < 16) { violation(x, 400, "no unguessable state"); return; }
        if (!"S256".equals(q.get("code_challenge_method")) || q.get("code_challenge") == null
                || !q.get("code_challenge").matches("[A-Za-z0-9_-]{43}")) {
            violation(x, 400, "PKCE: code_challenge (43 base64url characters) with code_challenge_method=S256 expected");
            return;
        }
        String state = URLEncoder.encode(q.get("state"), StandardCharsets.UTF_8);
        if (signedIn == null) {
            redirect(x, redirect + "?error=access_denied&error_description=" + URLEncoder.encode("The user has denied your application access.",
                    StandardCharsets.UTF_8) + "&state=" + state);
            return;
        }
        String code = UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        codes.put(code, new Grant(signedIn, redirect, q.get("code_challenge"), scope, System.currentTimeMillis() + 600_000));
        redirect(x, redirect + "?code=" + code + "&state=" + state);
    }

    private void accessToken(HttpExchange x) throws IOException {
        if (!x.getRequestMethod().equals("POST")) { violation(x, 404, "access_token must be a POST"); return; }
        String type = x.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.startsWith("application/x-www-form-urlencoded")) { violation(x, 400, "form-encoded body expected, got " + type); return; }
        if (!"application/json".equals(x.getRequestHeaders().getFirst("Accept"))) { violation(x, 400, "Accept: application/json expected for a JSON answer"); return; }
        Map<String, String> f = query(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        if (x.getRequestHeaders().getFirst("Authorization") != null) { violation(x, 400, "OAuth apps send client_id and client_secret in the body"); return; }
        if (!clientId.equals(f.get("client_id")) || !clientSecret.equals(f.get("client_secret"))) {
            error(x, "incorrect_client_credentials", "The client_id and/or client_secret passed are incorrect.");
            return;
        }
        Grant g = f.get("code") == null ? null : codes.remove(f.get("code"));
        if (g == null || g.expiresAtMillis() < System.currentTimeMillis()) { error(x, "bad_verification_code", "The code passed is incorrect or expired."); return; }
        if (!g.redirectUri().equals(f.get("redirect_uri"))) { error(x, "redirect_uri_mismatch", "The redirect_uri MUST match the registered callback URL for this application."); return; }
        if (f.get("code_verifier") == null || !s256(f.get("code_verifier")).equals(g.challenge())) { error(x, "bad_verification_code", "The code passed is incorrect or expired."); return; }
        String token = "gho_" + UUID.randomUUID().toString().replace("-", "");
        tokens.put(token, g);
        json(x, 200, Json.object().put("access_token", token).put("token_type", "bearer").put("scope", g.scope()));
    }

    private void api(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath().substring("/api/v3".length());
        if (!x.getRequestMethod().equals("GET")) { violation(x, 404, "GET expected"); return; }
        if (x.getRequestHeaders().getFirst("User-Agent") == null) { violation(x, 403, "the REST API requires a User-Agent header"); return; }
        String version = x.getRequestHeaders().getFirst("X-GitHub-Api-Version");
        if (version != null && !version.equals("2022-11-28")) { violation(x, 400, "unsupported X-GitHub-Api-Version " + version); return; }
        String auth = x.getRequestHeaders().getFirst("Authorization");
        Grant g = auth != null && auth.matches("(?i)(bearer|token) .+") ? tokens.get(auth.substring(auth.indexOf(' ') + 1)) : null;
        if (g == null) {
            json(x, 401, Json.object().put("message", "Bad credentials").put("documentation_url", "https://docs.github.com/rest"));
            return;
        }
        Account a = accounts.get(g.login());
        switch (path) {
            case "/user" -> json(x, 200, Json.object().put("login", a.login()).put("id", a.id()).put("name", a.name())
                    .put("email", a.emails().isEmpty() ? null : (String) a.emails().getFirst()[0]).put("type", "User"));
            case "/user/emails" -> {
                if (!List.of(g.scope().split("[ ,]")).contains("user:email")) { json(x, 404, Json.object().put("message", "Not Found")); return; }
                ArrayNode list = Json.array();
                for (Object[] e : a.emails()) {
                    list.addObject().put("email", (String) e[0]).put("verified", (Boolean) e[1]).put("primary", (Boolean) e[2]).put("visibility", "private");
                }
                json(x, 200, list);
            }
            default -> json(x, 404, Json.object().put("message", "Not Found"));
        }
    }

    private static String s256(String verifier) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void violation(HttpExchange x, int status, String what) throws IOException {
        violations.add(x.getRequestMethod() + " " + x.getRequestURI().getPath() + ": " + what);
        json(x, status, Json.object().put("message", what));
    }

    private static void error(HttpExchange x, String code, String description) throws IOException {
        // GitHub answers token errors with 200 and an error object
        json(x, 200, Json.object().put("error", code).put("error_description", description)
                .put("error_uri", "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors"));
    }

    private static void redirect(HttpExchange x, String location) throws IOException {
        x.getResponseHeaders().add("Location", location);
        x.sendResponseHeaders(302, -1);
        x.close();
    }

    private static void json(HttpExchange x, int status, Object body) throws IOException {
        byte[] b = Json.bytes(body);
        x.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
        x.close();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) return out;
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            out.put(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
