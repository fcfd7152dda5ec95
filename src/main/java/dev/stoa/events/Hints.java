package dev.stoa.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What an action tells delivery about an event beside its wire JSON: never sent to a client. The
 * action knows these facts while it writes (who has which flags, the raw Markdown, whether the
 * channel is archived); delivery's capability rules ({@code queues.Delivery} and each feature's
 * rules) read them to render the event per queue. Stored in the events table's {@code hints}
 * column (V91), so a queue behind the in-memory window or polling after a restart renders the same.
 *
 * @param perUser      per-recipient parts merged on top of the payload for that recipient (message flags)
 * @param rawContent   a new message's Markdown, for queues without apply_markdown
 * @param gravatar     who may compute a Gravatar sender's avatar (client_gravatar queues get avatar_url null)
 * @param narrowFacts  what a queue's narrow tests beyond the message dict: public, web_public, link, attachment, image
 * @param echo         the sending client's queue and local id (local echo: only that queue gets local_message_id)
 * @param archived     the event concerns an archived channel (dropped for clients without archived_channels)
 * @param stream       the channel's full object, for clients without archived_channels when it is unarchived
 * @param resolved     subscription add's subscriptions with notification settings resolved (no notification_settings_null)
 * @param archivedIds  the archived channels among a subscription add's (hidden without archived_channels)
 * @param legacyOnly   only clients without archived_channels need the event (they forgot the channel)
 * @param deactivated  the event concerns a deactivated group (dropped without include_deactivated_groups)
 * @param group        a reactivated group's full object (an add event without include_deactivated_groups)
 * @param presence     a presence event's two forms (simplified_presence_events or not)
 * @param realmEmoji   the whole realm_emoji dict after the change (op update without individual_emoji_changes)
 * @param placeholder  realm_user add of a stand-in for a user the recipient may not see
 * @param splitFirstId the first of the ids an entry's parts take, but the last, when split (delete_message)
 */
