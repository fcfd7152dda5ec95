package dev.stoa.calls;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.http.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** Zoom: OAuth authorization code for a user token, then POST /v2/users/me/meetings with it. */
public final class ZoomProvider implements MeetingProvider {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String clientId;
    private final String clientSecret;
    private final String apiUrl;
    private final String oauthUrl;

    public ZoomProvider(String clientId, String clientSecret, String apiUrl, String oauthUrl) {
        this.clientId = clientId;
        this.clientSecret = clientSecret;
        this.apiUrl = apiUrl;
        this.oauthUrl = oauthUrl;
    }

    @Override
    public String key() { return "zoom"; }

    @Override
    public boolean needsToken() { return true; }

    @Override
    public String authorizeUrl(String state, String redirectUri) {
        return oauthUrl + "/oauth/authorize?response_type=code&client_id=" + enc(clientId)
                + "&redirect_uri=" + enc(redirectUri) + "&state=" + enc(state);
    }

    @Override
    public String exchangeCode(String code, String redirectUri) throws ProviderException {
        String body = "grant_type=authorization_code&code=" + enc(code) + "&redirect_uri=" + enc(redirectUri);
        HttpRequest req = HttpRequest.newBuilder(URI.create(oauthUrl + "/oauth/token")).timeout(Duration.ofSeconds(15))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8)))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        JsonNode r = send(req, false);
        String token = r.path("access_token").asText("");
        if (token.isEmpty()) throw new ProviderException("Invalid Zoom credentials", false);
        return token;
    }

    @Override
    public String createMeeting(String token, boolean videoCall) throws ProviderException {
        String body = Json.write(Json.object().set("settings", Json.object().put("host_video", videoCall)
                .put("participant_video", videoCall).put("join_before_host", true)));
        HttpRequest req = HttpRequest.newBuilder(URI.create(apiUrl + "/v2/users/me/meetings")).timeout(Duration.ofSeconds(15))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        JsonNode r = send(req, true);
        String url = r.path("join_url").asText("");
        if (url.isEmpty()) throw new ProviderException("Failed to create call", false);
        return url;
    }

    private static JsonNode send(HttpRequest req, boolean tokenCall) throws ProviderException {
        try {
            HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 401 && tokenCall) throw new ProviderException("Invalid Zoom access token", true);
            if (r.statusCode() / 100 != 2) throw new ProviderException("Failed to create call", false);
            JsonNode n = Json.parseOrNull(r.body());
            if (n == null) throw new ProviderException("Failed to create call", false);
            return n;
        } catch (IOException e) {
            throw new ProviderException("Failed to create call", false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("Failed to create call", false);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
