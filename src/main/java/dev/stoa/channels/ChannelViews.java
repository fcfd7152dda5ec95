package dev.stoa.channels;

import dev.stoa.http.ApiError;
import dev.stoa.http.Json;
import dev.stoa.http.Request;
import java.util.List;

/** POST /channels/create and DELETE /streams/{id} (archive). PATCH is {@link ChannelUpdateViews}. */
public final class ChannelViews {
    private final ChannelActions actions;
    private final ChannelUpdateActions updates;

    public ChannelViews(ChannelActions actions, ChannelUpdateActions updates) {
        this.actions = actions;
        this.updates = updates;
    }

    public Object create(Request req) {
        String name = ChannelParams.name(req.str("name"));
        List<Long> subscribers = req.longList("subscribers");
        if (subscribers == null) throw ApiError.missing("subscribers");
        String description = ChannelParams.description(req.str("description", ""));
        var in = new ChannelActions.CreateInput(name, description, ChannelCreateRules.parse(req), subscribers, req.bool("announce", false));
        return Json.success().put("id", actions.checkCreate(req.user(), in));
    }

    public Object archive(Request req) {
        updates.checkArchive(req.user(), req.pathLong("stream_id"));
        return Json.success();
    }
}
