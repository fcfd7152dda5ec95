package dev.stoa.calls;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's has_meeting_token and has_zoom_token: whether the user holds the configured provider's token. */
public final class CallState implements StateContributor {
    private final MeetingProvider provider;
    private final CallStore store;

    public CallState(MeetingProvider provider, CallStore store) {
        this.provider = provider;
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("video_calls", "has_meeting_token", "has_zoom_token"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        boolean has = ctx.userId() != null && provider != null && provider.needsToken()
                && store.token(ctx.h(), ctx.userId(), provider.key()).isPresent();
        state.put("has_meeting_token", has);
        state.put("has_zoom_token", has && "zoom".equals(provider.key()));
    }
}
