package dev.stoa.testing;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Debian's slapd, started for a test class: its own configuration and database in a temporary
 * directory, its own port on 127.0.0.1, in the foreground as a child process (never the system
 * service); the directory dc=example,dc=com with ou=people, filled through the LDAP protocol.
 * .ci/run installs slapd and ldap-utils when they are missing.
 */
public final class TestLdap implements AutoCloseable {
    public static final String BASE = "dc=example,dc=com", PEOPLE = "ou=people," + BASE, ADMIN = "cn=admin," + BASE, ADMIN_PASSWORD = "admin-secret";
    private static final Path SLAPD = Path.of("/usr/sbin/slapd");

    public final int port;
    private final Path dir;
    private final Process process;

    public TestLdap() {
        this(false);
    }

    /**
     * {@code tls}: slapd also offers StartTLS with a certificate for 127.0.0.1 made here by openssl
     * (self-signed; {@link #caFile()} is the file a client must trust).
     */
    public TestLdap(boolean tls) {
        if (!Files.isExecutable(SLAPD)) throw new IllegalStateException("Debian's slapd is not installed: apt-get install slapd ldap-utils (.ci/run does)");
        try {
            dir = Files.createTempDirectory("stoa-slapd");
            Files.createDirectories(dir.resolve("db"));
            String tlsLines = tls ? certificate() : "";
            Files.writeString(dir.resolve("slapd.conf"), String.join("\n",
                    "include /etc/ldap/schema/core.schema", "include /etc/ldap/schema/cosine.schema", "include /etc/ldap/schema/inetorgperson.schema",
                    tlsLines + "pidfile " + dir.resolve("slapd.pid"), "modulepath /usr/lib/ldap", "moduleload back_mdb", "database mdb", "maxsize 10485760",
                    "suffix \"" + BASE + "\"", "rootdn \"" + ADMIN + "\"", "rootpw " + ADMIN_PASSWORD, "directory " + dir.resolve("db"), ""));
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            process = new ProcessBuilder(SLAPD.toString(), "-f", dir.resolve("slapd.conf").toString(), "-h", "ldap://127.0.0.1:" + port + "/", "-d", "0")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("slapd.log").toFile()).start();
            awaitUp();
            try (LDAPConnection c = admin()) {
                c.add(new Entry(BASE, new Attribute("objectClass", "top", "dcObject", "organization"), new Attribute("dc", "example"),
                        new Attribute("o", "Example")));
                c.add(new Entry(PEOPLE, new Attribute("objectClass", "top", "organizationalUnit"), new Attribute("ou", "people")));
            }
        } catch (IOException | LDAPException e) {
            throw new IllegalStateException("slapd did not start", e);
        }
    }

    /** A self-signed certificate for 127.0.0.1 (openssl), and slapd's TLS directives naming it. */
    private String certificate() throws IOException {
        Path cert = dir.resolve("cert.pem"), key = dir.resolve("key.pem");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.toString(), "-out", cert.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("openssl.log").toFile()).start();
        try {
            if (p.waitFor() != 0) throw new IOException("openssl failed: " + Files.readString(dir.resolve("openssl.log")));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return "TLSCertificateFile " + cert + "\nTLSCertificateKeyFile " + key + "\n";
    }

    /** The certificate to trust for StartTLS (only with {@code new TestLdap(true)}). */
    public Path caFile() { return dir.resolve("cert.pem"); }

    private void awaitUp() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (true) {
            try (LDAPConnection c = admin()) {
                return;
            } catch (LDAPException e) {
                if (!process.isAlive() || Instant.now().isAfter(deadline)) throw new IllegalStateException("slapd did not answer", e);
                try {
                    Thread.sleep(50); // polling for the port, with a deadline
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(ie);
                }
            }
        }
    }

    public String url() { return "ldap://127.0.0.1:" + port; }

    public LDAPConnection admin() throws LDAPException {
        return new LDAPConnection("127.0.0.1", port, ADMIN, ADMIN_PASSWORD);
    }

    /** uid=…,ou=people: an inetOrgPerson with a password and more attributes (mail, telephoneNumber, employeeType...). */
    public void addPerson(String uid, String cn, String password, Map<String, String> more) {
        List<Attribute> a = new ArrayList<>(List.of(new Attribute("objectClass", "top", "person", "organizationalPerson", "inetOrgPerson"),
                new Attribute("uid", uid), new Attribute("cn", cn), new Attribute("sn", cn), new Attribute("userPassword", password)));
        more.forEach((k, v) -> a.add(new Attribute(k, v)));
        try (LDAPConnection c = admin()) {
            c.add(new Entry("uid=" + uid + "," + PEOPLE, a));
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
    }

    public void replace(String uid, String attribute, String value) {
        try (LDAPConnection c = admin()) {
            c.modify("uid=" + uid + "," + PEOPLE, new Modification(ModificationType.REPLACE, attribute, value));
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A binary attribute (jpegPhoto...). */
    public void replace(String uid, String attribute, byte[] value) {
        try (LDAPConnection c = admin()) {
            c.modify("uid=" + uid + "," + PEOPLE, new Modification(ModificationType.REPLACE, attribute, value));
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
    }

    public void delete(String uid) {
        try (LDAPConnection c = admin()) {
            c.delete("uid=" + uid + "," + PEOPLE);
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
