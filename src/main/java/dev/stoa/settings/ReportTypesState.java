package dev.stoa.settings;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.config.ExtrasConfig;
import dev.stoa.http.Json;
import dev.stoa.queues.StateContributor;
import java.util.List;
import java.util.Set;

/** register's server_report_message_types: the server's configured list (--report-message-types). */
public final class ReportTypesState implements StateContributor {
    private final ArrayNode types;

    public ReportTypesState(List<ExtrasConfig.ReportType> configured) {
        types = Json.array();
        configured.forEach(t -> types.add(Json.object().put("key", t.key()).put("name", t.name())));
    }

    @Override
    public Set<String> eventTypes() { return Set.of("realm"); }

    @Override
    public void fetch(Context ctx, ObjectNode state) {
        state.set("server_report_message_types", types.deepCopy());
    }
}
