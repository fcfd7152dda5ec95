package dev.stoa.scheduled;

import dev.stoa.channels.ChannelStore;
import dev.stoa.http.ApiError;
import dev.stoa.identity.User;
import dev.stoa.messages.Message;
import dev.stoa.messages.MessageLinks;
import dev.stoa.realm.Realm;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The text of a reminder, as Zulip writes it: who said what where (a link to the message), an
 * optional note, and the message quoted in a fence it cannot close (a poll or to-do list is named,
 * not quoted). Written when the reminder is made and again when it is sent.
 */
public final class ReminderContent {
    /** Zulip's MAX_REMINDER_NOTE_LENGTH. */
    static final int MAX_NOTE_LENGTH = 500;
    private static final String TRUNCATED = "\n[message truncated]";

    private final UserStore users;
    private final ChannelStore channels;
    private final String externalUrl;

    public ReminderContent(UserStore users, ChannelStore channels, String externalUrl) {
        this.users = users;
        this.channels = channels;
        this.externalUrl = externalUrl.endsWith("/") ? externalUrl.substring(0, externalUrl.length() - 1) : externalUrl;
    }

    /** Zulip strips a note like a message body; over-long notes are refused. */
    static String normalizeNote(String note) {
        String n = note.stripTrailing();
        while (n.startsWith("\n")) n = n.substring(1);
        if (n.codePointCount(0, n.length()) > MAX_NOTE_LENGTH) {
            throw ApiError.bad("Maximum reminder note length: " + MAX_NOTE_LENGTH + " characters");
        }
        return n;
    }

    String format(Handle h, Message m, String note) {
        User sender = users.byId(h, m.senderId()).orElseThrow();
        String who = mention(sender);
        String kind = m.isChannel() ? "message" : "direct message";
        StringBuilder b = new StringBuilder("You requested a reminder for the following " + kind + ".");
        if (note != null && !note.isEmpty()) b.append(" Note:\n > ").append(note);
        b.append("\n\n");
        String where;
        if (m.isChannel()) {
            String channel = channels.byId(h, m.channelId()).map(c -> c.name()).orElse("unknown");
            where = " in #**" + channel + ">" + m.topic() + "@" + m.id() + "**";
        } else {
            where = " to " + recipients(h, m, sender);
        }
        String url = link(h, m);
        String widget = m.content().startsWith("/poll") ? "poll" : m.content().startsWith("/todo") ? "todo list" : null;
        if (widget != null) return b.append(who).append(" [sent](").append(url).append(") a ").append(widget).append(where).append('.').toString();
        b.append(who).append(" [said](").append(url).append(")").append(where).append(":\n");
        String fence = unusedFence(m.content());
        int room = Realm.MAX_MESSAGE_LENGTH - (b.length() + 2 * fence.length() + "quote\n\n".length());
        return b.append(fence).append("quote\n").append(truncate(m.content(), room)).append('\n').append(fence).toString();
    }

    private static String mention(User u) {
        return "@_**" + u.fullName() + "|" + u.id() + "**";
    }

    /** The other participants (the sender when alone), as "A", "A and B", "A, B, and C". */
    private String recipients(Handle h, Message m, User sender) {
        List<String> names = new ArrayList<>();
        for (User u : users.byIds(h, m.dmUserIds())) if (u.id() != sender.id()) names.add(mention(u));
        if (names.isEmpty()) names.add(mention(sender));
        if (names.size() == 1) return names.getFirst();
        if (names.size() == 2) return names.get(0) + " and " + names.get(1);
        return String.join(", ", names.subList(0, names.size() - 1)) + ", and " + names.getLast();
    }

    /** The message's permalink in the web client's hash form. */
    private String link(Handle h, Message m) {
        String channel = m.isChannel() ? channels.byId(h, m.channelId()).map(c -> c.name()).orElse("") : null;
        return MessageLinks.near(externalUrl, m.isChannel() ? m.channelId() : null, channel, m.topic(), m.dmUserIds(), m.id());
    }

    /** A backtick fence longer than any run of backticks in the text (at least three). */
    static String unusedFence(String text) {
        int longest = 0, run = 0;
        for (char c : text.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return "`".repeat(Math.max(3, longest + 1));
    }

    private static String truncate(String s, int max) {
        if (s.codePointCount(0, s.length()) <= max) return s;
        return s.substring(0, s.offsetByCodePoints(0, Math.max(0, max - TRUNCATED.length()))) + TRUNCATED;
    }
}
