package dev.stoa.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.UserInfoRequest;
import com.nimbusds.openid.connect.sdk.UserInfoResponse;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.claims.UserInfo;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import dev.stoa.config.OidcConfig;
import dev.stoa.signin.SignInRefused;
import java.io.IOException;
import java.net.URI;
import java.net.URL;

/**
 * The OpenID Connect protocol, done by Nimbus's OAuth 2.0 / OIDC SDK: the provider's metadata
 * (discovery), the authorization request (code flow, PKCE S256, state, nonce), the code's exchange
 * (client_secret_basic, the verifier), the ID token's validation (signature against the provider's
 * JWKS, issuer, audience, expiry, nonce) and the UserInfo claims for the same subject.
 */
final class OidcClient {
    /** What the provider vouches for. */
    record Identity(String subject, String email, boolean emailVerified, String name) {}


    record Start(URI url, String state, String nonce, String verifier) {}

    private final OidcConfig config;
    private final URI redirectUri;
    private volatile OIDCProviderMetadata metadata;
    private volatile IDTokenValidator validator;

    OidcClient(OidcConfig config, URI redirectUri) {
        this.config = config;
        this.redirectUri = redirectUri;
    }

    private OIDCProviderMetadata metadata() throws SignInRefused {
        if (metadata == null) {
            try {
                OIDCProviderMetadata m = OIDCProviderMetadata.resolve(new Issuer(config.issuer()), 5_000, 10_000);
                validator = validator(m.getIssuer(), config.clientId(), m.getJWKSetURI().toURL());
                metadata = m;
            } catch (IOException | GeneralException e) {
                throw new SignInRefused("the identity provider's configuration could not be read (" + e.getClass().getSimpleName() + ")");
            }
        }
        return metadata;
    }

    /**
     * What an ID token must be: signed with RS256 (never "none", never the client secret's HMAC) by a
     * key of the provider's JWKS, from its issuer, for this client, unexpired, with the flow's nonce.
     */
    static IDTokenValidator validator(Issuer issuer, String clientId, URL jwks) {
        // the library's default JWKS timeouts (half a second) are too short for a provider on a busy network
        return new IDTokenValidator(issuer, new ClientID(clientId), JWSAlgorithm.RS256, jwks,
                new DefaultResourceRetriever(5_000, 10_000));
    }

    Start start() throws SignInRefused {
        OIDCProviderMetadata m = metadata();
        State state = new State();
        Nonce nonce = new Nonce();
        CodeVerifier verifier = new CodeVerifier();
        AuthenticationRequest req = new AuthenticationRequest.Builder(ResponseType.CODE, new Scope("openid", "email", "profile"),
                new ClientID(config.clientId()), redirectUri).endpointURI(m.getAuthorizationEndpointURI()).state(state).nonce(nonce)
                .codeChallenge(verifier, CodeChallengeMethod.S256).build();
        return new Start(req.toURI(), state.getValue(), nonce.getValue(), verifier.getValue());
    }

    Identity finish(String code, String nonce, String verifier) throws SignInRefused {
        OIDCProviderMetadata m = metadata();
        try {
            TokenRequest tr = new TokenRequest(m.getTokenEndpointURI(), new ClientSecretBasic(new ClientID(config.clientId()), new Secret(config.clientSecret())),
                    new AuthorizationCodeGrant(new AuthorizationCode(code), redirectUri, new CodeVerifier(verifier)));
            TokenResponse resp = OIDCTokenResponseParser.parse(send(tr.toHTTPRequest()));
            if (!resp.indicatesSuccess()) {
                throw new SignInRefused("the identity provider refused the code: " + ((TokenErrorResponse) resp).getErrorObject().getCode());
            }
            OIDCTokenResponse ok = (OIDCTokenResponse) resp.toSuccessResponse();
            JWT idToken = ok.getOIDCTokens().getIDToken();
            IDTokenClaimsSet claims = validator.validate(idToken, new Nonce(nonce));
            UserInfo info = userInfo(m, ok.getOIDCTokens().getBearerAccessToken());
            if (info != null && !info.getSubject().equals(claims.getSubject())) throw new SignInRefused("UserInfo is about another subject");
            String email = claims.getStringClaim("email") != null ? claims.getStringClaim("email") : info == null ? null : info.getEmailAddress();
            Boolean verified = claims.getBooleanClaim("email_verified") != null ? claims.getBooleanClaim("email_verified")
                    : info == null ? null : info.getEmailVerified();
            String name = claims.getStringClaim("name") != null ? claims.getStringClaim("name") : info == null ? null : info.getName();
            return new Identity(claims.getSubject().getValue(), email, Boolean.TRUE.equals(verified), name);
        } catch (JOSEException | BadJOSEException e) {
            throw new SignInRefused("the ID token is not valid: " + e.getMessage());
        } catch (ParseException | IOException e) {
            throw new SignInRefused("the identity provider's answer could not be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static UserInfo userInfo(OIDCProviderMetadata m, BearerAccessToken token) throws IOException, ParseException, SignInRefused {
        if (m.getUserInfoEndpointURI() == null || token == null) return null;
        UserInfoResponse r = UserInfoResponse.parse(send(new UserInfoRequest(m.getUserInfoEndpointURI(), token).toHTTPRequest()));
        if (!r.indicatesSuccess()) throw new SignInRefused("the identity provider refused the UserInfo request");
        return r.toSuccessResponse().getUserInfo();
    }

    private static HTTPResponse send(HTTPRequest r) throws IOException {
        r.setConnectTimeout(5_000);
        r.setReadTimeout(10_000);
        return r.send();
    }
}
