package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.Channel;
import dev.stoa.channels.ChannelAccess;
import dev.stoa.channels.ChannelErrors;
import dev.stoa.channels.ChannelStore;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.events.ChannelEvent;
import dev.stoa.events.EventLog;
import dev.stoa.events.Hints;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.groups.GroupResolver;
import dev.stoa.groups.GroupStore;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.markdown.Rendered;
import dev.stoa.realm.Realm;
import dev.stoa.realm.RealmHolder;
import dev.stoa.render.MessageRenderer;
import dev.stoa.users.AccessChanges;
import dev.stoa.users.UserAccess;
import dev.stoa.users.UserStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jdbi.v3.core.Handle;

/**
 * Sending: {@code checkSend} resolves the recipients, checks every permission, renders and writes
 * the message, its per-recipient rows in one batch and its event, all in one transaction.
 */
public final class MessageActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final MessageJson json;
    private final AccessChanges accessChanges;
    private final Clock clock;
    private final SendDeps deps;
    private final UploadActions uploads;
    private final ChannelAudience audience;
    private final AlertWords alertWords;
    private final MutingUsers mutingUsers;
    private final SoftDeactivation idle;

    /** Who may see a channel's metadata (receivers of its stream events): the channels feature decides. */
    @FunctionalInterface
    public interface ChannelAudience {
        List<Long> of(Handle h, Channel channel);
    }

    /** Each recipient's alert words (the alert words feature's cache). */
    @FunctionalInterface
    public interface AlertWords {
        Map<Long, List<String>> of(Handle h, Collection<Long> userIds);
    }

    /** Who muted a sender (the topics feature's store): their copies arrive read, as in Zulip. */
    @FunctionalInterface
    public interface MutingUsers {
        Collection<Long> of(Handle h, long senderId);
    }

    private final AfterSend afterSend;

    /**
     * What another feature does inside a send's transaction once the message is written (outgoing
     * webhooks queue their calls): it sees the message as written and who it mentioned.
     */
    public interface AfterSend {
        void sent(Tx tx, User sender, SentMessage message);

        AfterSend NONE = (tx, sender, message) -> {};

        /** Each hook in turn, in the same transaction. */
        static AfterSend all(AfterSend... hooks) {
            return (tx, sender, message) -> {
                for (AfterSend hook : hooks) hook.sent(tx, sender, message);
            };
        }
    }

    /**
     * A message just written: its dict as events carry it (rendered content), its raw Markdown, the
     * channel (null for a direct message) and topic, the direct message's participants, the users mentioned.
     */
    public record SentMessage(long id, Long channelId, String topic, Collection<Long> dmUserIds, Set<Long> mentioned, ObjectNode dict,
                              String content, String renderedContent) {}

    /** What sending reads besides messages: users, channels, groups, the realm, the renderer. */
    public record SendDeps(UserStore users, ChannelStore channels, SubscriptionStore subs, GroupStore groups, GroupResolver resolver,
                           RealmHolder realm, ChannelAccess channelAccess, UserAccess userAccess, MessageRenderer renderer) {}

    public MessageActions(Db db, EventLog log, MessageStore store, MessageJson json, AccessChanges accessChanges, Clock clock, SendDeps deps,
                          UploadActions uploads,
                          ChannelAudience audience, AlertWords alertWords, MutingUsers mutingUsers, AfterSend afterSend,
                          SoftDeactivation idle) {
        this.idle = idle;
        this.mutingUsers = mutingUsers;
        this.afterSend = afterSend;
        this.audience = audience;
        this.accessChanges = accessChanges;
        this.alertWords = alertWords;
        this.db = db;
        this.log = log;
        this.store = store;
        this.json = json;
        this.clock = clock;
        this.deps = deps;
        this.uploads = uploads;
    }

    /** Where a message goes: a channel and topic, or the participants of a direct message (sender included). */
    public record Target(Channel channel, String topic, Collection<Long> dmUserIds) {}

    /** Echo of local_id to the sending client's queue. */
    public record Echo(String queueId, String localId) {}

    /** POST /messages, parsed: type, to and topic as sent; content already normalized. */
    public record SendInput(String type, String to, String topic, String content, boolean readBySender, String client, Echo echo) {}

    public long now() { return clock.instant().getEpochSecond(); }

    /** Zulip's normalization of message content (empty, null bytes, over-long truncated), for callers outside this package. */
    public static String normalizeContent(String content) { return MessageRules.normalizeContent(content); }

    /** Sends as caller, checking everything against the state of the writing transaction. */
    public long checkSend(User me, SendInput in) {
        // A direct message's recipient list is parsed and deduplicated before the write turn: a list of
        // 300,000 ids held SQLite's one writer for seconds while every other send waited (issue 30).
        DmTo dm = isDm(in.type()) ? DmTo.parse(in.to()) : null;
        return db.write(tx -> doSendResolved(tx, me, dm != null ? resolveDm(tx.h(), me, dm, in.content())
                        : resolve(tx.h(), me, in.type(), in.to(), in.topic(), in.content()),
                in.client(), in.readBySender(), in.echo()));
    }

    private static boolean isDm(String type) { return "direct".equals(type) || "private".equals(type); }

    /**
     * A message that passed every check of a send (Zulip's check_message) and is rendered, nothing
     * written yet: scheduled messages check with it when scheduled and again when they are sent.
     */
    public record Resolved(Target target, String content, Rendered rendered, Collection<Long> channelRecipients,
                           Collection<Long> topicParticipants, Set<Long> groupMentioned) {}

    /** Checks a send as `me` against the transaction's state and renders it; throws the send's ApiError. */
    public Resolved resolve(Handle h, User me, String type, String to, String topic, String content) {
        return switch (type) {
            case "direct", "private" -> resolveDm(h, me, DmTo.parse(to), content);
            case "stream", "channel" -> resolveChannel(h, me, to, topic, content);
            default -> throw MessageErrors.invalidMessageType();
        };
    }

    /** Writes a resolved message with its events, inside the caller's transaction; returns its id. */
    public long doSendResolved(Tx tx, User sender, Resolved r, String client, boolean readBySender, Echo echo) {
        return doSend(tx, sender, r.target(), r.content(), r.rendered(), client, readBySender, null, r.channelRecipients(),
                r.topicParticipants(), r.groupMentioned(), echo);
    }

    private Resolved resolveDm(Handle h, User me, DmTo to, String content) {
        Set<Long> ids = new LinkedHashSet<>();
        List<User> recipients = dmRecipients(h, to);
        for (User u : recipients) {
            if (!u.isActive() && !u.isBot()) throw MessageErrors.noLongerUsingZulip(u.deliveryEmail());
            ids.add(u.id());
        }
        if (!recipients.stream().allMatch(deps.userAccess().visibleTo(h, me))) {
            throw MessageErrors.noPermissionToAccessSomeOfRecipients();
        }
        ids.add(me.id());
        checkDmPermission(h, me, ids);
        Rendered r = deps.renderer().render(h, me, content);
        return new Resolved(new Target(null, "", ids), content, r, List.of(), List.of(), MessageRules.groupMembers(deps.groups(), h, r));
    }

    private void checkDmPermission(Handle h, User me, Set<Long> participants) {
        boolean onlyBotsOrSelf = true;
        for (User u : deps.users().byIds(h, participants)) if (u.id() != me.id() && !u.isBot()) onlyBotsOrSelf = false;
        if (onlyBotsOrSelf) return;
        if (!deps.resolver().isMember(h, me.id(), deps.realm().get().get("direct_message_permission_group"))) {
            throw MessageErrors.noPermissionToSendDirectMessages();
        }
    }

    /**
     * A direct message's recipients as sent (`to`: a JSON list of ids or emails, one id, or emails
     * separated by commas), each once, in the order first given: Long ids and String emails. Parsing
     * needs no state, so it happens before the write turn.
     */
    record DmTo(List<Object> distinct) {
        static DmTo parse(String to) {
            JsonNode n = Json.parseOrNull(to);
            Set<Object> distinct = new LinkedHashSet<>();
            if (n != null && n.isArray()) {
                for (JsonNode e : n) {
                    if (e.isIntegralNumber()) distinct.add(e.longValue());
                    else if (e.isTextual()) distinct.add(e.textValue());
                    else throw MessageErrors.invalidDataTypeForRecipients();
                }
            } else if (n != null && n.isIntegralNumber()) {
                distinct.add(n.longValue());
            } else {
                for (String part : to.split(",")) if (!part.isBlank()) distinct.add(part.strip());
            }
            if (distinct.isEmpty()) throw MessageErrors.messageMustHaveRecipients();
            return new DmTo(List.copyOf(distinct));
        }
    }

    /**
     * The recipients' current rows: the ids in as few queries as their count allows (stopping at the
     * first query that misses one: it holds the first unknown id in the list's order), emails one by
     * one; the first unknown recipient in the list's order is the error, as before.
     */
    private List<User> dmRecipients(Handle h, DmTo to) {
        List<Long> ids = new ArrayList<>();
        for (Object r : to.distinct()) if (r instanceof Long id) ids.add(id);
        Map<Long, User> byId = new HashMap<>();
        int asked = 0;
        for (List<Long> chunk : Db.idChunks(ids)) {
            for (User u : deps.users().byIds(h, chunk)) byId.put(u.id(), u);
            if (byId.size() < (asked += chunk.size())) break;
        }
        List<User> out = new ArrayList<>(to.distinct().size());
        for (Object r : to.distinct()) {
            if (r instanceof Long id) {
                User u = byId.get(id);
                if (u == null) throw MessageErrors.invalidRecipient(id);
                out.add(u);
            } else {
                out.add(userByEmail(h, (String) r));
            }
        }
        return out;
    }

    private User userByEmail(Handle h, String email) {
        User u = MessageRules.userByEmail(h, deps.users(), email);
        if (u == null) throw MessageErrors.invalidEmail(email);
        return u;
    }

    private Resolved resolveChannel(Handle h, User me, String to, String rawTopic, String content) {
        Channel c = channelFor(h, to);
        deps.channelAccess().checkSend(h, me, c);
        return resolveInChannel(h, me, c, rawTopic, content);
    }

    /**
     * An outgoing-webhook bot's reply in the conversation that called it, inside the caller's
     * transaction. In a channel the bot's own access is not checked, as Zulip's send_response_message
     * (skip_stream_access_check): whoever mentioned it there brought it in. Returns the message id.
     */
    public long doSendReply(Tx tx, User bot, Long channelId, String topic, Collection<Long> dmUserIds, String content) {
        Handle h = tx.h();
        Resolved r = channelId == null ? resolveDm(h, bot, DmTo.parse(Json.write(dmUserIds)), content)
                : resolveInChannel(h, bot, channelFor(h, String.valueOf(channelId)), topic, content);
        return doSendResolved(tx, bot, r, "OutgoingWebhookResponse", true, null);
    }

    private Resolved resolveInChannel(Handle h, User me, Channel c, String rawTopic, String content) {
        Realm rs = deps.realm().get();
        String topic = MessageRules.checkTopic(h, store, deps.resolver(), rawTopic, c, rs, me);
        Rendered r = deps.renderer().render(h, me, content);
        List<Long> subscribers = deps.subs().subscribers(h, c.id());
        List<Long> participants = r.topicWildcard() ? store.topicParticipants(h, c.id(), topic) : List.of();
        MessageRules.checkWildcardMentions(h, deps.resolver(), rs, me, r, subscribers.size(), participants::size);
        return new Resolved(new Target(c, topic, null), content, r, subscribers, participants, MessageRules.groupMembers(deps.groups(), h, r));
    }

    private Channel channelFor(Handle h, String to) {
        JsonNode n = Json.parseOrNull(to);
        if (n != null && n.isArray() && n.size() == 1) n = n.get(0);
        if (n != null && n.isIntegralNumber()) {
            long id = n.longValue();
            return deps.channels().byId(h, id).orElseThrow(() -> MessageErrors.channelWithIdDoesNotExist(id).with("stream_id", id));
        }
        String name = (n != null && n.isTextual() ? n.textValue() : to).strip();
        return deps.channels().byName(h, name).orElseThrow(() -> ChannelErrors.channelDoesNotExist(name).with("stream", name));
    }

    /** A system bot's channel message (notification or welcome bot), inside the caller's transaction: no checks, client "Internal". */
    long doSendAsSystemBot(Tx tx, User bot, Channel c, String topic, String content, Set<Long> unreadOnlyFor) {
        Handle h = tx.h();
        return doSend(tx, bot, new Target(c, topic, null), content, deps.renderer().render(h, bot, content), "Internal", false,
                unreadOnlyFor, deps.subs().subscribers(h, c.id()), List.of(), Set.of(), null);
    }

    /** A system bot's direct message to one user, inside the caller's transaction. */
    long doSendAsSystemBot(Tx tx, User bot, long toUserId, String content) {
        Set<Long> participants = new LinkedHashSet<>(List.of(bot.id(), toUserId));
        return doSend(tx, bot, new Target(null, "", participants), content, deps.renderer().render(tx.h(), bot, content), "Internal",
                false, null, List.of(), List.of(), Set.of(), null);
    }

    /**
     * Writes a message whose checks the caller made (trusted callers: the notification bot), inside the caller's transaction.
     * {@code unreadOnlyFor}, when not null, is who gets it unread (Zulip's limit_unread_user_ids); it is read for the others.
     */
    long doSend(Tx tx, User sender, Target target, String content, Rendered r, String client, boolean readBySender,
            Set<Long> unreadOnlyFor, Collection<Long> channelRecipients, Collection<Long> topicParticipants, Set<Long> groupMentioned, Echo echo) {
        Handle h = tx.h();
        boolean dm = target.channel() == null;
        // A direct message links its participants: a restricted guest among them may gain sight of the others.
        Map<Long, Set<Long>> seen = dm ? accessChanges.before(h, target.dmUserIds()) : Map.of();
        long recipientId = dm ? store.dmRecipient(h, Message.dmKey(target.dmUserIds())) : store.channelRecipient(h, target.channel().id());
        Message m = new Message(0, sender.id(), recipientId, dm ? null : target.channel().id(),
                dm ? Message.dmKey(target.dmUserIds()) : null, dm ? "" : target.topic(), content, r.html(), now(), null, null,
                client, r.hasLink(), r.hasAttachment(), r.hasImage());
        long id = store.insert(h, m);
        m = new Message(id, m.senderId(), m.recipientId(), m.channelId(), m.dmKey(), m.topic(), m.content(), m.renderedContent(),
                m.dateSent(), null, null, m.client(), m.hasLink(), m.hasAttachment(), m.hasImage());
        Map<Long, Long> flags = new LinkedHashMap<>();
        Collection<Long> users = dm ? target.dmUserIds() : channelRecipients;
        for (long u : users) flags.put(u, dm ? Flags.IS_PRIVATE : 0L);
        flags.putIfAbsent(sender.id(), dm ? Flags.IS_PRIVATE : 0L);
        Map<Long, List<String>> words = alertWords.of(h, flags.keySet());
        Collection<Long> muting = mutingUsers.of(h, sender.id());
        for (var e : flags.entrySet()) {
            long u = e.getKey();
            long f = e.getValue() | Flags.mentionBits(u, sender.id(), r, groupMentioned, dm ? null : topicParticipants, content, words.get(u));
            if ((u == sender.id() && readBySender) || muting.contains(u) || (unreadOnlyFor != null && !unreadOnlyFor.contains(u))) f |= Flags.READ;
            e.setValue(f);
        }
        // Set once and never cleared: a channel read with its first message id skips the UPDATE.
        if (!dm && target.channel().firstMessageId() == null && deps.channels().setFirstMessageId(tx, target.channel().id(), id)) {
            // As Zulip: clients learn the channel's first message id from a stream update event.
            log.append(tx, new ChannelEvent.StreamUpdate(target.channel().id(), target.channel().name(), "first_message_id",
                    Json.MAPPER.getNodeFactory().numberNode(id)), Recipients.users(audience.of(h, target.channel())));
        }
        // Soft-deactivated subscribers get no row unless it says something (after the update above, which
        // takes the channel's row before any append lock, as every other channel write does).
        if (dm) store.insertUserMessages(h, id, flags);
        else idle.writeRows(tx, target.channel().id(), m.topic(), id, flags);
        accessChanges.announce(tx, seen);
        if (uploads.doClaim(tx, id, sender.id(), r.uploadPathIds())) store.markHasAttachment(h, id);
        ObjectNode dict = appendNew(tx, h, sender, m, flags, echo, target.channel());
        Set<Long> mentioned = new HashSet<>(r.mentionedUserIds());
        mentioned.addAll(groupMentioned);
        afterSend.sent(tx, sender, new SentMessage(id, dm ? null : target.channel().id(), m.topic(), dm ? target.dmUserIds() : List.of(),
                mentioned, dict, m.content(), m.renderedContent()));
        return id;
    }

    private ObjectNode appendNew(Tx tx, Handle h, User sender, Message m, Map<Long, Long> flags, Echo echo, Channel channel) {
        boolean publicChannel = channel != null && !channel.inviteOnly();
        // A channel message's dict needs only what is in hand (its sender and channel; a new message has
        // no reactions): no queries inside the write. A direct message's recipients are looked up.
        ObjectNode dict = channel != null
                ? json.one(m, null, Map.of(sender.id(), sender), Map.of(channel.id(), channel.name()), List.of(), true, false)
                : json.build(h, List.of(m), null, true, false).getFirst();
        // Zulip's do_widget_post_save_actions: a /poll or /todo message carries its widget from the start
        Widgets.of(m.content()).map(Json::write).ifPresent(w -> {
            long sid = json.submessages.insert(h, m.id(), m.senderId(), "widget", w);
            dict.set("submessages", MessageJson.submessages(List.of(new SubmessageStore.Submessage(sid, m.id(), m.senderId(), "widget", w))));
        });
        ObjectNode fields = Json.object();
        fields.set("message", dict);
        fields.set("flags", Json.array());
        // "flags": [] is the default; only recipients with flags get their own entry, which keeps a
        // large channel's event (stored, and read by every queue) small.
        Map<Long, ObjectNode> perUser = new LinkedHashMap<>();
        flags.forEach((u, f) -> {
            if (f == 0) return;
            ArrayNode a = perUser.computeIfAbsent(u, k -> Json.object()).putArray("flags");
            Flags.names(f).forEach(a::add);
        });
        Hints hints = Hints.NONE.withPerUser(perUser.isEmpty() ? null : perUser).withRawContent(m.content())
                .withGravatar(MessageDelivery.gravatarViewers(h, deps.users(), json.userJson().avatars(), m.senderId()));
        // What queue narrows test beyond the message dict (NarrowMatch); only the true ones.
        Set<String> facts = new TreeSet<>();
        if (publicChannel) facts.add("public");
        if (channel != null && channel.isWebPublic()) facts.add("web_public");
        if (m.hasLink()) facts.add("link");
        if (m.hasAttachment()) facts.add("attachment");
        if (m.hasImage()) facts.add("image");
        if (!facts.isEmpty()) hints = hints.withNarrowFacts(facts);
        if (echo != null && echo.queueId() != null && echo.localId() != null) hints = hints.withEcho(new Hints.Echo(echo.queueId(), echo.localId()));
        log.append(tx, new MessageEvent.New(fields, hints), Recipients.channelMessage(flags.keySet(), publicChannel));
        return dict;
    }
}
