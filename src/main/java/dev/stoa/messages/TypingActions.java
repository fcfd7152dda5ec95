package dev.stoa.messages;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.channels.SubscriptionStore;
import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.MessageEvent;
import dev.stoa.events.Recipients;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/** POST /typing: the recipients are checked and the typing event appended in one transaction. */
public final class TypingActions {
    private final Db db;
    private final EventLog log;
    private final UserStore users;
    private final UserJson userJson;
    private final SubscriptionStore subs;
    private final Access access;

    public TypingActions(Db db, EventLog log, UserStore users, UserJson userJson, SubscriptionStore subs, Access access) {
        this.db = db;
        this.log = log;
        this.users = users;
        this.userJson = userJson;
        this.subs = subs;
        this.access = access;
    }

    /** Parsed: op start or stop; a direct notification names `to` (non-empty), a channel one its channel and topic. */
    public record TypingInput(String op, boolean direct, List<Long> to, long channelId, String topic) {}

    public void checkTyping(User me, TypingInput in) {
        db.write(tx -> {
            Handle h = tx.h();
            ObjectNode f = Json.object();
            f.set("sender", Json.object().put("user_id", me.id()).put("email", userJson.apiEmail(me)));
            List<Long> recipients = new ArrayList<>();
            if (in.direct()) {
                f.put("message_type", "direct");
                ArrayNode rec = f.putArray("recipients");
                Set<Long> all = new LinkedHashSet<>(in.to());
                all.add(me.id());
                for (long u : all) {
                    User x = users.byId(h, u).orElseThrow(() -> MessageErrors.invalidRecipient(u));
                    rec.addObject().put("user_id", x.id()).put("email", userJson.apiEmail(x));
                    recipients.add(x.id());
                }
            } else {
                f.put("message_type", "stream");
                f.put("stream_id", in.channelId());
                f.put("topic", in.topic());
                if (!access.view(h, me).canSee(in.channelId())) throw CommonErrors.invalidChannelId();
                recipients.addAll(subs.subscribers(h, in.channelId()));
            }
            log.appendEphemeral(tx, new MessageEvent.Typing(in.op(), f), Recipients.users(recipients));
            return null;
        });
    }
}
