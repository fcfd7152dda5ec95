package dev.stoa.snippets;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stoa.http.Json;
import java.util.List;

/** A saved snippet as the API's SavedSnippet object (GET /saved_snippets, register, the saved_snippets events). */
final class SnippetJson {
    private SnippetJson() {}

    static ObjectNode of(SnippetStore.Snippet s) {
        return Json.object().put("id", s.id()).put("title", s.title()).put("content", s.content()).put("date_created", s.dateCreated());
    }

    static ArrayNode all(List<SnippetStore.Snippet> snippets) {
        ArrayNode out = Json.array();
        snippets.forEach(s -> out.add(of(s)));
        return out;
    }
}
