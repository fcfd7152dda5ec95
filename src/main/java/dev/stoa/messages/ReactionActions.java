package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.emoji.EmojiErrors;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.markdown.EmojiCatalog;
import dev.stoa.users.UserJson;
import org.jdbi.v3.core.Handle;

/**
 * POST/DELETE /messages/{id}/reactions: the message is locked, its access checked, the emoji
 * validated, the reaction written and its event appended in one transaction (Zulip's
 * check_add_reaction locks the message too).
 */
public final class ReactionActions {
    private final Db db;
    private final EventLog log;
    private final MessageStore store;
    private final Access access;
    private final UserJson userJson;
    private final RealmEmoji realmEmoji;

    public ReactionActions(Db db, EventLog log, MessageStore store, Access access, UserJson userJson, RealmEmoji realmEmoji) {
        this.db = db;
        this.log = log;
        this.store = store;
        this.access = access;
        this.userJson = userJson;
        this.realmEmoji = realmEmoji;
    }

    /**
     * The request, parsed: emoji_name and emoji_code may each be null (not both: the view refuses
     * that for a removal, and an addition requires the name); reaction_type null when not sent
     * (its Zulip alias mapped).
     */
    public record ReactionInput(long messageId, String emojiName, String emojiCode, String reactionType) {}

    private static final String UNICODE = "unicode_emoji";

    public void checkAddReaction(User me, ReactionInput in) {
        check(me, in, true);
    }

    public void checkRemoveReaction(User me, ReactionInput in) {
        check(me, in, false);
    }

    private void check(User me, ReactionInput in, boolean add) {
        db.write(tx -> {
            Handle h = tx.h();
            store.lock(h, in.messageId());
            Message m = MessageRules.readable(h, store, access, me, in.messageId());
            doReaction(tx, me, m, add ? toAdd(h, me, m, in) : toRemove(h, me, m, in), add);
            return null;
        });
    }

    /**
     * The reaction to add. A missing code or type comes from the name (Zulip's get_emoji_data: a
     * custom emoji first, then the extra "zulip" emoji, then Unicode). A vote for a reaction
     * already on the message takes that reaction's name unchecked, as in Zulip, so that a
     * deactivated custom emoji can still be voted for; otherwise the triple is validated.
     */
    private MessageStore.Reaction toAdd(Handle h, User me, Message m, ReactionInput in) {
        String name = in.emojiName(), code = in.emojiCode(), type = in.reactionType();
        if (code == null || type == null) {
            MessageStore.Reaction byName = byName(name);
            if (code == null) code = byName.emojiCode();
            if (type == null) type = byName.reactionType();
        }
        if (store.findReaction(h, m.id(), me.id(), type, code).isPresent()) {
            throw MessageErrors.reactionAlreadyExists();
        }
        var existing = store.anyReaction(h, m.id(), type, code);
        if (existing.isPresent()) name = existing.get().emojiName();
        else checkEmoji(name, code, type);
        return new MessageStore.Reaction(m.id(), me.id(), name, code, type);
    }

    /**
     * The reaction to remove: by code and type (type defaulting to Unicode, as in Zulip), or by
     * name alone, looked up as for an addition (Zulip would keep the Unicode type there, so a
     * custom emoji could not be removed by its name alone). Not re-validated: the row proves it was
     * valid when added, and a custom emoji may have been deactivated since.
     */
    private MessageStore.Reaction toRemove(Handle h, User me, Message m, ReactionInput in) {
        String code = in.emojiCode(), type = in.reactionType();
        if (code == null) {
            MessageStore.Reaction byName = byName(in.emojiName());
            code = byName.emojiCode();
            if (type == null) type = byName.reactionType();
        }
        if (type == null) type = UNICODE;
        return store.findReaction(h, m.id(), me.id(), type, code)
                .orElseThrow(() -> MessageErrors.reactionDoesntExist());
    }

    /** Zulip's get_emoji_data: the current code and type of an emoji name (only name, code, type are set). */
    private MessageStore.Reaction byName(String name) {
        var custom = realmEmoji.activeRow(name);
        if (custom.isPresent()) return new MessageStore.Reaction(0, 0, name, String.valueOf(custom.get().id()), "realm_emoji");
        if (name.equals("zulip")) return new MessageStore.Reaction(0, 0, name, "zulip", "service_extra_emoji");
        String code = EmojiCatalog.get().codeForName(name).orElseThrow(() -> EmojiErrors.emojiDoesNotExist(name));
        return new MessageStore.Reaction(0, 0, name, code, UNICODE);
    }

    /** Writes the reaction (checked by the caller) and appends its event to everyone with the message. */
    void doReaction(Tx tx, User me, Message m, MessageStore.Reaction r, boolean add) {
        Handle h = tx.h();
        if (add) {
            if (!store.addReaction(h, r)) throw MessageErrors.reactionAlreadyExists();
        } else {
            store.removeReaction(h, r);
        }
        ObjectNode f = Json.object();
        f.put("message_id", m.id());
        f.put("emoji_name", r.emojiName()).put("emoji_code", r.emojiCode()).put("reaction_type", r.reactionType());
        f.put("user_id", me.id());
        f.set("user", Json.object().put("user_id", me.id()).put("email", userJson.apiEmail(me)).put("full_name", me.fullName())
                .put("is_mirror_dummy", false));
        log.append(tx, new MessageEvent.Reaction(add ? "add" : "remove", f), Recipients.channelMessage(store.recipientsOf(h, m.id()), false));
    }

    /** Zulip's check_emoji_request: the (name, code, type) triple of a new reaction must agree. */
    private void checkEmoji(String name, String code, String type) {
        switch (type) {
            case UNICODE -> {
                EmojiCatalog cat = EmojiCatalog.get();
                if (cat.nameForCode(code).isEmpty()) throw EmojiErrors.invalidEmojiCode();
                if (cat.codeForName(name).map(c -> !c.equals(code)).orElse(true)) throw EmojiErrors.invalidEmojiName();
            }
            case "service_extra_emoji" -> {
                if (!"zulip".equals(code)) throw EmojiErrors.invalidEmojiCode();
                if (!"zulip".equals(name)) throw EmojiErrors.invalidEmojiName();
            }
            case "realm_emoji" -> {
                var row = realmEmoji.byId(code);
                if (row.isEmpty()) throw EmojiErrors.invalidCustomEmoji();
                if (!row.get().name().equals(name)) throw EmojiErrors.invalidCustomEmojiName();
                if (row.get().deactivated()) throw EmojiErrors.customEmojiHasBeenDeactivated();
            }
            default -> throw EmojiErrors.invalidEmojiType();
        }
    }
}
