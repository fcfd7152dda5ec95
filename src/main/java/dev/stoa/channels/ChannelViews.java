package dev.stoa.channels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.db.Db;
import dev.stoa.http.ApiError;
import dev.stoa.http.ErrorCode;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import dev.stoa.identity.User;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** POST /channels/create and DELETE /streams/{id} (archive). PATCH is {@link ChannelUpdateViews}. */
public final class ChannelViews {
    private final Db db;
    private final ChannelStore channels;
    private final ChannelAccess access;
    private final ChannelActions actions;
    private final ChannelUpdateActions updates;
    private final ChannelCreateRules rules;

    public ChannelViews(Db db, ChannelStore channels, ChannelAccess access, ChannelActions actions, ChannelUpdateActions updates,
                        ChannelCreateRules rules) {
        this.db = db;
        this.channels = channels;
        this.access = access;
        this.actions = actions;
        this.updates = updates;
        this.rules = rules;
    }

    public Object create(Request req) {
        User me = req.user();
        String name = ChannelParams.name(req.str("name"));
        List<Long> subscribers = req.longList("subscribers");
        if (subscribers == null) throw ApiError.missing("subscribers");
        ChannelActions.NewChannel spec = rules.spec(req, me, name, ChannelParams.description(req.str("description", "")));
        boolean announce = req.bool("announce", false);
        var result = db.read(h -> {
            if (channels.byName(h, name).isPresent()) throw ChannelActions.channelExists(name);
            rules.checkCanCreate(h, me, spec.inviteOnly(), spec.isWebPublic());
            rules.checkSubscribers(h, me, subscribers);
            return null;
        });
        var r = actions.doSubscribe(me, List.of(spec), List.of(), List.copyOf(new LinkedHashSet<>(subscribers)));
        if (announce) rules.announce(me, r.created());
        return Json.success().put("id", r.created().getFirst());
    }

    public Object archive(Request req) {
        User me = req.user();
        long id = req.pathLong("stream_id");
        db.read(h -> {
            Channel c = access.visible(h, me, id);
            if (!access.canAdminister(h, me, c)) throw ApiError.bad("You do not have permission to administer this channel.");
            return c;
        });
        updates.doArchive(id);
        return Json.success();
    }
}
