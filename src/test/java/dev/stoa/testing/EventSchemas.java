package dev.stoa.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.testing.ContractSpec.EventSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Splits the big oneOf of GET /events items into one component schema per event branch, each
 * reachable through a synthetic path, so one event can be checked against the branch(es) its
 * {@code type}/{@code op} select instead of against all of them at once.
 *
 * <p>Addendum events: a component schema with {@code x-stoa-event: {type: ..., op: ...}} is an
 * event the newer API adds; it joins the oneOf and replaces zulip.yaml's branch for that
 * type/op, if any.
 */
final class EventSchemas {
    private static final String REF = "#/components/schemas/";
    static final String MARKER = "x-stoa-event";

    private EventSchemas() {}

    static List<EventSchema> extract(ObjectNode root) {
        ObjectNode schemas = root.withObjectProperty("components").withObjectProperty("schemas");
        JsonNode items = root.at("/paths/~1events/get/responses/200/content/application~1json/schema/properties/events/items");
        if (!(items.get("oneOf") instanceof ArrayNode oneOf)) {
            throw new IllegalStateException("GET /events 200: events.items.oneOf not found");
        }
        List<EventSchema> events = new ArrayList<>();
        ArrayNode refs = oneOf.arrayNode();
        int branchIndex = 0;
        for (JsonNode branch : oneOf) {
            String name = componentFor(schemas, branch, branchIndex++);
            JsonNode schema = schemas.get(name);
            Set<String> types = ContractSpec.enumOf(schema, "type");
            Set<String> ops = ContractSpec.enumOf(schema, "op");
            if (!replacedByAddendum(schemas, types, ops)) {
                events.add(new EventSchema(events.size(), types, ops, name));
                refs.addObject().put("$ref", REF + name);
            }
        }
        for (Map.Entry<String, JsonNode> entry : schemas.properties()) {
            JsonNode marker = entry.getValue().path(MARKER);
            if (marker.isObject()) {
                Set<String> ops = marker.hasNonNull("op") ? Set.of(marker.get("op").asText()) : Set.of();
                events.add(new EventSchema(events.size(), Set.of(marker.path("type").asText()), ops, entry.getKey()));
                refs.addObject().put("$ref", REF + entry.getKey());
            }
        }
        oneOf.removeAll().addAll(refs); // GET /events itself accepts the addendum events too
        for (EventSchema event : events) {
            ObjectNode ref = root.objectNode().put("$ref", REF + event.component());
            ContractSpec.putResponse(root, ContractSpec.EVENT_PATH + event.index(), "200", ref);
        }
        return events;
    }

    /** The component name of a branch; an inline branch is moved into components first. */
    private static String componentFor(ObjectNode schemas, JsonNode branch, int index) {
        String ref = branch.path("$ref").asText("");
        if (ref.startsWith(REF)) {
            return ref.substring(REF.length());
        }
        // A readable name: failure reports cite it as the closest schema.
        String name = "XStoaEvent_" + String.join("_", ContractSpec.enumOf(branch, "type"))
                + ContractSpec.enumOf(branch, "op").stream().sorted().map(op -> "_" + op).collect(Collectors.joining())
                + "_" + index;
        schemas.set(name, branch);
        return name;
    }

    private static boolean replacedByAddendum(ObjectNode schemas, Set<String> types, Set<String> ops) {
        for (JsonNode schema : schemas) {
            JsonNode marker = schema.path(MARKER);
            if (marker.isObject() && types.contains(marker.path("type").asText())) {
                String op = marker.hasNonNull("op") ? marker.get("op").asText() : null;
                if (op == null ? ops.isEmpty() : ops.contains(op)) {
                    return true;
                }
            }
        }
        return false;
    }
}
