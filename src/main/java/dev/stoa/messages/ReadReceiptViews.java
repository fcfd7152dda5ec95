package dev.stoa.messages;

import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import dev.stoa.realm.RealmHolder;
import dev.stoa.users.UserStore;
import java.util.Collection;
import java.util.List;
import java.util.function.BiFunction;
import org.jdbi.v3.core.Handle;

/**
 * GET /messages/{id}/read_receipts, with Zulip's rules: the realm must enable read receipts; the
 * list holds active users (bots included) who marked the message read and share read receipts
 * (`send_read_receipts`), never the sender, nor anyone the caller muted or who muted the caller.
 */
public final class ReadReceiptViews {
    private final Db db;
    private final MessageStore store;
    private final Access access;
    private final UserStore users;
    private final RealmHolder realm;
    /** Users the given user muted, and users who muted the given user (the topics feature's table). */
    private final BiFunction<Handle, Long, Collection<Long>> mutingEitherWay;

    public ReadReceiptViews(Db db, MessageStore store, Access access, UserStore users, RealmHolder realm,
                            BiFunction<Handle, Long, Collection<Long>> mutingEitherWay) {
        this.db = db;
        this.store = store;
        this.access = access;
        this.users = users;
        this.realm = realm;
        this.mutingEitherWay = mutingEitherWay;
    }

    public Object get(Request req) {
        User me = req.user();
        long id = req.pathLong("message_id");
        return db.read(h -> {
            Message m = MessageRules.readable(h, store, access, me, id);
            if (!realm.get().get("enable_read_receipts").asBoolean(false)) {
                throw ApiError.bad("Read receipts are disabled in this organization.");
            }
            Collection<Long> hidden = mutingEitherWay.apply(h, me.id());
            List<Long> ids = users.byIds(h, store.readerIds(h, m.id())).stream()
                    .filter(u -> u.isActive() && u.id() != m.senderId() && !hidden.contains(u.id()))
                    .filter(u -> u.setting("send_read_receipts").asBoolean(true))
                    .map(User::id).sorted().toList();
            return Json.success().set("user_ids", Json.tree(ids));
        });
    }
}
