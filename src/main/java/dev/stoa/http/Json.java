package dev.stoa.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one ObjectMapper; records serialize with snake_case names as Zulip's wire format uses. */
public final class Json {
    /**
     * Jackson's buffers come from a shared pool, not its default per-thread one: per thread, every
     * virtual thread that read or wrote JSON kept its own char[] and byte[] buffers (~8 KB) for as
     * long as it lived, which a parked long-poll does for up to 90 s (5,000 polls: ~40 MB).
     */
    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder().recyclerPool(JsonRecyclerPools.sharedBoundedPool()).build())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private Json() {}

    public static ObjectNode object() { return MAPPER.createObjectNode(); }
    public static ArrayNode array() { return MAPPER.createArrayNode(); }

    public static JsonNode tree(Object value) { return MAPPER.valueToTree(value); }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses JSON text, or returns null when it is not valid JSON. */
    public static JsonNode parseOrNull(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final java.util.concurrent.ConcurrentHashMap<String, ObjectNode> PARSED = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A stored JSON object (a row's settings), parsed once per distinct text: rows mostly share a few texts, and
     * parsing them was most of the cost of reading every channel or user (GET /messages, register). A copy each
     * time, so callers own what they get. Bounded (memory): past 1,024 distinct texts it starts over.
     */
    public static ObjectNode parseStoredObject(String text) {
        ObjectNode parsed = PARSED.get(text);
        if (parsed == null) {
            parsed = (ObjectNode) parse(text);
            if (PARSED.size() >= 1024) PARSED.clear();
            PARSED.put(text, parsed);
        }
        return parsed.deepCopy();
    }

    public static ObjectNode success() {
        ObjectNode n = object();
        n.put("result", "success");
        n.put("msg", "");
        return n;
    }
}
