package dev.stoa.linkifiers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;

/** One linkifier row, in processing order. */
public record Linkifier(long id, String pattern, String urlTemplate, String exampleInput, String reverseTemplate,
                        List<String> alternativeUrlTemplates, int order) {

    /** The API's linkifier object (GET /realm/linkifiers, register, realm_linkifiers events). */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("id", id);
        o.put("pattern", pattern);
        o.put("url_template", urlTemplate);
        if (exampleInput == null) o.putNull("example_input"); else o.put("example_input", exampleInput);
        if (reverseTemplate == null) o.putNull("reverse_template"); else o.put("reverse_template", reverseTemplate);
        o.set("alternative_url_templates", Json.tree(alternativeUrlTemplates));
        return o;
    }
}
