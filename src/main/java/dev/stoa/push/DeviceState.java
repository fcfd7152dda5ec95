package dev.stoa.push;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/** register's `devices`: the user's logged-in devices by id, with their push registration state (never the key). */
public final class DeviceState implements StateContributor {
    private final DeviceStore store;

    public DeviceState(DeviceStore store) {
        this.store = store;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("device"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        ObjectNode out = state.putObject("devices");
        if (ctx.userId() == null) return;
        for (DeviceStore.Device d : store.ofUser(ctx.h(), ctx.userId())) {
            ObjectNode o = out.putObject(String.valueOf(d.id()));
            o.put("push_key_id", d.pushKeyId()).put("push_token_id", d.pushTokenId()).put("pending_push_token_id", d.pendingPushTokenId())
                    .put("push_token_last_updated_timestamp", d.pushTokenLastUpdatedTimestamp())
                    .put("push_registration_error_code", d.pushRegistrationErrorCode());
        }
    }
}
