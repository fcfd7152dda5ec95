package dev.stoa.emoji;

import dev.stoa.db.Db;
import dev.stoa.events.EventLog;
import dev.stoa.events.LogFollower;
import dev.stoa.events.CachedTable;
import dev.stoa.events.RowsChanged;
import dev.stoa.markdown.MarkdownContext.CustomEmoji;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The realm's custom emoji in memory, for rendering (:name:) and reaction validation
 * (reaction_type realm_emoji, emoji_code = id). Reloaded when the log publishes a change of the
 * realm_emoji table ({@link RowsChanged}), so a lookup is a map access.
 */
public final class RealmEmoji extends LogFollower {
    private record Snapshot(Map<String, EmojiRow> activeByName, Map<String, EmojiRow> byId) {}

    private final Db db;
    private final EmojiStore store;
    private volatile Snapshot snapshot;

    public RealmEmoji(Db db, EmojiStore store, EventLog log) {
        super(log, Set.of(CachedTable.REALM_EMOJI));
        this.db = db;
        this.store = store;
        reload();
    }

    @Override
    protected void changed(List<RowsChanged.Seen> changes, long head) {
        reload();
    }

    private void reload() {
        List<EmojiRow> rows = db.read(store::all);
        Map<String, EmojiRow> byName = new HashMap<>(), byId = new HashMap<>();
        for (EmojiRow r : rows) {
            byId.put(String.valueOf(r.id()), r);
            if (!r.deactivated()) byName.put(r.name(), r);
        }
        snapshot = new Snapshot(Map.copyOf(byName), Map.copyOf(byId));
    }

    private Snapshot current() {
        follow();
        return snapshot;
    }

    /** An active custom emoji by name, as the renderer wants it. */
    public Optional<CustomEmoji> byName(String name) {
        return activeRow(name).map(RealmEmoji::custom);
    }

    /** An active custom emoji row by name. */
    public Optional<EmojiRow> activeRow(String name) {
        return Optional.ofNullable(current().activeByName().get(name));
    }

    /** Any custom emoji by id, deactivated included (check {@link EmojiRow#deactivated()}: Zulip rejects new reactions with it). */
    public Optional<EmojiRow> byId(String id) {
        return Optional.ofNullable(current().byId().get(id));
    }

    static CustomEmoji custom(EmojiRow r) {
        return new CustomEmoji(String.valueOf(r.id()), r.name(), r.sourceUrl(), r.stillUrl());
    }
}
