package dev.stoa.navigation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;

/** A navigation view as the API's NavigationView: no `name` on built-in views. */
final class NavigationJson {
    private NavigationJson() {}

    static ObjectNode of(NavigationStore.View v) {
        ObjectNode o = Json.object().put("fragment", v.fragment()).put("is_pinned", v.pinned());
        if (v.name() != null) o.put("name", v.name());
        return o;
    }

    static ArrayNode all(List<NavigationStore.View> views) {
        ArrayNode out = Json.array();
        views.forEach(v -> out.add(of(v)));
        return out;
    }
}
