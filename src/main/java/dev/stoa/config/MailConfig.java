package dev.stoa.config;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Outgoing mail: --smtp-url (smtp://user:password@host:port, smtps://... for TLS from the first
 * byte, smtp+starttls://... to require STARTTLS) and --email-from (the sender address, default
 * noreply@ the realm's host). Without --smtp-url nothing is sent: mail is kept in the outbox and
 * the features that need it say so.
 */
public record MailConfig(Smtp smtp, String from) {
    /** One SMTP server; user and password null for an open relay. */
    public record Smtp(String host, int port, boolean ssl, boolean startTls, String user, String password) {
        @Override
        public String toString() { // never the password (logs)
            return (ssl ? "smtps" : startTls ? "smtp+starttls" : "smtp") + "://" + (user == null ? "" : user + "@") + host + ":" + port;
        }
    }

    static final String[] NAMES = {"smtp-url", "email-from"};

    public boolean configured() { return smtp != null; }

    static MailConfig from(Map<String, String> v, String realmHost) {
        String url = v.get("smtp-url");
        Smtp smtp = url == null || url.isBlank() ? null : smtp(url.strip());
        String from = v.getOrDefault("email-from", "noreply@" + realmHost);
        try {
            InternetAddress a = new InternetAddress(from, true);
            if (a.getAddress() == null || !a.getAddress().contains("@")) throw new AddressException();
        } catch (AddressException e) {
            throw new Config.ConfigError("--email-from must be an email address (optionally \"Name <address>\"), got '" + from + "'");
        }
        return new MailConfig(smtp, from);
    }

    private static Smtp smtp(String url) {
        String problem = "--smtp-url must look like smtp://user:password@host:port (or smtps://, smtp+starttls://), got '"
                + url.replaceAll(":[^:@/]*@", ":***@") + "'";
        URI u;
        try {
            u = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new Config.ConfigError(problem);
        }
        String scheme = u.getScheme();
        if (scheme == null || !scheme.matches("smtps?|smtp\\+starttls") || u.getHost() == null) throw new Config.ConfigError(problem);
        boolean ssl = scheme.equals("smtps");
        int port = u.getPort() > 0 ? u.getPort() : ssl ? 465 : 587;
        String user = null, password = null;
        if (u.getRawUserInfo() != null) {
            String[] parts = u.getRawUserInfo().split(":", 2);
            user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
            password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
        }
        return new Smtp(u.getHost(), port, ssl, scheme.equals("smtp+starttls"), user, password);
    }

    public MailConfig withSmtp(Smtp s) { return new MailConfig(s, from); }
}
