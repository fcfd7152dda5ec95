package dev.stoa.channels;

import dev.stoa.users.ServerSecretStore;
import dev.stoa.db.Db;
import dev.stoa.users.ServerSecretStore;
import java.nio.charset.StandardCharsets;
import dev.stoa.users.ServerSecretStore;
import java.security.GeneralSecurityException;
import dev.stoa.users.ServerSecretStore;
import java.security.SecureRandom;
import dev.stoa.users.ServerSecretStore;
import java.util.HexFormat;
import dev.stoa.users.ServerSecretStore;
import java.util.Locale;
import dev.stoa.users.ServerSecretStore;
import java.util.regex.Pattern;
import dev.stoa.users.ServerSecretStore;
import javax.crypto.Mac;
import dev.stoa.users.ServerSecretStore;
import javax.crypto.spec.SecretKeySpec;

/**
 * A channel's email address as Zulip forms it (GET /streams/{id}/email_address):
 * {@code <name slug>.<token>.show-sender@<realm host>}. Zulip stores a random token per channel
 * and sender; Stoa derives it from a stored server secret (HMAC of channel and sender), so the
 * address is stable, unguessable and the same on every node, and a GET writes nothing. Stoa has
 * no incoming email gateway: mail sent to the address is not received.
 */
public final class ChannelEmail {
    /** The sender Zulip uses when none is asked for: its email gateway bot. */
    public static final long GATEWAY_SENDER = 0;
    private static final Pattern NON_WORD = Pattern.compile("\\W+", Pattern.UNICODE_CHARACTER_CLASS);
    private final byte[] key;
    private final String host;

    public ChannelEmail(Db db, ChannelStore store, String host) {
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        this.key = HexFormat.of().parseHex(db.write(tx -> new ServerSecretStore().named(tx.h(), "channel_email_key", HexFormat.of().formatHex(fresh))));
        this.host = host;
    }

    public String address(Channel c, long senderId) {
        // Zulip's encode_email_address_helper: runs of non-word characters become one hyphen, lower case, no edge hyphens.
        String slug = NON_WORD.matcher(c.name()).replaceAll("-").toLowerCase(Locale.ROOT).replaceAll("^-+|-+$", "");
        String token = token(c.id(), senderId);
        return (slug.isEmpty() ? token : slug + "." + token) + ".show-sender@" + host;
    }

    private String token(long channelId, long senderId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] d = mac.doFinal(("channel-email:" + channelId + ":" + senderId).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
