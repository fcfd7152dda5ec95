package dev.stoa.testing;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import dev.stoa.config.Config;
import dev.stoa.config.MailConfig;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real SMTP server for a test class (GreenMail on a free loopback port) and what the test asks
 * of the mail it received. Stop and start it again on the same port to play an outage.
 */
public final class TestMail implements AutoCloseable {
    public final int port;
    private GreenMail greenMail;

    public TestMail() {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        start();
    }

    public void start() {
        greenMail = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        greenMail.start();
    }

    public void stop() {
        greenMail.stop();
    }

    /** The server configuration that sends through this SMTP server. */
    public Config configure(Config c) {
        return c.withMail(c.mail().withSmtp(new MailConfig.Smtp("127.0.0.1", port, false, false, null, null)));
    }

    /** One received message, decoded. */
    public record Mail(String to, String from, String subject, String body) {
        /** The first URL in the body that contains `part`. */
        public String link(String part) {
            Matcher m = Pattern.compile("https?://\\S*" + Pattern.quote(part) + "\\S*").matcher(body);
            if (!m.find()) throw new AssertionError("no link with " + part + " in: " + body);
            return m.group();
        }
    }

    public List<Mail> received() {
        return Arrays.stream(greenMail.getReceivedMessages()).map(TestMail::decode).toList();
    }

    /** Waits until `count` messages in all have arrived; returns them all. */
    public List<Mail> await(int count) {
        Await.until(count + " mail(s)", 30, () -> greenMail.getReceivedMessages().length >= count);
        return received();
    }

    /** Waits until `count` messages to `address` have arrived; returns those. */
    public List<Mail> awaitTo(String address, int count) {
        Await.until(count + " mail(s) to " + address, 30, () -> to(address).size() >= count);
        return to(address);
    }

    /** The messages to one address. */
    public List<Mail> to(String address) {
        return received().stream().filter(m -> m.to().equalsIgnoreCase(address)).toList();
    }

    private static Mail decode(MimeMessage m) {
        try {
            return new Mail(m.getAllRecipients()[0].toString(), m.getFrom()[0].toString(), m.getSubject(), String.valueOf(m.getContent()));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        greenMail.stop();
    }
}
