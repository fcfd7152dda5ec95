package dev.stoa.missedmail;

import dev.stoa.channels.Channel;
import dev.stoa.identity.User;
import dev.stoa.mail.Outbox;
import dev.stoa.realm.Realm;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The text of one missed-message email: one conversation, its messages, a link to it. */
final class MissedMailText {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MMM d, HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    /** One conversation's mailed messages with what the text names: the channel (null for DMs), the people. */
    record Conversation(Channel channel, List<MissedMailStore.Candidate> messages, List<MissedMailRules.Reason> reasons,
                        Map<Long, User> people) {}

    private MissedMailText() {}

    static Outbox.Letter letter(User to, Conversation c, boolean showContent, String org, String externalUrl) {
        String subject = subject(to, c);
        StringBuilder body = new StringBuilder("Hi ").append(to.fullName()).append(",\n\n").append(intro(to, c)).append(" in ")
                .append(org).append(" while you were away:\n\n");
        for (MissedMailStore.Candidate m : c.messages()) {
            String sender = name(c, m.senderId());
            body.append(sender).append(" (").append(WHEN.format(Instant.ofEpochSecond(m.dateSent()))).append("):\n");
            body.append(showContent ? m.content().strip() : "(message content is not shown in email notifications)").append("\n\n");
        }
        body.append("Open the conversation: ").append(link(to, c, externalUrl)).append("\n\n")
                .append("You get these emails for messages you have not read while no Zulip client of yours is open.")
                .append(" Change them in your notification settings: ").append(externalUrl).append("/#settings/notifications\n");
        return new Outbox.Letter("missed_message", to.deliveryEmail(), subject, body.toString());
    }

    static String subject(User to, Conversation c) {
        if (c.channel() != null) return "#" + c.channel().name() + " > " + topicName(c.messages().getFirst().topic());
        List<Long> others = others(to, c);
        if (others.size() <= 1) return "DMs with " + name(c, others.isEmpty() ? to.id() : others.getFirst());
        return "Group DMs with " + others.stream().map(id -> name(c, id)).collect(Collectors.joining(", "));
    }

    private static String intro(User to, Conversation c) {
        String senders = c.messages().stream().map(m -> name(c, m.senderId())).distinct().collect(Collectors.joining(", "));
        if (c.channel() == null) return senders + " sent you " + (c.messages().size() == 1 ? "a direct message" : "direct messages");
        String where = subject(to, c);
        if (c.reasons().contains(MissedMailRules.Reason.MENTION)) return senders + " mentioned you in " + where;
        if (c.reasons().contains(MissedMailRules.Reason.WILDCARD_MENTION)) return senders + " mentioned everyone in " + where;
        if (c.reasons().contains(MissedMailRules.Reason.FOLLOWED_TOPIC)) return senders + " wrote in " + where + ", a topic you follow,";
        return senders + " wrote in " + where;
    }

    /** Zulip's #narrow link: dm/<ids>-<dm|group>, or channel/<id>-<name>/topic/<topic>. */
    static String link(User to, Conversation c, String externalUrl) {
        if (c.channel() != null) {
            return externalUrl + "/#narrow/channel/" + c.channel().id() + "-" + encode(c.channel().name()) + "/topic/"
                    + encode(c.messages().getFirst().topic());
        }
        List<Long> others = others(to, c);
        String ids = (others.isEmpty() ? List.of(to.id()) : others).stream().map(String::valueOf).collect(Collectors.joining(","));
        return externalUrl + "/#narrow/dm/" + ids + (others.size() > 1 ? "-group" : "-dm");
    }

    private static List<Long> others(User to, Conversation c) {
        return c.messages().getFirst().dmKey() == null ? List.of()
                : Arrays.stream(c.messages().getFirst().dmKey().split(",")).map(Long::parseLong).filter(id -> id != to.id()).toList();
    }

    private static String name(Conversation c, long userId) {
        User u = c.people().get(userId);
        return u == null ? "Unknown user" : u.fullName();
    }

    private static String topicName(String topic) {
        return topic.isEmpty() ? Realm.EMPTY_TOPIC_DISPLAY_NAME : topic;
    }

    /** Zulip's hash encoding: percent-encoding with '.' in place of '%'. */
    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace(".", "%2E").replace("%", ".");
    }
}
