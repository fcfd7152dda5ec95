package dev.stoa.mail;

import dev.stoa.config.MailConfig;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Date;
import java.util.Properties;

/** Hands one message to the configured SMTP server (Jakarta Mail, Eclipse Angus). */
final class SmtpTransport {
    private final MailConfig.Smtp smtp;
    private final String from;
    private final Session session;

    SmtpTransport(MailConfig.Smtp smtp, String from) {
        this.smtp = smtp;
        this.from = from;
        String p = smtp.ssl() ? "mail.smtps." : "mail.smtp.";
        Properties props = new Properties();
        props.put("mail.transport.protocol", smtp.ssl() ? "smtps" : "smtp");
        props.put(p + "host", smtp.host());
        props.put(p + "port", String.valueOf(smtp.port()));
        props.put(p + "auth", String.valueOf(smtp.user() != null));
        // Bounded waits: a hanging server must not hold the sender (it retries later).
        props.put(p + "connectiontimeout", "10000");
        props.put(p + "timeout", "30000");
        props.put(p + "writetimeout", "30000");
        if (smtp.startTls()) {
            props.put("mail.smtp.starttls.enable", "true");
            props.put("mail.smtp.starttls.required", "true");
        }
        if (smtp.ssl() || smtp.startTls()) props.put(p + "ssl.checkserveridentity", "true");
        this.session = Session.getInstance(props);
    }

    void send(String to, String subject, String body, long createdAtEpochSecond) throws MessagingException {
        MimeMessage m = new MimeMessage(session);
        m.setFrom(new InternetAddress(from, true));
        m.setRecipients(Message.RecipientType.TO, InternetAddress.parse(to, true));
        m.setSubject(subject, "UTF-8");
        m.setText(body, "UTF-8");
        m.setSentDate(new Date(createdAtEpochSecond * 1000));
        m.saveChanges();
        try (Transport t = session.getTransport()) {
            t.connect(smtp.host(), smtp.port(), smtp.user(), smtp.password());
            t.sendMessage(m, m.getAllRecipients());
        }
    }
}
