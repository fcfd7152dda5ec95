package dev.stoa.saml;

import com.onelogin.saml2.authn.AuthnRequest;
import com.onelogin.saml2.authn.SamlResponse;
import com.onelogin.saml2.settings.Saml2Settings;
import com.onelogin.saml2.settings.SettingsBuilder;
import com.onelogin.saml2.util.Constants;
import dev.stoa.config.SamlConfig;
import dev.stoa.signin.SignInRefused;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateEncodingException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The SAML 2.0 protocol, done by OneLogin's java-saml (as python3-saml does it for Zulip): the
 * AuthnRequest sent by the HTTP-Redirect binding, and the Response received by the HTTP-POST binding,
 * validated in strict mode: XML schema, a signature over the Response or the Assertion by the
 * configured certificate (the signed element being the one read: one Assertion, references checked,
 * SHA-1 refused), issuer, audience, destination and recipient, NotBefore / NotOnOrAfter (three
 * minutes' clock drift), and InResponseTo equal to the request this sign-in sent. The library's
 * parser refuses DTDs and entities.
 */
final class SamlClient {
    /** What the identity provider vouched for, from the configured attributes. */
    record Identity(String nameId, String email, String fullName, Map<String, String> profile) {}

    record Start(URI url, String requestId) {}

    private final SamlConfig config;
    private final String acsUrl;
    private final Saml2Settings settings;

    SamlClient(SamlConfig config, String externalUrl) {
        this.config = config;
        String base = externalUrl.replaceAll("/+$", "");
        this.acsUrl = base + "/complete/saml/";
        Map<String, Object> v = new HashMap<>();
        v.put(SettingsBuilder.STRICT_PROPERTY_KEY, true);
        v.put(SettingsBuilder.DEBUG_PROPERTY_KEY, false);
        v.put(SettingsBuilder.SP_ENTITYID_PROPERTY_KEY, config.spEntityId(base));
        v.put(SettingsBuilder.SP_ASSERTION_CONSUMER_SERVICE_URL_PROPERTY_KEY, acsUrl);
        v.put(SettingsBuilder.SP_ASSERTION_CONSUMER_SERVICE_BINDING_PROPERTY_KEY, Constants.BINDING_HTTP_POST);
        v.put(SettingsBuilder.SP_NAMEIDFORMAT_PROPERTY_KEY, Constants.NAMEID_UNSPECIFIED);
        v.put(SettingsBuilder.IDP_ENTITYID_PROPERTY_KEY, config.idpEntityId());
        v.put(SettingsBuilder.IDP_SINGLE_SIGN_ON_SERVICE_URL_PROPERTY_KEY, config.idpUrl().toString());
        v.put(SettingsBuilder.IDP_SINGLE_SIGN_ON_SERVICE_BINDING_PROPERTY_KEY, Constants.BINDING_HTTP_REDIRECT);
        v.put(SettingsBuilder.IDP_X509CERT_PROPERTY_KEY, config.idpCertPem());
        // A signature over the Response or over the Assertion will do (as Zulip's defaults); none is refused by the library.
        v.put(SettingsBuilder.SECURITY_WANT_MESSAGES_SIGNED, false);
        v.put(SettingsBuilder.SECURITY_WANT_ASSERTIONS_SIGNED, false);
        v.put(SettingsBuilder.SECURITY_AUTHREQUEST_SIGNED, false);
        v.put(SettingsBuilder.SECURITY_WANT_XML_VALIDATION, true);
        v.put(SettingsBuilder.SECURITY_REJECT_DEPRECATED_ALGORITHM, true);
        v.put(SettingsBuilder.SECURITY_REJECT_UNSOLICITED_RESPONSES_WITH_INRESPONSETO, true);
        v.put(SettingsBuilder.SECURITY_REQUESTED_AUTHNCONTEXT, ""); // leave the means of authentication to the provider
        this.settings = new SettingsBuilder().fromValues(v).build();
        List<String> problems = settings.checkSettings();
        if (!problems.isEmpty()) throw new IllegalArgumentException("SAML settings: " + problems);
    }

    /** The AuthnRequest, deflated and encoded for the redirect, and where to send the browser with it. */
    Start start(String relayState) throws SignInRefused {
        AuthnRequest request = new AuthnRequest(settings);
        String encoded;
        try {
            encoded = request.getEncodedAuthnRequest(true);
        } catch (IOException e) {
            throw new SignInRefused("the SAML request could not be made");
        }
        String sso = config.idpUrl().toString();
        URI url = URI.create(sso + (sso.contains("?") ? "&" : "?") + "SAMLRequest=" + URLEncoder.encode(encoded, StandardCharsets.UTF_8)
                + "&RelayState=" + URLEncoder.encode(relayState, StandardCharsets.UTF_8));
        return new Start(url, request.getId());
    }

    /** The POSTed SAMLResponse, validated as the answer to {@code requestId}; a refusal says what failed. */
    Identity finish(String samlResponse, String requestId) throws SignInRefused {
        SamlResponse response;
        try {
            response = new SamlResponse(settings, acsUrl, samlResponse);
        } catch (Exception e) { // not base64, not XML, a DTD or an entity
            throw new SignInRefused("the SAML response could not be read (" + e.getClass().getSimpleName() + ")");
        }
        if (!response.isValid(requestId)) throw new SignInRefused("the SAML response is not valid: " + response.getError());
        try {
            Map<String, List<String>> attrs = response.getAttributes();
            String email = first(attrs, config.attrEmail());
            String name = String.join(" ", Stream.of(first(attrs, config.attrFirstName()), first(attrs, config.attrLastName()))
                    .filter(s -> s != null && !s.isBlank()).toList());
            Map<String, String> profile = new LinkedHashMap<>();
            config.profileAttrs().forEach((field, attr) -> {
                String value = first(attrs, attr);
                if (value != null) profile.put(field, value);
            });
            return new Identity(response.getNameId(), email, name.isBlank() ? null : name, profile);
        } catch (Exception e) {
            throw new SignInRefused("the SAML response's attributes could not be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static String first(Map<String, List<String>> attrs, String name) {
        List<String> values = attrs.get(name);
        return values == null || values.isEmpty() ? null : values.getFirst().strip();
    }

    /** Stoa's SP metadata (entity ID, the POST assertion consumer service), for registering Stoa at the provider. */
    String metadata() {
        try {
            return settings.getSPMetadata();
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }
}
