package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.db.Tx;
import dev.stoa.emoji.RealmEmoji;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
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

    /** The request, parsed: emoji_code may be null (looked up from the name); reaction_type as sent (its Zulip alias mapped). */
    public record ReactionInput(long messageId, String emojiName, String emojiCode, String reactionType) {}

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
            String code = resolveEmoji(in.emojiName(), in.emojiCode(), in.reactionType(), add);
            doReaction(tx, me, m, new MessageStore.Reaction(m.id(), me.id(), in.emojiName(), code, in.reactionType()), add);
            return null;
        });
    }

    /** Writes the reaction (checked by the caller) and appends its event to everyone with the message. */
    void doReaction(Tx tx, User me, Message m, MessageStore.Reaction r, boolean add) {
        Handle h = tx.h();
        if (add) {
            if (!store.addReaction(h, r)) throw ApiError.of(ErrorCode.REACTION_ALREADY_EXISTS, "Reaction already exists.");
        } else {
            if (store.findReaction(h, r.messageId(), r.userId(), r.reactionType(), r.emojiCode()).isEmpty()) {
                throw ApiError.of(ErrorCode.REACTION_DOES_NOT_EXIST, "Reaction doesn't exist.");
            }
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

    /**
     * The emoji code for a reaction: from the name when no code is given (a realm emoji of that name
     * first, as in Zulip), else the code checked against the name. Custom emoji codes are their ids;
     * a deactivated one may still be removed.
     */
    private String resolveEmoji(String name, String code, String type, boolean add) {
        switch (type) {
            case "unicode_emoji" -> {
                EmojiCatalog cat = EmojiCatalog.get();
                if (code == null) return cat.codeForName(name).orElseThrow(() -> ApiError.bad("Emoji '" + name + "' does not exist"));
                if (cat.nameForCode(code).isEmpty()) throw ApiError.bad("Invalid emoji code.");
                if (add && cat.codeForName(name).map(c -> !c.equals(code)).orElse(true)) throw ApiError.bad("Invalid emoji name.");
                return code;
            }
            case "service_extra_emoji" -> {
                if (!"zulip".equals(name) || (code != null && !"zulip".equals(code))) throw ApiError.bad("Invalid emoji code.");
                return "zulip";
            }
            case "realm_emoji" -> {
                var row = code == null ? realmEmoji.activeRow(name) : realmEmoji.byId(code);
                if (row.isEmpty() || (add && row.get().deactivated())) throw ApiError.bad("Invalid custom emoji.");
                if (!row.get().name().equals(name)) throw ApiError.bad("Invalid custom emoji name.");
                return String.valueOf(row.get().id());
            }
            default -> throw ApiError.bad("Invalid reaction_type");
        }
    }
}