public record Hints(Map<Long, ObjectNode> perUser, String rawContent, GravatarViewers gravatar, Set<String> narrowFacts, Echo echo,
                    boolean archived, ObjectNode stream, ArrayNode resolved, List<Long> archivedIds, boolean legacyOnly,
                    boolean deactivated, ObjectNode group, PresenceForms presence, ObjectNode realmEmoji, boolean placeholder,
                    long splitFirstId) {
    public static final Hints NONE = new Hints(null, null, null, null, null, false, null, null, null, false, false, null, null, null, false, 0);

    /** The sending client's queue and the local id it gave the message. */
    public record Echo(String queueId, String localId) {}

    /** A presence event in both forms; Delivery picks one per queue. */
    public record PresenceForms(ObjectNode modern, ObjectNode legacy) {}

    /** Who may compute a Gravatar sender's avatar: everyone, only these users, or everyone except these. */
    public record GravatarViewers(boolean everyone, List<Long> only, List<Long> except) {
        public static final GravatarViewers EVERYONE = new GravatarViewers(true, null, null);

        public boolean includes(long userId) {
            if (everyone) return true;
            if (only != null) return only.contains(userId);
            return except != null && !except.contains(userId);
        }
    }

    public Hints withPerUser(Map<Long, ObjectNode> v) { return new Hints(v, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withRawContent(String v) { return new Hints(perUser, v, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withGravatar(GravatarViewers v) { return new Hints(perUser, rawContent, v, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withNarrowFacts(Set<String> v) { return new Hints(perUser, rawContent, gravatar, v, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withEcho(Echo v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, v, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withArchived(boolean v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, v, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withStream(ObjectNode v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, v, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withResolved(ArrayNode v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, v, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withArchivedIds(List<Long> v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, v, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withLegacyOnly(boolean v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, v, deactivated, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withDeactivated(boolean v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, v, group, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withGroup(ObjectNode v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, v, presence, realmEmoji, placeholder, splitFirstId); }
    public Hints withPresence(PresenceForms v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, v, realmEmoji, placeholder, splitFirstId); }
    public Hints withRealmEmoji(ObjectNode v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, v, placeholder, splitFirstId); }
    public Hints withPlaceholder(boolean v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, v, splitFirstId); }
    public Hints withSplitFirstId(long v) { return new Hints(perUser, rawContent, gravatar, narrowFacts, echo, archived, stream, resolved, archivedIds, legacyOnly, deactivated, group, presence, realmEmoji, placeholder, v); }

    /** This recipient's part (null: none, or a spectator). */
    public ObjectNode perUser(Long userId) {
        return perUser == null || userId == null ? null : perUser.get(userId);
    }

    public boolean hasNarrowFact(String fact) {
        return narrowFacts != null && narrowFacts.contains(fact);
    }

    /** Only what is set: false, 0 and null are left out, so most events store nothing. */
    private static final ObjectMapper STORED = Json.MAPPER.copy().setDefaultPropertyInclusion(JsonInclude.Include.NON_DEFAULT);

    /** The stored form; null when nothing is set. */
    public static String write(Hints h) {
        return h == null || h.equals(NONE) ? null : writeSet(h);
    }

    private static String writeSet(Hints h) {
        try {
            return STORED.writeValueAsString(h);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Hints read(JsonNode stored) {
        if (stored == null || stored.isNull() || stored.isEmpty()) return NONE;
        return STORED.convertValue(stored, Hints.class);
    }

    public static Hints read(String stored) {
        return stored == null ? NONE : read(Json.parse(stored));
    }

    /**
     * An entry appended before hints had their own column (V91) kept them in its payload under
     * "__" keys: they are taken out of the payload here, which is then as a newer entry's.
     */
    public static Hints takeLegacy(ObjectNode payload) {
        Hints h = NONE;
        if (payload.get("person") instanceof ObjectNode person && person.remove("__placeholder") != null) h = h.withPlaceholder(true);
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = payload.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (k.startsWith("__")) keys.add(k);
        }
        for (String k : keys) h = legacy(h, k, payload.remove(k));
        return h;
    }

    private static Hints legacy(Hints h, String key, JsonNode v) {
        return switch (key) {
            case "__per_user" -> {
                Map<Long, ObjectNode> m = new LinkedHashMap<>();
                v.properties().forEach(f -> m.put(Long.parseLong(f.getKey()), (ObjectNode) f.getValue()));
                yield h.withPerUser(m);
            }
            case "__raw_content" -> h.withRawContent(v.asText());
            case "__gravatar" -> h.withGravatar(v.isTextual() ? GravatarViewers.EVERYONE
                    : new GravatarViewers(false, v.has("only") ? ids(v.get("only")) : null, v.has("except") ? ids(v.get("except")) : null));
            case "__narrow" -> {
                Set<String> facts = new TreeSet<>();
                v.properties().forEach(f -> { if (f.getValue().asBoolean(false)) facts.add(f.getKey()); });
                yield h.withNarrowFacts(facts);
            }
            case "__sender_queue_id" -> h.withEcho(new Echo(v.asText(), h.echo() == null ? null : h.echo().localId()));
            case "__local_id" -> h.withEcho(new Echo(h.echo() == null ? null : h.echo().queueId(), v.asText()));
            case "__archived" -> h.withArchived(v.asBoolean(false));
            case "__stream" -> h.withStream((ObjectNode) v);
            case "__resolved" -> h.withResolved((ArrayNode) v);
            case "__archived_ids" -> h.withArchivedIds(ids(v));
            case "__legacy_only" -> h.withLegacyOnly(v.asBoolean(false));
            case "__deactivated" -> h.withDeactivated(v.asBoolean(false));
            case "__group" -> h.withGroup((ObjectNode) v);
            case "__modern" -> h.withPresence(new PresenceForms((ObjectNode) v, h.presence() == null ? null : h.presence().legacy()));
            case "__legacy" -> h.withPresence(new PresenceForms(h.presence() == null ? null : h.presence().modern(), (ObjectNode) v));
            case "__realm_emoji" -> h.withRealmEmoji((ObjectNode) v);
            case "__split_first_id" -> h.withSplitFirstId(v.asLong());
            default -> h; // no other key was ever written; a stray one is dropped, as Delivery stripped every "__" key
        };
    }

    private static List<Long> ids(JsonNode a) {
        List<Long> out = new ArrayList<>();
        for (JsonNode id : a) out.add(id.asLong());
        return out;
    }
}
