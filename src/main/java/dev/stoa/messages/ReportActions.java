package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelStore;
import dev.stoa.db.Db;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * POST /messages/{id}/report: the report is checked against the reported message and posted by
 * the notification bot to the moderation request channel in one transaction.
 */
public final class ReportActions {
    private final Db db;
    private final MessageStore store;
    private final UserStore users;
    private final ChannelStore channels;
    private final RealmHolder realm;
    private final Access access;
    private final NotificationBot notificationBot;
    /** Report type key → its name in the report. */
    private final Map<String, String> reportTypes;

    public ReportActions(Db db, MessageStore store, UserStore users, ChannelStore channels, RealmHolder realm, Access access,
                         NotificationBot notificationBot, Map<String, String> reportTypes) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.channels = channels;
        this.realm = realm;
        this.access = access;
        this.notificationBot = notificationBot;
        this.reportTypes = Map.copyOf(reportTypes);
    }

    public record ReportInput(long messageId, String reportType, String description) {}

    public void checkReport(User me, ReportInput in) {
        String type = in.reportType(), description = in.description();
        if (!reportTypes.containsKey(type)) throw MessageErrors.invalidReportType();
        if (description.indexOf('\0') >= 0) throw MessageErrors.descriptionContainsNull();
        if (type.equals("other") && description.isBlank()) throw MessageErrors.explanationRequired();
        if (MessageRules.codePoints(description) > 1000) throw MessageErrors.reportDescriptionTooLong();
        JsonNode channelId = realm.get().get("moderation_request_channel_id");
        if (channelId == null || !channelId.isNumber() || channelId.asLong() < 0) throw MessageErrors.reportingDisabled();
        db.write(tx -> {
            Handle h = tx.h();
            Message m = MessageRules.readable(h, store, access, me, in.messageId());
            Channel c = channels.byId(h, channelId.asLong()).orElseThrow(MessageErrors::reportingDisabled);
            User sender = users.byId(h, m.senderId()).orElseThrow();
            String content = "@_**" + me.fullName() + "|" + me.id() + "** reported " + (m.isChannel() ? "a message" : "a DM")
                    + " sent by @_**" + sender.fullName() + "|" + sender.id() + "**.\n- Reason: **" + reportTypes.get(type) + "**\n"
                    + (description.isBlank() ? "" : "- Notes:\n```quote\n" + description + "\n```\n")
                    + "```spoiler **Message sent by @_**" + sender.fullName() + "|" + sender.id() + "**" + "**\n"
                    + m.content() + "\n```";
            notificationBot.post(tx, c, sender.fullName() + " reports", content);
            return null;
        });
    }
}
