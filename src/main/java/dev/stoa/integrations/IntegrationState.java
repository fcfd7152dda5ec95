package dev.stoa.integrations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.Set;

/**
 * register's realm_incoming_webhook_bots: every integration this server serves, with its event types
 * (null when it does not filter), config_options (key, label, validator) and url_options (key, label,
 * input_type, as the seed describes them). Fixed by the code, so no event ever changes it.
 */
public final class IntegrationState implements StateContributor {
    private final ArrayNode descriptors;

    public IntegrationState(Integrations integrations) {
        this.descriptors = Json.array();
        for (Integration i : integrations.all()) descriptors.add(descriptor(i));
    }

    static ObjectNode descriptor(Integration i) {
        ObjectNode d = Json.object().put("name", i.name()).put("display_name", i.displayName());
        d.set("all_event_types", i.allEventTypes() == null ? Json.MAPPER.nullNode() : Json.tree(i.allEventTypes()));
        ArrayNode config = d.putArray("config_options");
        for (Integration.Option o : i.configOptions()) config.addObject().put("key", o.key()).put("label", o.label()).put("validator", o.validator());
        ArrayNode url = d.putArray("url_options");
        for (Integration.UrlOption o : i.urlOptions()) url.addObject().put("key", o.key()).put("label", o.label()).put("input_type", o.inputType());
        return d;
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm_incoming_webhook_bots"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("realm_incoming_webhook_bots", descriptors.deepCopy());
    }
}
