package dev.stoa.github;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import dev.stoa.config.GithubConfig;
import dev.stoa.http.Json;
import dev.stoa.signin.SignInRefused;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * GitHub's OAuth web application flow (docs.github.com, "Authorizing OAuth apps"), with the OAuth
 * work done by Nimbus oauth2-oidc-sdk: the authorization request (scope user:email, state, PKCE S256),
 * the code exchanged at /login/oauth/access_token with the client's secret in the body, then GitHub's
 * REST API: GET /user (who) and GET /user/emails (which addresses GitHub has verified).
 */
final class GithubClient {

    record Start(URI url, String state, String verifier) {}

    /** Who GitHub says signed in: the verified primary address, or null when the primary one is not verified. */
    record Identity(long id, String login, String name, String email, boolean verified) {}

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final GithubConfig config;
    private final URI redirectUri;

    GithubClient(GithubConfig config, URI redirectUri) {
        this.config = config;
        this.redirectUri = redirectUri;
    }

    Start start() {
        State state = new State();
        CodeVerifier verifier = new CodeVerifier();
        AuthorizationRequest req = new AuthorizationRequest.Builder(ResponseType.CODE, new ClientID(config.clientId()))
                .endpointURI(web("/login/oauth/authorize")).redirectionURI(redirectUri).scope(new Scope("user:email")).state(state)
                .codeChallenge(verifier, CodeChallengeMethod.S256).build();
        return new Start(req.toURI(), state.getValue(), verifier.getValue());
    }

    Identity finish(String code, String verifier) throws SignInRefused {
        try {
            String token = exchange(code, verifier);
            JsonNode user = api("/user", token);
            JsonNode emails = api("/user/emails", token);
            JsonNode primary = null;
            for (JsonNode e : emails) if (e.path("primary").asBoolean(false)) primary = e;
            String email = primary == null ? null : primary.path("email").asText(null);
            boolean verified = primary != null && primary.path("verified").asBoolean(false);
            String name = user.path("name").isTextual() && !user.get("name").asText().isBlank() ? user.get("name").asText() : user.path("login").asText(null);
            return new Identity(user.path("id").asLong(), user.path("login").asText(null), name, email, verified);
        } catch (IOException e) {
            throw new SignInRefused("GitHub could not be reached (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignInRefused("interrupted");
        }
    }

    /** The code for an access token; GitHub answers a bad code with 200 and an error object. */
    private String exchange(String code, String verifier) throws SignInRefused, IOException {
        TokenRequest tr = new TokenRequest(web("/login/oauth/access_token"), new ClientSecretPost(new ClientID(config.clientId()),
                new Secret(config.clientSecret())), new AuthorizationCodeGrant(new AuthorizationCode(code), redirectUri, new CodeVerifier(verifier)));
        HTTPRequest http = tr.toHTTPRequest();
        http.setAccept("application/json"); // else GitHub answers form-encoded
        http.setConnectTimeout(5_000);
        http.setReadTimeout(10_000);
        HTTPResponse resp = http.send();
        try {
            var body = resp.getBodyAsJSONObject();
            if (resp.getStatusCode() != 200 || body.containsKey("error")) {
                throw new SignInRefused("GitHub refused the code: " + body.getOrDefault("error", "HTTP " + resp.getStatusCode()));
            }
            return AccessTokenResponse.parse(body).getTokens().getAccessToken().getValue();
        } catch (ParseException e) {
            throw new SignInRefused("GitHub's token answer could not be read");
        }
    }

    /** GitHub's REST API as its docs ask: a bearer token, its media type and API version, a User-Agent. */
    private JsonNode api(String path, String token) throws SignInRefused, IOException, InterruptedException {
        HttpRequest r = HttpRequest.newBuilder(URI.create(config.apiUrl().toString().replaceAll("/+$", "") + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + token).header("Accept", "application/vnd.github+json")
                .header("X-GitHub-Api-Version", "2022-11-28").header("User-Agent", "Stoa").GET().build();
        HttpResponse<String> resp = HTTP.send(r, HttpResponse.BodyHandlers.ofString());
        if (resp.statusCode() != 200) throw new SignInRefused("GitHub's API answered HTTP " + resp.statusCode() + " for " + path);
        JsonNode n = Json.parseOrNull(resp.body());
        if (n == null) throw new SignInRefused("GitHub's API answer for " + path + " could not be read");
        return n;
    }

    private URI web(String path) {
        return URI.create(config.webUrl().toString().replaceAll("/+$", "") + path);
    }
}
