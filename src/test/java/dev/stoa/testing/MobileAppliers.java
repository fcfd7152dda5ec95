package dev.stoa.testing;

import static dev.stoa.testing.EventApplier.on;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** How a client applies issue 26's events: Zulip 12's devices and widget submessages (which register's state does not hold). */
final class MobileAppliers {
    private MobileAppliers() {}

    static void register() {
        on("device/add", (s, e) -> devices(s).putObject(e.get("device_id").asText()).putNull("push_key_id").putNull("push_token_id")
                .putNull("pending_push_token_id").putNull("push_token_last_updated_timestamp").putNull("push_registration_error_code"));
        on("device/remove", (s, e) -> devices(s).remove(e.get("device_id").asText()));
        on("device/update", (s, e) -> {
            ObjectNode d = (ObjectNode) devices(s).get(e.get("device_id").asText());
            if (d == null) return;
            e.properties().forEach(p -> {
                if (d.has(p.getKey())) d.set(p.getKey(), p.getValue());
            });
        });
        on("submessage", (s, e) -> {});
    }

    private static ObjectNode devices(ObjectNode s) {
        return s.has("devices") ? (ObjectNode) s.get("devices") : s.putObject("devices");
    }
}
