package dev.stoa.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SAML 2.0 sign-in (Zulip's SOCIAL_AUTH_SAML_ENABLED_IDPS), one identity provider: the provider's
 * name in Zulip's URLs (/accounts/login/social/saml/{name}), its entity ID, its single sign-on URL
 * (the HTTP-Redirect binding), the certificate its signatures must verify with, Stoa's own entity ID
 * (the external URL unless set), the button's name and icon, and the attributes carrying the email
 * address and the names (Zulip's attr_email, attr_first_name, attr_last_name and their defaults), and
 * custom profile fields set from attributes at each sign-in (Zulip's SOCIAL_AUTH_SYNC_CUSTOM_ATTRS_DICT:
 * {@code custom_profile_field__<name>} → attribute, as --ldap-attr-map names them).
 */
public record SamlConfig(String idpName, String idpEntityId, URI idpUrl, String idpCertPem, String spEntityId, String displayName,
                         String displayIcon, String attrEmail, String attrFirstName, String attrLastName, Map<String, String> profileAttrs) {
    public static final String PROFILE_PREFIX = "custom_profile_field__";

    static final String[] NAMES = {"saml-idp-name", "saml-idp-entity-id", "saml-idp-url", "saml-idp-cert-file", "saml-sp-entity-id",
            "saml-display-name", "saml-display-icon", "saml-attr-email", "saml-attr-first-name", "saml-attr-last-name", "saml-attr-map"};

    /**
     * Every configured identity provider: the one the saml-* flags describe, then each table of the TOML file
     * --saml-idps-file names ([name] with the same keys without "saml-": idp-url, idp-entity-id, idp-cert-file,
     * display-name, attr-email…), as Zulip's SOCIAL_AUTH_SAML_ENABLED_IDPS holds several. Names are unique.
     */
    static List<SamlConfig> all(Map<String, String> v) {
        List<SamlConfig> out = new ArrayList<>();
        SamlConfig flags = from(v);
        if (flags != null) out.add(flags);
        String file = v.get("saml-idps-file");
        if (file != null && !file.isBlank()) out.addAll(fromFile(Path.of(file.strip())));
        Set<String> names = new HashSet<>();
        for (SamlConfig c : out) if (!names.add(c.idpName())) throw new Config.ConfigError("two SAML identity providers are named '" + c.idpName() + "'");
        return List.copyOf(out);
    }

    private static List<SamlConfig> fromFile(Path file) {
        JsonNode root;
        try {
            root = new TomlMapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new Config.ConfigError("--saml-idps-file: cannot read " + file + " as TOML");
        }
        List<SamlConfig> out = new ArrayList<>();
        for (var table : root.properties()) {
            if (!table.getValue().isObject()) throw new Config.ConfigError(file + ": '" + table.getKey() + "' must be a table ([name] with idp-url, idp-entity-id…)");
            Map<String, String> v = new HashMap<>();
            v.put("saml-idp-name", table.getKey());
            for (var e : table.getValue().properties()) {
                String key = "saml-" + e.getKey();
                if (!Arrays.asList(NAMES).contains(key) || key.equals("saml-idp-name")) {
                    throw new Config.ConfigError(file + ": unknown key '" + e.getKey() + "' in [" + table.getKey() + "]");
                }
                if (!e.getValue().isValueNode()) throw new Config.ConfigError(file + ": '" + e.getKey() + "' must be a string");
                v.put(key, e.getValue().asText());
            }
            SamlConfig c = from(v);
            if (c == null) throw new Config.ConfigError(file + ": [" + table.getKey() + "] needs idp-url");
            out.add(c);
        }
        return out;
    }

    /** null when --saml-idp-url is not set. */
    static SamlConfig from(Map<String, String> v) {
        String url = v.get("saml-idp-url");
        if (url == null || url.isBlank()) return null;
        URI u = SignInConfig.uri(url, "saml-idp-url", "https?", "https://idp.example.com/saml2/sso");
        String entityId = v.get("saml-idp-entity-id"), certFile = v.get("saml-idp-cert-file");
        if (entityId == null || entityId.isBlank() || certFile == null || certFile.isBlank()) {
            throw new Config.ConfigError("SAML needs --saml-idp-entity-id and --saml-idp-cert-file (the identity provider's signing certificate, PEM)");
        }
        String name = v.getOrDefault("saml-idp-name", "idp").strip();
        if (!name.matches("[A-Za-z0-9_-]{1,40}")) throw new Config.ConfigError("--saml-idp-name must be letters, digits, '-' or '_', got '" + name + "'");
        return new SamlConfig(name, entityId.strip(), u, readCert(certFile), blankToNull(v.get("saml-sp-entity-id")),
                v.getOrDefault("saml-display-name", "SAML"), v.get("saml-display-icon"), v.getOrDefault("saml-attr-email", "email"),
                v.getOrDefault("saml-attr-first-name", "first_name"), v.getOrDefault("saml-attr-last-name", "last_name"),
                profileAttrs(v.getOrDefault("saml-attr-map", "")));
    }

    /** custom_profile_field__phone=phoneNumber,… → {phone: phoneNumber, …} (the field's name as LDAP's map keys it). */
    private static Map<String, String> profileAttrs(String spec) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String pair : spec.split(",")) {
            if (pair.isBlank()) continue;
            String[] kv = pair.strip().split("=", 2);
            if (kv.length != 2 || !kv[0].strip().startsWith(PROFILE_PREFIX) || kv[0].strip().length() == PROFILE_PREFIX.length() || kv[1].isBlank()) {
                throw new Config.ConfigError("--saml-attr-map must look like custom_profile_field__phone=phoneNumber, got '" + spec + "'");
            }
            m.put(kv[0].strip().substring(PROFILE_PREFIX.length()), kv[1].strip());
        }
        return Map.copyOf(m);
    }

    /** The certificate file's PEM, checked at start-up so that a wrong file stops the server rather than every sign-in. */
    static String readCert(String file) {
        String pem;
        try {
            pem = Files.readString(Path.of(file)).strip();
        } catch (IOException e) {
            throw new Config.ConfigError("--saml-idp-cert-file: cannot read " + file);
        }
        try {
            CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
        } catch (CertificateException e) {
            throw new Config.ConfigError("--saml-idp-cert-file: " + file + " holds no X.509 certificate (PEM)");
        }
        return pem;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** Stoa's entity ID: the configured one, else the server's external URL (Zulip's SOCIAL_AUTH_SAML_SP_ENTITY_ID default). */
    public String spEntityId(String externalUrl) {
        return spEntityId != null ? spEntityId : externalUrl;
    }

    public SamlConfig withIdpUrl(URI url) {
        return new SamlConfig(idpName, idpEntityId, url, idpCertPem, spEntityId, displayName, displayIcon, attrEmail, attrFirstName, attrLastName,
                profileAttrs);
    }
}
