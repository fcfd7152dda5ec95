package dev.stoa.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.events.EventType;
import dev.stoa.events.Hints;
import dev.stoa.identity.User;
import dev.stoa.queues.Delivery;
import dev.stoa.queues.QueueSpec;
import dev.stoa.queues.ZulipNames;
import dev.stoa.realm.Realm;
import dev.stoa.users.AvatarUrls;
import dev.stoa.users.UserJson;
import dev.stoa.users.UserStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jdbi.v3.core.Handle;

/**
 * Message events in queues: a queue's narrow (register's `narrow`, the same Narrow as GET
 * /messages, evaluated by NarrowMatch) decides which new messages it receives; queues registered
 * without apply_markdown get raw Markdown.
 */
public final class MessageDelivery {
    /** Parsed queue narrows by their JSON (a few distinct ones; cleared if it ever grows large). */
    private static final Map<JsonNode, Narrow> PARSED = new ConcurrentHashMap<>();

    private MessageDelivery() {}

    public static Map<EventType, Delivery.TypeRule> rules() {
        return Map.of(EventType.TYPING_EDIT_MESSAGE, MessageDelivery::editTyping, EventType.REACTION, REACTION, EventType.MESSAGE, new Delivery.TypeRule() {
            @Override
            public boolean accepts(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
                JsonNode n = spec.narrow();
                if (n == null || n.isEmpty() || userId == null) return true;
                if (PARSED.size() > 10_000) PARSED.clear();
                return NarrowMatch.matches(PARSED.computeIfAbsent(n, Narrow::parse), e, hints, userId);
            }

            /** render reads apply_markdown and, for a Gravatar sender, whether this user may compute the avatar. */
            @Override
            public Object shareKey(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
                boolean gravatarNull = spec.clientGravatar() && userId != null && computesGravatar(hints, userId);
                return spec.applyMarkdown() ? (gravatarNull ? 1 : 2) : (gravatarNull ? 3 : 4);
            }

            @Override
            public List<ObjectNode> render(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
                if (!spec.applyMarkdown() && hints.rawContent() != null && e.get("message") instanceof ObjectNode m) {
                    m.put("content", hints.rawContent());
                    m.put("content_type", "text/x-markdown");
                }
                if (spec.clientGravatar() && userId != null && computesGravatar(hints, userId)
                        && e.get("message") instanceof ObjectNode m) {
                    m.putNull("avatar_url");
                }
                return List.of(e);
            }
        });
    }

    /** A reaction event names the extra emoji type as the queue's client reads it (ZulipNames). */
    private static final Delivery.TypeRule REACTION = new Delivery.TypeRule() {
        @Override
        public List<ObjectNode> render(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
            ZulipNames.rename(e, spec.zulipNames());
            return List.of(e);
        }

        @Override
        public Object shareKey(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
            return spec.zulipNames();
        }
    };

    /** A channel's empty topic is shown by its display name to clients without empty_topic_name, as in typing events. */
    private static List<ObjectNode> editTyping(ObjectNode e, Hints hints, QueueSpec spec, Long userId) {
        if (!spec.can("empty_topic_name") && e.get("recipient") instanceof ObjectNode r && "".equals(r.path("topic").asText(null))) {
            r.put("topic", Realm.EMPTY_TOPIC_DISPLAY_NAME);
        }
        return List.of(e);
    }

    /**
     * For a Gravatar sender, who may compute the avatar (client_gravatar queues then get avatar_url
     * null, as GET /messages answers them): those who may see the sender's real email. Everyone, or
     * only some, or for members-only visibility everyone except the guests. Null for other senders.
     * Listing users happens only for a Gravatar sender with restricted visibility.
     */
    static Hints.GravatarViewers gravatarViewers(Handle h, UserStore users, AvatarUrls avatars, long senderId) {
        User s = users.byId(h, senderId).orElse(null);
        if (s == null || !avatars.isGravatar(s)) return null;
        int vis = s.setting("email_address_visibility").asInt(UserJson.EMAIL_EVERYONE);
        if (s.isBot() || vis == UserJson.EMAIL_EVERYONE) return Hints.GravatarViewers.EVERYONE;
        boolean members = vis == UserJson.EMAIL_MEMBERS;
        List<Long> ids = new ArrayList<>();
        for (User u : users.all(h)) {
            boolean sees = UserJson.canSeeEmail(u, s);
            if (members ? !sees : sees) ids.add(u.id());
        }
        return members ? new Hints.GravatarViewers(false, null, ids) : new Hints.GravatarViewers(false, ids, null);
    }

    static boolean computesGravatar(Hints hints, long userId) {
        return hints.gravatar() != null && hints.gravatar().includes(userId);
    }

    /** Register's `narrow`: parsed as GET /messages parses it, refused where a queue cannot evaluate it; kept in the modern form. */
    public static JsonNode queueNarrow(JsonNode requested) {
        Narrow narrow = Narrow.parse(requested);
        NarrowMatch.checkForQueues(narrow);
        return narrow.toJson();
    }
}
