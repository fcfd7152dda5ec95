package dev.stoa.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Date;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ID token checks OidcClient asks of Nimbus's validator, on tokens made here: a good one passes;
 * a forged signature, another key, "none", an HMAC with the client secret, another issuer, another
 * audience, an expired one and a nonce mismatch are each refused. The provider's JWKS is served from
 * a loopback HTTP server, as the validator fetches it in production.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdTokenUnitTest {
    static final String ISSUER = "https://idp.example.com", CLIENT = "stoa", SECRET = "a-client-secret-of-at-least-32-bytes!!";
    private RSAKey key, otherKey;
    private HttpServer jwks;
    private IDTokenValidator validator;

    @BeforeAll
    void start() throws Exception {
        key = new RSAKeyGenerator(2048).keyID("k1").generate();
        otherKey = new RSAKeyGenerator(2048).keyID("k1").generate();
        byte[] body = new JWKSet(key.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
        jwks = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        jwks.createContext("/jwks", ex -> {
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        jwks.start();
        validator = OidcClient.validator(new Issuer(ISSUER), CLIENT, URI.create("http://127.0.0.1:" + jwks.getAddress().getPort() + "/jwks").toURL());
    }

    @AfterAll
    void stop() {
        jwks.stop(0);
    }

    private JWTClaimsSet.Builder claims() {
        Date now = new Date();
        return new JWTClaimsSet.Builder().issuer(ISSUER).subject("alice").audience(CLIENT).issueTime(now)
                .expirationTime(new Date(now.getTime() + 300_000)).claim("nonce", "n-1");
    }

    private SignedJWT signed(RSAKey k, JWTClaimsSet c) throws Exception {
        SignedJWT t = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(k.getKeyID()).build(), c);
        t.sign(new RSASSASigner(k));
        return t;
    }

    @Test
    void aGoodTokenPasses() throws Exception {
        assertThat(validator.validate(signed(key, claims().build()), new Nonce("n-1")).getSubject().getValue()).isEqualTo("alice");
    }

    @Test
    void everyForgeryIsRefused() throws Exception {
        Nonce nonce = new Nonce("n-1");
        assertThatThrownBy(() -> validator.validate(signed(otherKey, claims().build()), nonce)).hasMessageContaining("Signed JWT rejected");
        SignedJWT tampered = SignedJWT.parse(signed(key, claims().build()).serialize());
        String[] parts = tampered.serialize().split("\\.");
        String forgedBody = Base64.getUrlEncoder().withoutPadding().encodeToString(claims().subject("mallory").build().toString()
                .getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> validator.validate(SignedJWT.parse(parts[0] + "." + forgedBody + "." + parts[2]), nonce))
                .hasMessageContaining("Signed JWT rejected");
        assertThatThrownBy(() -> validator.validate(new PlainJWT(claims().build()), nonce)).hasMessageContaining("Signed ID token expected");
        SignedJWT hmac = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims().build());
        hmac.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> validator.validate(hmac, nonce)).hasMessageContaining("Signed JWT rejected");
    }

    @Test
    void wrongIssuerAudienceExpiryOrNonceAreRefused() throws Exception {
        Nonce nonce = new Nonce("n-1");
        assertThatThrownBy(() -> validator.validate(signed(key, claims().issuer("https://evil.example.com").build()), nonce))
                .hasMessageContaining("Unexpected JWT issuer");
        assertThatThrownBy(() -> validator.validate(signed(key, claims().audience("another-client").build()), nonce))
                .hasMessageContaining("Unexpected JWT audience");
        Date past = new Date(System.currentTimeMillis() - 3_600_000);
        assertThatThrownBy(() -> validator.validate(signed(key, claims().issueTime(past).expirationTime(new Date(past.getTime() + 60_000)).build()), nonce))
                .hasMessageContaining("Expired JWT");
        assertThatThrownBy(() -> validator.validate(signed(key, claims().build()), new Nonce("another-flow"))).hasMessageContaining("nonce");
    }
}
