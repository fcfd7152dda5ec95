package dev.stoa.channels;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.events.ChannelEvent;
import dev.stoa.events.EventLog;
import dev.stoa.events.Recipients;
import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.identity.User;
import dev.stoa.users.UserRules;
import java.time.Clock;
import java.util.List;

/** Channel folders: create and update; channel_folder events go to every user (folders are realm-wide). */
public final class FolderActions {
    private final Db db;
    private final EventLog log;
    private final FolderStore folders;
    private final Clock clock;
    private final ChannelJson json;

    public FolderActions(Db db, EventLog log, FolderStore folders, ChannelJson json, Clock clock) {
        this.json = json;
        this.db = db;
        this.log = log;
        this.folders = folders;
        this.clock = clock;
    }

    public static ObjectNode json(ChannelFolder f) {
        ObjectNode o = Json.object();
        o.put("id", f.id());
        o.put("name", f.name());
        o.put("description", f.description());
        o.put("rendered_description", f.renderedDescription());
        o.put("order", f.order());
        o.put("date_created", f.dateCreated());
        ChannelJson.putNullable(o, "creator_id", f.creatorId());
        o.put("is_archived", f.isArchived());
        return o;
    }

    public static ApiError nameInUse() {
        return ChannelErrors.channelFolderNameAlreadyInUse();
    }

    public long checkCreate(User caller, String name, String description) {
        UserRules.requireAdmin(caller);
        return doCreate(caller, name, description);
    }

    public long doCreate(User actor, String name, String description) {
        return db.write(tx -> {
            if (folders.byName(tx.h(), name).isPresent()) throw nameInUse();
            long id = folders.insert(tx.h(), name, description, json.renderDescription(description), clock.instant().getEpochSecond(), actor.id());
            log.append(tx, new ChannelEvent.FolderAdd(json(folders.byId(tx.h(), id).orElseThrow())), Recipients.all());
            return id;
        });
    }

    public void checkUpdate(User caller, long folderId, String name, String description, Boolean archived) {
        UserRules.requireAdmin(caller);
        doUpdate(folderId, name, description, archived);
    }

    /** Applies the given changes (null: unchanged) and sends one update with the changed fields. */
    public void doUpdate(long folderId, String name, String description, Boolean archived) {
        db.write(tx -> {
            ChannelFolder f = folders.byId(tx.h(), folderId).orElseThrow(() -> ChannelErrors.invalidChannelFolderId());
            ObjectNode data = Json.object();
            if (name != null && !name.equals(f.name())) {
                var other = folders.byName(tx.h(), name);
                if (other.isPresent() && other.get().id() != folderId) throw nameInUse();
                data.put("name", name);
            }
            if (description != null && !description.equals(f.description())) {
                data.put("description", description);
                data.put("rendered_description", json.renderDescription(description));
            }
            if (archived != null && archived != f.isArchived()) data.put("is_archived", archived);
            if (data.isEmpty()) return null;
            ChannelFolder updated = new ChannelFolder(f.id(), data.path("name").asText(f.name()),
                    data.path("description").asText(f.description()), data.path("rendered_description").asText(f.renderedDescription()),
                    f.order(), f.dateCreated(), f.creatorId(), data.path("is_archived").asBoolean(f.isArchived()));
            folders.update(tx.h(), updated);
            log.append(tx, new ChannelEvent.FolderUpdate(folderId, data), Recipients.all());
            return null;
        });
    }

    public void checkReorder(User caller, List<Long> order) {
        UserRules.requireAdmin(caller);
        doReorder(order);
    }

    /** Reorders every folder; `order` must name each folder exactly once. */
    public void doReorder(List<Long> order) {
        db.write(tx -> {
            var ids = folders.all(tx.h()).stream().map(ChannelFolder::id).sorted().toList();
            if (!ids.equals(order.stream().sorted().toList())) throw ChannelErrors.invalidOrderMapping();
            for (int i = 0; i < order.size(); i++) folders.setOrder(tx.h(), order.get(i), i);
            log.append(tx, new ChannelEvent.FolderReorder(order), Recipients.all());
            return null;
        });
    }
}
