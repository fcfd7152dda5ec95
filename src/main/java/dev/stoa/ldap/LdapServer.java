package dev.stoa.ldap;

import com.unboundid.ldap.sdk.BindResult;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.extensions.StartTLSExtendedRequest;
import com.unboundid.util.ssl.HostNameSSLSocketVerifier;
import com.unboundid.util.ssl.PEMFileTrustManager;
import com.unboundid.util.ssl.SSLUtil;
import com.unboundid.util.ssl.TrustStoreTrustManager;
import dev.stoa.config.LdapConfig;
import java.io.File;
import java.security.GeneralSecurityException;
import java.security.KeyStoreException;
import javax.net.ssl.TrustManager;

/**
 * The directory's protocol, through the UnboundID LDAP SDK: connections (plain, LDAPS or StartTLS
 * with the host name verified), finding a username's entry (a DN built from the template with the
 * username escaped as an RDN value, or a search whose filter has it escaped as an assertion value:
 * an injected {@code *)(uid=*} matches nothing), and checking a password by binding as the entry.
 */
final class LdapServer {
    private final LdapConfig config;

    LdapServer(LdapConfig config) {
        this.config = config;
    }

    LDAPConnection connect() throws LDAPException {
        LDAPConnectionOptions options = new LDAPConnectionOptions();
        options.setConnectTimeoutMillis(5_000);
        options.setResponseTimeoutMillis(10_000);
        options.setSSLSocketVerifier(new HostNameSSLSocketVerifier(false)); // the certificate must name the URL's host
        int port = config.url().getPort() > 0 ? config.url().getPort() : config.url().getScheme().equals("ldaps") ? 636 : 389;
        try {
            if (config.url().getScheme().equals("ldaps")) {
                return new LDAPConnection(ssl().createSSLSocketFactory(), options, config.url().getHost(), port);
            }
            LDAPConnection c = new LDAPConnection(options, config.url().getHost(), port);
            if (config.startTls()) {
                var r = c.processExtendedOperation(new StartTLSExtendedRequest(ssl().createSSLContext()));
                if (r.getResultCode() != ResultCode.SUCCESS) {
                    c.close();
                    throw new LDAPException(r.getResultCode(), "StartTLS refused: " + r.getDiagnosticMessage());
                }
            }
            return c;
        } catch (GeneralSecurityException e) {
            throw new LDAPException(ResultCode.CONNECT_ERROR, "TLS set-up failed: " + e.getMessage(), e);
        }
    }

    private SSLUtil ssl() throws KeyStoreException {
        TrustManager trust = config.caFile() == null ? new TrustStoreTrustManager(System.getProperty("java.home") + "/lib/security/cacerts")
                : new PEMFileTrustManager(new File(config.caFile()));
        return new SSLUtil(trust);
    }

    /** The username's entry, with every attribute the mapping names; null when there is none (or more than one). */
    SearchResultEntry find(LDAPConnection c, String username, String[] attributes) throws LDAPException {
        if (config.userDnTemplate() != null) {
            String dn = config.userDnTemplate().replace("%(user)s", rdnValue(username));
            if (config.bindDn() != null) c.bind(config.bindDn(), config.bindPassword());
            try {
                return c.getEntry(dn, attributes);
            } catch (LDAPException e) {
                if (e.getResultCode() == ResultCode.NO_SUCH_OBJECT || e.getResultCode() == ResultCode.INVALID_DN_SYNTAX) return null;
                throw e;
            }
        }
        if (config.bindDn() != null) c.bind(config.bindDn(), config.bindPassword());
        Filter filter = Filter.create(config.userFilter().replace("%(user)s", Filter.encodeValue(username)));
        SearchResult r = c.search(config.searchBase(), SearchScope.SUB, filter, attributes);
        return r.getEntryCount() == 1 ? r.getSearchEntries().getFirst() : null;
    }

    /** Whether {@code password} is the entry's (a simple bind as the entry). An empty password is never tried: it would be an anonymous bind. */
    boolean passwordMatches(LDAPConnection c, String dn, String password) throws LDAPException {
        if (password == null || password.isEmpty()) return false;
        try {
            BindResult r = c.bind(dn, password);
            return r.getResultCode() == ResultCode.SUCCESS;
        } catch (LDAPException e) {
            if (e.getResultCode() == ResultCode.INVALID_CREDENTIALS) return false;
            throw e;
        }
    }

    /** The username as one RDN value (commas, plus signs, quotes... escaped), for the DN template. */
    private static String rdnValue(String username) {
        String rdn = new RDN("x", username).toString(); // "x=<escaped>"
        return rdn.substring(2);
    }
}
